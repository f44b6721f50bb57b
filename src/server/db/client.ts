import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { config } from '../config';
import { pgliteTarget, postgresTarget, runMigrations, type MigrationTarget } from './migrate';
import * as schema from './schema';

/** One database API whatever the engine: Drizzle over PGlite or over PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
	db: Database;
	kind: 'pglite' | 'postgres';
	/** Runs raw SQL (maintenance). */
	exec: (sql: string) => Promise<void>;
	close: () => Promise<void>;
}

/**
 * Opens a database from a URL: `postgres://` or `postgresql://` is a PostgreSQL server;
 * `memory://` is an in-memory PGlite (tests); anything else, or nothing, is a PGlite
 * folder (default `.data/pglite`). Migrations are applied before the handle is returned.
 */
export async function openDatabase(url?: string): Promise<DbHandle> {
	let handle: DbHandle;
	let target: MigrationTarget;
	if (url && /^postgres(ql)?:\/\//.test(url)) {
		const sql = postgres(url, { max: 10, onnotice: () => {} });
		handle = {
			db: drizzlePostgres(sql, { schema }) as unknown as Database,
			kind: 'postgres',
			exec: async (text) => {
				await sql.unsafe(text);
			},
			close: () => sql.end({ timeout: 5 }),
		};
		target = postgresTarget(sql);
	} else {
		let dataDir: string | undefined;
		if (url !== 'memory://') {
			dataDir = url?.replace(/^file:\/\//, '') || join(config().DATA_DIR, 'pglite');
			mkdirSync(dataDir, { recursive: true });
		}
		const client = new PGlite(dataDir);
		handle = {
			db: drizzlePglite(client, { schema }) as unknown as Database,
			kind: 'pglite',
			exec: async (text) => {
				await client.exec(text);
			},
			close: () => client.close(),
		};
		target = pgliteTarget(client);
	}
	try {
		await runMigrations(target);
	} catch (error) {
		// getDbHandle retries on the next request: leave no pool or PGlite instance behind.
		await handle.close().catch(() => {});
		throw error;
	}
	return handle;
}

let shared: Promise<DbHandle> | undefined;

/** The process-wide database, opened on first use from DATABASE_URL. */
export function getDbHandle(): Promise<DbHandle> {
	shared ??= openDatabase(config().DATABASE_URL).catch((error) => {
		shared = undefined;
		throw error;
	});
	return shared;
}

/** Shorthand for server modules: `const db = await getDb();`. */
export async function getDb(): Promise<Database> {
	return (await getDbHandle()).db;
}

/** Replaces the process-wide database (tests and scripts that open their own). */
export function setDbHandleForTests(handle: DbHandle | undefined): void {
	shared = handle ? Promise.resolve(handle) : undefined;
}
