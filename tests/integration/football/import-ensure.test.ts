import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFootballData, resetEnsureForTests } from '~/server/football/ensure';
import { rowsOf } from '~/server/db/rows';
import { openFreshDb, type TestDb } from './import-helpers';

describe('ensureFootballData (first start)', () => {
	let db: TestDb;
	const count = async () =>
		Number(
			rowsOf<{ n: number }>(
				await db.handle.db.execute(sql`SELECT count(*)::int AS n FROM matches`),
			)[0]!.n,
		);

	beforeAll(async () => {
		db = await openFreshDb('pglite');
		resetEnsureForTests();
	});
	afterAll(async () => {
		resetEnsureForTests();
		await db?.close();
	});

	it('imports into an empty database, once, and prints the counts', async () => {
		const log = vi.spyOn(console, 'info').mockImplementation(() => {});
		expect(await count()).toBe(0);
		await Promise.all([ensureFootballData(db.handle.db), ensureFootballData(db.handle.db)]);
		expect(await count()).toBe(10_637);
		expect(log).toHaveBeenCalledTimes(1);
		expect(String(log.mock.calls[0]![0])).toMatch(/matches: 10637 inserted, 0 updated/);
		log.mockRestore();
	}, 120_000);

	it('does nothing when matches already exist', async () => {
		await db.handle.db.execute(sql`DELETE FROM matches WHERE id = (SELECT min(id) FROM matches)`);
		resetEnsureForTests();
		await ensureFootballData(db.handle.db);
		expect(await count()).toBe(10_636);
	});
});
