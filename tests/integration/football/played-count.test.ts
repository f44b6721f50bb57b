import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbHandleForTests } from '~/server/db/client';
import { competitionHandler } from '~/server/football/api/handlers';
import { clearDataCache } from '~/server/cache/data-cache';
import { query } from '~/server/football/queries/sql';
import { openImportedDb, type TestDb } from './import-helpers';

/** The 2022 World Cup as /api/v1/competitions/world-cup reports it. */
async function worldCup2022() {
	clearDataCache();
	const r = await competitionHandler({
		params: { id: 'world-cup' },
		query: new URLSearchParams(),
		ifNoneMatch: null,
	});
	const body = (await r.json()) as {
		seasons: { label: string; matches: number; played: number }[];
	};
	return body.seasons.find((s) => s.label === '2022')!;
}

describe('a season counts every match that was played', () => {
	let t: TestDb;
	beforeAll(async () => {
		t = await openImportedDb('pglite');
		setDbHandleForTests(t.handle);
	}, 180_000);
	afterAll(async () => {
		setDbHandleForTests(undefined);
		clearDataCache();
		await t?.close();
	});

	it('World Cup 2022: 64 matches, 64 played, shoot-outs included', async () => {
		expect(await worldCup2022()).toMatchObject({ matches: 64, played: 64 });
	});

	it('a match the replay feed is playing back "as if live" still counts as played', async () => {
		// What the replay feed does when it picks the final (a shoot-out): it keeps the true
		// state in live_replays and sets the match live for the length of the replay.
		const [final] = await query<{ id: number; status: string }>(
			t.handle.db,
			sql`SELECT m.id, m.status FROM matches m JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			WHERE c.slug = 'world-cup' AND s.label = '2022' ORDER BY m.kickoff_at DESC LIMIT 1`,
		);
		expect(final!.status).toBe('finished_pen');
		await t.handle.db.execute(
			sql`INSERT INTO live_replays (match_id, original) VALUES (${final!.id}, ${JSON.stringify({ status: final!.status })}::jsonb)`,
		);
		await t.handle.db.execute(
			sql`UPDATE matches SET status = 'live', minute = 12 WHERE id = ${final!.id}`,
		);
		expect(await worldCup2022()).toMatchObject({ matches: 64, played: 64 });
	});
});
