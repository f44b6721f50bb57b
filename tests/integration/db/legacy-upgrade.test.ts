import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db/client';
import {
	pgliteTarget,
	postgresTarget,
	runMigrations,
	type MigrationTarget,
} from '~/server/db/migrate';
import { loadMigrations, type Migration } from '~/server/db/migration-files';
import { describeSchema, type Query } from '../../helpers/db-schema';

/**
 * A database created by the hand-written migrations (the frozen copy in tests/fixtures/db)
 * is upgraded by the generated ones without losing a row, and ends up with exactly the schema
 * a fresh database gets. On a PGlite folder always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const LEGACY_SQL = readFileSync(
	new URL('../../fixtures/db/legacy-schema.sql', import.meta.url),
	'utf8',
);
const USER = '6f1c1f3e-4a52-4f7e-9a43-0b7d0c1e2f30';

/** Rows of every kind the site writes, as the old release would have written them. */
const SAMPLE_ROWS = `
INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
	VALUES ('${USER}', 'fan@example.com', 'Fan', 'argon2-hash', now(), now());
INSERT INTO auth_sessions (id, user_id, created_at, expires_at, last_used_at)
	VALUES ('s1', '${USER}', now(), now() + interval '1 day', now());
INSERT INTO competitions (code, slug, name, type, area_code, area_name, time_zone)
	VALUES ('PL', 'premier-league', 'Premier League', 'league', 'ENG', 'England', 'Europe/London');
INSERT INTO seasons (competition_id, label, name) VALUES (1, '2024/25', 'Premier League 2024/25');
INSERT INTO teams (key, slug, name, short_name, colour_primary, colour_secondary)
	VALUES ('ars', 'arsenal', 'Arsenal FC', 'Arsenal', '#f00', '#fff'),
		('che', 'chelsea', 'Chelsea FC', 'Chelsea', '#00f', '#fff');
INSERT INTO matches (season_id, source_key, round, stage, home_team_id, away_team_id, kickoff_at, status, ft_home, ft_away)
	VALUES (1, 'm1', 'Matchday 1', 'regular', 1, 2, '2024-08-17T14:00:00Z', 'finished', 2, 1);
INSERT INTO live_events (match_id, kind, payload) VALUES ('1', 'goal', '{"minute": 12}');
INSERT INTO checkouts (id, user_id, plan_id, currency, amount, provider, created_at, updated_at, expires_at)
	VALUES ('c1', '${USER}', 'premium-monthly', 'EUR', 999, 'sandbox', now(), now(), now() + interval '1 hour');
`;

interface Engine {
	/** Runs SQL (several statements) on the database outside the app's code. */
	exec(sql: string): Promise<void>;
	query: Query;
	/** The app's own way in: the migrations runner's target, or the whole openDatabase. */
	target(): MigrationTarget;
	open(): Promise<DbHandle>;
	/** A fresh database of the same engine, migrated by the app from nothing. */
	fresh(): Promise<{ query: Query; close: () => Promise<void> }>;
	close(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
	const dir = mkdtempSync(join(tmpdir(), 'legacy-pglite-'));
	const client = new PGlite(dir);
	let open: DbHandle | undefined;
	return {
		exec: async (sql) => {
			await client.exec(sql);
		},
		query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
		target: () => pgliteTarget(client),
		// One PGlite per folder at a time: the app's instance replaces the test's.
		open: async () => {
			await client.close();
			open = await openDatabase(dir);
			return open;
		},
		fresh: async () => {
			const handle = await openDatabase('memory://');
			return { query: handleQuery(handle), close: () => handle.close() };
		},
		close: async () => {
			await (open ? open.close() : client.close()).catch(() => {});
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

async function postgresEngine(base: string): Promise<Engine> {
	const admin = postgres(base, { max: 1, onnotice: () => {} });
	const created: string[] = [];
	async function scratch(): Promise<string> {
		const name = `legacy_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
		await admin.unsafe(`CREATE DATABASE ${name}`);
		created.push(name);
		const url = new URL(base);
		url.pathname = `/${name}`;
		return url.href;
	}
	const url = await scratch();
	const client = postgres(url, { max: 2, onnotice: () => {} });
	const handles: DbHandle[] = [];
	return {
		exec: async (sql) => {
			await client.unsafe(sql);
		},
		query: async (sql) => [...(await client.unsafe(sql))] as Record<string, unknown>[],
		target: () => postgresTarget(client),
		open: async () => {
			const handle = await openDatabase(url);
			handles.push(handle);
			return handle;
		},
		fresh: async () => {
			const handle = await openDatabase(await scratch());
			handles.push(handle);
			return { query: handleQuery(handle), close: async () => {} };
		},
		close: async () => {
			for (const h of handles) await h.close().catch(() => {});
			await client.end({ timeout: 5 });
			for (const name of created)
				await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin.end({ timeout: 5 });
		},
	};
}

function handleQuery(handle: DbHandle): Query {
	return async (sql) => {
		const result = (await handle.db.execute(sql)) as unknown as
			| Record<string, unknown>[]
			| { rows: Record<string, unknown>[] };
		return Array.isArray(result) ? [...result] : result.rows;
	};
}

const engines: [string, () => Promise<Engine>][] = [['PGlite folder', pgliteEngine]];
if (process.env.TEST_DATABASE_URL)
	engines.push(['PostgreSQL', () => postgresEngine(process.env.TEST_DATABASE_URL!)]);

describe.each(engines)(
	'upgrading a database made by the hand-written migrations (%s)',
	(_name, make) => {
		let engine: Engine | undefined;
		afterEach(async () => {
			await engine?.close();
			engine = undefined;
		});

		it('marks the baseline applied without running it, keeps every row, and ends with the fresh schema', async () => {
			engine = await make();
			await engine.exec(LEGACY_SQL);
			await engine.exec(SAMPLE_ROWS);
			const handle = await engine.open();
			const query = handleQuery(handle);

			const committed = loadMigrations();
			const tracked = await query(
				'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id',
			);
			expect(tracked.map((r) => [r.hash, Number(r.created_at)])).toEqual(
				committed.map((m) => [m.hash, m.when]),
			);

			expect(await query(`SELECT email, name, password_hash FROM users`)).toEqual([
				{ email: 'fan@example.com', name: 'Fan', password_hash: 'argon2-hash' },
			]);
			expect(await query('SELECT count(*)::int AS n FROM auth_sessions')).toEqual([{ n: 1 }]);
			expect(await query('SELECT source_key, ft_home, ft_away FROM matches')).toEqual([
				{ source_key: 'm1', ft_home: 2, ft_away: 1 },
			]);
			expect(await query('SELECT id, status FROM checkouts')).toEqual([
				{ id: 'c1', status: 'open' },
			]);
			// The seed rows came once, from the old migrations: not again from the new one. The
			// later seed (0007: the World Cup and Euro passes, 2 plans × 6 currencies) adds its own.
			const counts = `SELECT (SELECT count(*) FROM plans)::int AS plans, (SELECT count(*) FROM plan_prices)::int AS prices,
			(SELECT count(*) FROM deals)::int AS deals, (SELECT count(*) FROM streams)::int AS streams`;
			expect(await query(counts)).toEqual([{ plans: 10, prices: 60, deals: 2, streams: 4 }]);
			// Sequences carry on where they were.
			await handle.exec(`INSERT INTO live_events (match_id, kind) VALUES ('1', 'card')`);
			expect(await query('SELECT id::int AS id FROM live_events ORDER BY id')).toEqual([
				{ id: 1 },
				{ id: 2 },
			]);

			const fresh = await engine.fresh();
			try {
				expect(await query(counts)).toEqual(await fresh.query(counts));
				const upgraded = await describeSchema(query, ['schema_migrations']);
				expect(upgraded).toContainEqual(
					expect.stringMatching(/^index matches_live_idx .* WHERE \(status = ANY/),
				);
				expect(upgraded).toEqual(await describeSchema(fresh.query));
			} finally {
				await fresh.close();
			}
		}, 120_000); // Three database start-ups (legacy, reopened, fresh): slow on a busy 2-core machine.

		it('then applies only the migrations newer than the baseline', async () => {
			engine = await make();
			await engine.exec(LEGACY_SQL);
			const committed = loadMigrations();
			const sql = 'ALTER TABLE users ADD COLUMN nickname text;';
			const newer: Migration = {
				tag: '9999_newer',
				when: committed.at(-1)!.when + 1,
				hash: createHash('sha256').update(sql).digest('hex'),
				sql,
			};
			await runMigrations(engine.target(), [...committed, newer]);
			await runMigrations(engine.target(), [...committed, newer]);
			const tracked = await engine.query(
				'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
			);
			expect(tracked.map((r) => r.hash)).toEqual([...committed, newer].map((m) => m.hash));
			expect(
				await engine.query(
					`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'nickname'`,
				),
			).toEqual([{ n: 1 }]);
		});

		it('refuses a hand-written migration set it does not know, changing nothing', async () => {
			engine = await make();
			await engine.exec(LEGACY_SQL);
			await engine.exec(`DELETE FROM schema_migrations WHERE id = '0401_streams'`);
			await expect(runMigrations(engine.target())).rejects.toThrow(/missing: 0401_streams/);
			expect(await engine.query(`SELECT to_regnamespace('drizzle') IS NULL AS untouched`)).toEqual([
				{ untouched: true },
			]);
		});
	},
);
