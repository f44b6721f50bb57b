import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { config } from '../config';
import { lockDataDir } from './data-lock';
import { warnIfDriverUnrepaired } from './driver';
import { isFatalDatabaseError, recoveryAdvice } from './fatal';
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
	/** The pool for the metrics: its size, and the connections open when the driver says. */
	pool: () => { engine: 'pglite' | 'postgres'; max: number; open?: number };
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
		const POOL_MAX = 10;
		warnIfDriverUnrepaired();
		const sql = postgres(url, {
			max: POOL_MAX,
			onnotice: () => {},
			// A blink must not outlast itself. The driver's default back-off grows with every
			// failed attempt of ANY connection of the pool (up to 20 s), so after a 1 s outage
			// the pool could sit idle for 20 s; a dead host is given up on after 5 s, not 30.
			connect_timeout: 5,
			backoff: reconnectDelay,
		});
		handle = {
			db: drizzlePostgres(sql, { schema }) as unknown as Database,
			kind: 'postgres',
			exec: async (text) => {
				await sql.unsafe(text);
			},
			close: () => sql.end({ timeout: 5 }),
			// postgres.js does not report how many of its connections are open.
			pool: () => ({ engine: 'postgres', max: POOL_MAX }),
		};
		target = postgresTarget(sql);
	} else {
		let dataDir: string | undefined;
		let unlock = async () => {};
		if (url !== 'memory://') {
			dataDir = pgliteFolder(url);
			mkdirSync(dataDir, { recursive: true });
			// Before PGlite touches a file: a second process must not even open the folder.
			unlock = await lockDataDir(dataDir);
		}
		const client = new PGlite(dataDir);
		try {
			await client.waitReady;
		} catch (error) {
			await unlock();
			if (dataDir && isFatalDatabaseError(error))
				throw new Error(recoveryAdvice(dataDir), { cause: error });
			throw error;
		}
		handle = {
			db: drizzlePglite(client, { schema }) as unknown as Database,
			kind: 'pglite',
			exec: async (text) => {
				await client.exec(text);
			},
			close: async () => {
				await client.close().catch(() => {});
				await unlock();
			},
			pool: () => ({ engine: 'pglite', max: 1, open: client.closed ? 0 : 1 }),
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

/**
 * Seconds before a connection of the pool tries again after `attempts` failed attempts
 * (counted across the pool): 50 ms doubling up to 1 s, with jitter so that ten connections
 * and every worker do not knock at the same instant.
 */
export function reconnectDelay(attempts: number): number {
	return Math.min(0.05 * 2 ** attempts, 1) * (0.5 + Math.random() / 2);
}

/** The PGlite folder a database URL names (default `DATA_DIR/pglite`). */
export function pgliteFolder(url?: string): string {
	return url?.replace(/^file:\/\//, '') || join(config().DATA_DIR, 'pglite');
}

let shared: Promise<DbHandle> | undefined;
let opened: DbHandle | undefined;

/** The process-wide database, opened on first use from DATABASE_URL. */
export function getDbHandle(): Promise<DbHandle> {
	shared ??= openDatabase(config().DATABASE_URL).then(
		(handle) => {
			opened = handle;
			return handle;
		},
		(error) => {
			shared = undefined;
			throw error;
		},
	);
	return shared;
}

/** The process-wide database if it is open (metrics and shutdown never open one). */
export function openedDatabase(): DbHandle | undefined {
	return opened;
}

/** Shorthand for server modules: `const db = await getDb();`. */
export async function getDb(): Promise<Database> {
	return (await getDbHandle()).db;
}

/** Replaces the process-wide database (tests and scripts that open their own). */
export function setDbHandleForTests(handle: DbHandle | undefined): void {
	shared = handle ? Promise.resolve(handle) : undefined;
	opened = handle;
}
