import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { MemoryBus } from '~/server/live/bus';
import { ReplayFeed } from '~/server/live/providers/replay';
import { openTestDb, seedMatches } from './helpers';

let handle: DbHandle;
afterEach(async () => handle?.close());

async function streamsOf(matchId: string) {
	return rowsOf<{ id: string; kind: string; plans: string[]; title: string; hls_path: string }>(
		await handle.db.execute(
			sql`SELECT id, kind, plans, title, hls_path FROM streams WHERE match_id = ${Number(matchId)} ORDER BY id`,
		),
	);
}

describe('the replay feed attaches the demo streams to its matches', () => {
	it('live stream while replayed (with the competition pass), a demo highlight after', async () => {
		handle = await openTestDb();
		const [id] = await seedMatches(handle, 1);
		const db = handle.db;
		await db.execute(sql`UPDATE competitions SET type = 'tournament', slug = 'world-cup'`);
		await db.execute(
			sql`UPDATE matches SET status = 'finished', ht_home = 0, ht_away = 0, ft_home = 1, ft_away = 0 WHERE id = ${Number(id)}`,
		);
		const [m] = rowsOf<{ home_team_id: number }>(
			await db.execute(sql`SELECT home_team_id FROM matches WHERE id = ${Number(id)}`),
		);
		await db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute, penalty, own_goal)
			VALUES (${Number(id)}, 1, 'goal', ${m?.home_team_id}, 'Ana Home', 12, false, false)`);
		expect(await streamsOf(id as string)).toEqual([]);

		let now = 0;
		const feed = new ReplayFeed({
			db,
			bus: new MemoryBus(),
			speed: 60,
			concurrent: 1,
			now: () => now,
		});
		await feed.tick();
		const [live] = await streamsOf(id as string);
		expect(live).toMatchObject({
			id: `live-m${id}`,
			kind: 'live',
			hls_path: 'demo-live/index.m3u8',
		});
		expect(live?.plans).toEqual(
			expect.arrayContaining(['match-pass', 'premium-monthly', 'pass-world-cup']),
		);
		expect(live?.plans).not.toContain('pass-euro');

		now = 200_000;
		await feed.tick();
		const after = await streamsOf(id as string);
		expect(after).toHaveLength(1);
		expect(after[0]).toMatchObject({ id: `highlight-m${id}`, kind: 'highlight', plans: [] });
		expect(after[0]?.title).toMatch(/demo footage/);
		await feed.stop();
	});
});
