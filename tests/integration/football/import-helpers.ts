import postgres from 'postgres';
import { openDatabase, type DbHandle } from '~/server/db/client';
import { importFootballData, type ImportReport } from '~/server/football/import';

/** A fixed "now" for imports in tests: after the data's last results, before the end of 2026-27. */
export const TEST_NOW = new Date('2026-08-01T00:00:00Z');

export interface TestDb {
	handle: DbHandle;
	/** "pglite" or "postgres", for test names. */
	kind: string;
	close(): Promise<void>;
}

/**
 * A fresh, empty database: in-memory PGlite, or a new PostgreSQL database created next to
 * TEST_DATABASE_URL (and dropped on close), so football tests never share rows with
 * other suites running at the same time.
 */
export async function openFreshDb(engine: 'pglite' | 'postgres'): Promise<TestDb> {
	if (engine === 'pglite') {
		const handle = await openDatabase('memory://');
		return { handle, kind: 'pglite', close: () => handle.close() };
	}
	const base = process.env.TEST_DATABASE_URL;
	if (!base) throw new Error('TEST_DATABASE_URL is not set');
	const name = `football_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
	const admin = postgres(base, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE ${name}`);
	const url = new URL(base);
	url.pathname = `/${name}`;
	let handle: DbHandle;
	try {
		handle = await openDatabase(url.toString());
	} catch (error) {
		await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
		await admin.end({ timeout: 5 });
		throw error;
	}
	return {
		handle,
		kind: 'postgres',
		close: async () => {
			await handle.close();
			await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
			await admin.end({ timeout: 5 });
		},
	};
}

/** The engines to run on: always PGlite, PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
	? ['pglite', 'postgres']
	: ['pglite'];

/** A fresh database with the whole shipped data set imported at TEST_NOW. */
export async function openImportedDb(
	engine: 'pglite' | 'postgres',
): Promise<TestDb & { report: ImportReport }> {
	const db = await openFreshDb(engine);
	const report = await importFootballData(db.handle.db, { now: TEST_NOW });
	return { ...db, report };
}
