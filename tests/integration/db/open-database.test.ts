import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db/client';
import { loadMigrations } from '~/server/db/migration-files';

/**
 * The same migrations on both engines: in-memory PGlite always, and a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set (two processes' worth of concurrent start-ups).
 */
const handles: DbHandle[] = [];
afterAll(async () => {
	for (const h of handles) await h.close().catch(() => {});
});

/** The hashes recorded in drizzle's tracking table, in the order they were applied. */
async function applied(handle: DbHandle): Promise<string[]> {
	const rows = (await handle.db.execute(
		'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
	)) as unknown as { rows: { hash: string }[] } | { hash: string }[];
	const list = Array.isArray(rows) ? rows : rows.rows;
	return list.map((r) => r.hash);
}
const committed = () => loadMigrations().map((m) => m.hash);

describe('openDatabase', () => {
	it('migrates an in-memory PGlite', async () => {
		const handle = await openDatabase('memory://');
		handles.push(handle);
		expect(handle.kind).toBe('pglite');
		expect(await applied(handle)).toEqual(committed());
	});

	const base = process.env.TEST_DATABASE_URL;
	it.skipIf(!base)('migrates a fresh PostgreSQL database, with concurrent start-ups', async () => {
		const admin = postgres(base!, { max: 1, onnotice: () => {} });
		const name = `open_db_${Date.now()}_${process.pid}`;
		await admin.unsafe(`CREATE DATABASE ${name}`);
		try {
			const url = new URL(base!);
			url.pathname = `/${name}`;
			const [a, b] = await Promise.all([openDatabase(url.href), openDatabase(url.href)]);
			handles.push(a, b);
			expect(a.kind).toBe('postgres');
			expect(await applied(a)).toEqual(committed());
			expect(await applied(b)).toEqual(committed());
			await a.close();
			await b.close();
			handles.length = 0;
		} finally {
			await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin.end();
		}
	});
});
