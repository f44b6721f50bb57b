import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/client';
import { MIGRATIONS } from '../../../src/server/db/migrations';

/**
 * The same migrations on both engines: in-memory PGlite always, and a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set (two processes' worth of concurrent start-ups).
 */
const handles: DbHandle[] = [];
afterAll(async () => {
	for (const h of handles) await h.close().catch(() => {});
});

async function appliedIds(handle: DbHandle): Promise<string[]> {
	const rows = (await handle.db.execute('SELECT id FROM schema_migrations ORDER BY id')) as unknown as
		| { rows: { id: string }[] }
		| { id: string }[];
	const list = Array.isArray(rows) ? rows : rows.rows;
	return list.map((r) => r.id);
}

describe('openDatabase', () => {
	it('migrates an in-memory PGlite', async () => {
		const handle = await openDatabase('memory://');
		handles.push(handle);
		expect(handle.kind).toBe('pglite');
		expect(await appliedIds(handle)).toEqual(MIGRATIONS.map((m) => m.id).sort());
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
			expect(await appliedIds(a)).toEqual(MIGRATIONS.map((m) => m.id).sort());
			expect(await appliedIds(b)).toEqual(MIGRATIONS.map((m) => m.id).sort());
			await a.close();
			await b.close();
			handles.length = 0;
		} finally {
			await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin.end();
		}
	});
});
