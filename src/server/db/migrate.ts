import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import { loadMigrations, type Migration } from './migration-files';

/**
 * Applies the generated migrations (./migration-files.ts) the same way on PGlite and
 * PostgreSQL, and records them where and as drizzle-orm's migrator does
 * (`drizzle.__drizzle_migrations`: the file's hash, and the journal's `when` as created_at),
 * so `drizzle-kit migrate` and this runner agree about what a database has. Unlike that
 * migrator it takes an advisory lock first (two processes starting at once must not both
 * migrate), runs each file in one round trip, and recognises databases made before drizzle-kit.
 */

/** What the runner needs from a driver: one transaction in which to read rows and run SQL. */
export interface MigrationTarget {
	transaction(work: (tx: SqlRunner) => Promise<void>): Promise<void>;
}
export interface SqlRunner {
	rows<T>(sql: string): Promise<T[]>;
	/** Several statements at once (the simple query protocol). */
	exec(sql: string): Promise<void>;
}

export function pgliteTarget(client: PGlite): MigrationTarget {
	return {
		transaction: (work) =>
			client.transaction((tx) =>
				work({
					rows: async <T>(sql: string) => (await tx.query<T>(sql)).rows,
					exec: async (sql) => {
						await tx.exec(sql);
					},
				}),
			),
	};
}

export function postgresTarget(client: Sql): MigrationTarget {
	return {
		// postgres-js pins one pooled connection for the whole of sql.begin.
		transaction: async (work) => {
			await client.begin((tx) =>
				work({
					rows: async <T>(sql: string) => [...(await tx.unsafe(sql))] as T[],
					exec: async (sql) => {
						await tx.unsafe(sql);
					},
				}),
			);
		},
	};
}

/** The key every version of the runner locks on, the hand-written one's included. */
const LOCK_KEY = 727274;

/**
 * Databases created before drizzle-kit recorded their migrations in `schema_migrations`, by
 * these ids. The generated migrations up to `upTo` build exactly that schema and seed data
 * (tests/integration/db/legacy-upgrade.test.ts compares the two through pg_catalog), so on
 * such a database they are marked applied without running, and only later ones run.
 */
const LEGACY = {
	ids: [
		'0100_football',
		'0200_auth',
		'0300_live_events',
		'0301_live_replays',
		'0400_payments',
		'0401_streams',
	],
	upTo: '0001_seed_plans_streams',
};

/**
 * Brings the database up to the committed migrations, all pending ones in one transaction
 * (a failure leaves the database as it was). Safe to call at every start.
 */
export async function runMigrations(
	target: MigrationTarget,
	migrations: readonly Migration[] = loadMigrations(),
): Promise<void> {
	await target.transaction(async (tx) => {
		await tx.exec(`SELECT pg_advisory_xact_lock(${LOCK_KEY});
			CREATE SCHEMA IF NOT EXISTS drizzle;
			CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
				id SERIAL PRIMARY KEY,
				hash text NOT NULL,
				created_at bigint
			);`);
		const [last] = await tx.rows<{ created_at: string | number }>(
			'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
		);
		let appliedUpTo = last ? Number(last.created_at) : undefined;
		if (appliedUpTo === undefined) {
			const legacy = await legacyIds(tx);
			if (legacy) {
				const baseline = adoptLegacy(legacy, migrations);
				await tx.exec(baseline.map(record).join('\n'));
				appliedUpTo = baseline.at(-1)?.when;
			}
		}
		for (const m of migrations) {
			if (appliedUpTo !== undefined && m.when <= appliedUpTo) continue;
			await tx.exec(`${m.sql}\n;${record(m)}`);
		}
	});
}

function record(m: Migration): string {
	// Both values are ours (a hex digest, the journal's integer), checked rather than quoted.
	if (!/^[0-9a-f]{64}$/.test(m.hash) || !Number.isSafeInteger(m.when))
		throw new Error(`Bad migration ${m.tag}`);
	return `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${m.hash}', ${m.when});`;
}

/** The ids in the hand-written runner's table, or undefined when the database never had one. */
async function legacyIds(tx: SqlRunner): Promise<string[] | undefined> {
	const [found] = await tx.rows<{ present: boolean }>(
		`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present`,
	);
	if (!found?.present) return undefined;
	return (await tx.rows<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).map(
		(r) => r.id,
	);
}

/**
 * The migrations a database made by the hand-written ones already has. Only the exact set
 * the last hand-written release shipped is recognised: with any other, guessing would run
 * CREATE TABLE on existing tables or skip missing ones. `schema_migrations` itself is left
 * alone, so that release can still start on the database while no newer migration has run.
 */
function adoptLegacy(ids: string[], migrations: readonly Migration[]): Migration[] {
	const missing = LEGACY.ids.filter((id) => !ids.includes(id));
	const unknown = ids.filter((id) => !LEGACY.ids.includes(id));
	if (missing.length > 0 || unknown.length > 0) {
		throw new Error(
			'The database was migrated by hand-written migrations this release does not recognise ' +
				`(missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'}). ` +
				'Start the last release before drizzle-kit on it first, or restore a backup.',
		);
	}
	const end = migrations.findIndex((m) => m.tag === LEGACY.upTo);
	if (end < 0) throw new Error(`The baseline migration ${LEGACY.upTo} is not among the migrations`);
	return migrations.slice(0, end + 1);
}
