import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { MemoryBus } from '~/server/live/bus';
import { readSince } from '~/server/live/log';
import { rowsOf } from '~/server/db/rows';
import { readMatchStates } from '~/server/live/matches';
import { ReplayFeed } from '~/server/live/providers/replay';
import type { LiveEvent } from '~/server/live/types';
import { openTestDb, seedMatches } from './helpers';

let handle: DbHandle;
afterEach(async () => handle?.close());

async function seedPastMatch(): Promise<string> {
	handle = await openTestDb();
	const [id] = await seedMatches(handle, 1);
	const db = handle.db;
	await db.execute(sql`UPDATE competitions SET type = 'tournament'`);
	await db.execute(
		sql`UPDATE matches SET status = 'finished', ht_home = 1, ht_away = 0, ft_home = 2, ft_away = 1 WHERE id = ${Number(id)}`,
	);
	const [m] = rowsOf<{ home_team_id: number; away_team_id: number }>(
		await db.execute(sql`SELECT home_team_id, away_team_id FROM matches WHERE id = ${Number(id)}`),
	);
	await db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute, penalty, own_goal) VALUES
		(${Number(id)}, 1, 'goal', ${m!.home_team_id}, 'Ana Home', 12, false, false),
		(${Number(id)}, 2, 'goal', ${m!.away_team_id}, 'Bo Away', 60, true, false),
		(${Number(id)}, 3, 'goal', ${m!.home_team_id}, 'Cy Home', 88, false, false)`);
	return id!;
}

describe('ReplayFeed', () => {
	it('plays a real past match as live, marked as a replay, then restores its true result', async () => {
		const id = await seedPastMatch();
		const bus = new MemoryBus();
		const seen: LiveEvent[] = [];
		bus.subscribe((e) => seen.push(e));
		let now = 0;
		const feed = new ReplayFeed({ db: handle.db, bus, speed: 60, concurrent: 1, now: () => now });
		await feed.tick();
		const [live] = await readMatchStates(handle.db, [id]);
		expect(live).toMatchObject({ status: 'live', score: { home: 0, away: 0 }, isReplay: true });
		now = 30_000; // 30 match minutes at 60x
		await feed.tick();
		const [mid] = await readMatchStates(handle.db, null);
		expect(mid).toMatchObject({
			matchId: id,
			status: 'live',
			score: { home: 1, away: 0 },
			isReplay: true,
		});
		now = 200_000;
		await feed.tick();
		const [done] = await readMatchStates(handle.db, [id]);
		expect(done).toMatchObject({
			status: 'finished',
			score: { home: 2, away: 1 },
			ht: { home: 1, away: 0 },
			isReplay: false,
		});
		const log = await readSince(handle.db, 0, { limit: 100 });
		expect(seen.map((e) => e.id)).toEqual(log.map((e) => e.id));
		const scorers = log.flatMap((e) =>
			(e.payload.entry as { player?: string })?.player
				? [(e.payload.entry as { player: string }).player]
				: [],
		);
		expect(scorers).toEqual(['Ana Home', 'Bo Away', 'Cy Home']);
		expect(log.every((e, i) => i === log.length - 1 || e.payload.isReplay === true)).toBe(true);
	});

	it('draws only from the configured competitions', async () => {
		const id = await seedPastMatch();
		const [comp] = rowsOf<{ slug: string }>(
			await handle.db.execute(sql`SELECT slug FROM competitions`),
		);
		const bus = new MemoryBus();
		const elsewhere = new ReplayFeed({
			db: handle.db,
			bus,
			speed: 60,
			concurrent: 1,
			competitions: 'euro,world-cup',
			now: () => 0,
		});
		await elsewhere.tick();
		expect((await readMatchStates(handle.db, [id]))[0]).toMatchObject({
			status: 'finished',
			isReplay: false,
		});
		const here = new ReplayFeed({
			db: handle.db,
			bus,
			speed: 60,
			concurrent: 1,
			competitions: `euro,${comp!.slug}`,
			now: () => 0,
		});
		await here.tick();
		expect((await readMatchStates(handle.db, [id]))[0]).toMatchObject({
			status: 'live',
			isReplay: true,
		});
	});

	it('restores a match a crashed process left mid-replay', async () => {
		const id = await seedPastMatch();
		const bus = new MemoryBus();
		let now = 0;
		const crashed = new ReplayFeed({
			db: handle.db,
			bus,
			speed: 60,
			concurrent: 1,
			now: () => now,
		});
		await crashed.tick();
		now = 30_000;
		await crashed.tick();
		const fresh = new ReplayFeed({ db: handle.db, bus, speed: 60, concurrent: 1 });
		await fresh.recover();
		const [m] = await readMatchStates(handle.db, [id]);
		expect(m).toMatchObject({ status: 'finished', score: { home: 2, away: 1 }, isReplay: false });
	});

	// Issue 12: all replays started together and sat at the same minute.
	it('starts a batch of replays at staggered minutes, each still from its own kick-off', async () => {
		handle = await openTestDb();
		const ids = await seedMatches(handle, 3);
		const db = handle.db;
		await db.execute(sql`UPDATE competitions SET type = 'tournament'`);
		for (const id of ids) {
			await db.execute(
				sql`UPDATE matches SET status = 'finished', ht_home = 1, ht_away = 0, ft_home = 1, ft_away = 0 WHERE id = ${Number(id)}`,
			);
			await db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute, penalty, own_goal)
				SELECT id, 1, 'goal', home_team_id, 'Early Goal', 10, false, false FROM matches WHERE id = ${Number(id)}`);
		}
		const feed = new ReplayFeed({
			db,
			bus: new MemoryBus(),
			speed: 60,
			concurrent: 3,
			now: () => 0,
		});
		await feed.tick();
		const states = await readMatchStates(db, ids);
		expect(states.every((m) => m.status === 'live' || m.status === 'half_time')).toBe(true);
		expect(states.every((m) => m.isReplay)).toBe(true);
		const minutes = states.map((m) => m.minute ?? 0);
		expect(new Set(minutes).size).toBe(3);
		expect(Math.max(...minutes)).toBeGreaterThan(30);
		// A replay joining late has played its earlier goal: its timeline is whole.
		const late = states.find((m) => (m.minute ?? 0) > 30);
		expect(late?.score).toEqual({ home: 1, away: 0 });

		handle.close();
		handle = await openTestDb();
		const together = await seedMatches(handle, 2);
		await handle.db.execute(sql`UPDATE competitions SET type = 'tournament'`);
		for (const id of together) {
			await handle.db.execute(
				sql`UPDATE matches SET status = 'finished', ft_home = 0, ft_away = 0 WHERE id = ${Number(id)}`,
			);
			await handle.db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute, penalty, own_goal)
				SELECT id, 1, 'card', home_team_id, 'Booked', 70, false, false FROM matches WHERE id = ${Number(id)}`);
		}
		const plain = new ReplayFeed({
			db: handle.db,
			bus: new MemoryBus(),
			speed: 60,
			concurrent: 2,
			stagger: false,
			now: () => 0,
		});
		await plain.tick();
		const both = await readMatchStates(handle.db, together);
		expect(both.map((m) => m.minute ?? 0)).toEqual([0, 0]);
	});
});
