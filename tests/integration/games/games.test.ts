import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import {
	type GameSettings,
	placePick,
	readMatchGames,
	scoredPicks,
	settleMatch,
} from '~/server/games/games';
import { applyLiveChange, type LiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { readSince } from '~/server/live/log';
import { readMatchStates } from '~/server/live/matches';
import { ReplayFeed } from '~/server/live/providers/replay';
import { clearDataCache } from '~/server/cache/data-cache';
import { installGamesHook } from '~/server/games/hook';
import {
	createLeague,
	joinLeague,
	LEAGUE_CODE_PATTERN,
	leaderboard,
	myLeagues,
} from '~/server/games/leaderboard';
import { openScratchDatabase } from '../../helpers/database';
import { seedMatches } from '../live/helpers';

// The games ride on the live write path as the server's start-up installs them.
installGamesHook();

// Each test migrates a fresh database: slow on a busy machine, whatever the games do.
vi.setConfig({ testTimeout: 180_000 });

const ENGINES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
	? ['pglite', 'postgres']
	: ['pglite'];
// The write path reads GAME_SUSPEND_SECONDS from the configuration: 30 s by default.
const SETTINGS: GameSettings = { windowMs: 30_000, staleMs: 150_000 };
const AFTER_WINDOW = () => Date.now() + 31_000;

describe.each(ENGINES)('live games on %s', (engine) => {
	let handle: DbHandle;
	afterEach(async () => {
		// Boards are cached per process by key; every test has a fresh database.
		clearDataCache();
		await handle?.close();
	});

	async function world(matches = 1) {
		handle = await openScratchDatabase(engine);
		const ids = await seedMatches(handle, matches);
		const bus = new MemoryBus();
		const apply = (c: LiveChange) => applyLiveChange(c, { db: handle.db, bus });
		return { ids, bus, apply };
	}

	/** A player; confirmed (a proved mailbox, issue 28/7) unless said otherwise. */
	async function user(name: string, confirmed = true): Promise<string> {
		const id = randomUUID();
		await handle.db.execute(sql`INSERT INTO users (id, email, name, password_hash, created_at, updated_at,
				email_confirmed_at)
			VALUES (${id}, ${`${id}@example.test`}, ${name}, 'x', now(), now(),
				${confirmed ? sql`now()` : sql`NULL`})`);
		return id;
	}

	async function gamesOf(matchId: string) {
		const read = await readMatchGames(handle.db, matchId, Date.now(), SETTINGS);
		const byKind = Object.fromEntries((read?.games ?? []).map((g) => [g.kind, g]));
		return byKind as Record<
			'odd_even' | 'two_way' | 'last_team_to_score',
			(typeof read & {})['games'][number]
		>;
	}

	const pick = (gameId: number, userId: string, p: string, now = Date.now()) =>
		placePick(handle.db, { gameId, userId, pick: p, now, settings: SETTINGS });

	const goal = (matchId: string, side: 'home' | 'away', minute: number, score: [number, number]) =>
		({
			matchId,
			kind: 'event',
			status: 'live',
			minute,
			score: { home: score[0], away: score[1] },
			entry: { type: 'goal', minute, side, player: 'Scorer' },
		}) satisfies LiveChange;

	const fullTime = (matchId: string, score: [number, number]) =>
		({
			matchId,
			kind: 'status',
			status: 'finished',
			minute: 90,
			score: { home: score[0], away: score[1] },
			entry: { type: 'fulltime', minute: 90 },
		}) satisfies LiveChange;

	it('opens three games for a scheduled match, with a pick before kick-off worth the most', async () => {
		const { ids } = await world();
		const g = await gamesOf(ids[0]!);
		expect(Object.keys(g).sort()).toEqual(['last_team_to_score', 'odd_even', 'two_way']);
		expect(g.odd_even).toMatchObject({ status: 'open', options: ['odd', 'even'], replay: false });
		const u = await user('Ada');
		expect(await pick(g.odd_even.id, u, 'odd')).toMatchObject({ ok: true, pointsAtStake: 100 });
		expect(await pick(g.two_way.id, u, 'none')).toMatchObject({ ok: false, status: 400 });
	});

	it('counts concurrent picks once: a double click, two tabs, many visitors at once', async () => {
		const { ids } = await world();
		const g = await gamesOf(ids[0]!);
		const me = await user('Me');
		const others = await Promise.all(Array.from({ length: 12 }, (_, i) => user(`Fan ${i}`)));
		const results = await Promise.all([
			...Array.from({ length: 8 }, () => pick(g.odd_even.id, me, 'odd')),
			pick(g.odd_even.id, me, 'even'),
			...others.map((u) => pick(g.odd_even.id, u, 'even')),
		]);
		expect(results.every((r) => r.ok)).toBe(true);
		const rows = rowsOf<{ user_id: string; n: number }>(
			await handle.db.execute(
				sql`SELECT user_id, count(*)::int AS n FROM game_picks WHERE game_id = ${g.odd_even.id} GROUP BY user_id`,
			),
		);
		expect(rows).toHaveLength(13);
		expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
	});

	it('suspends every game for the window after a goal and refuses picks with a 409', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		const g = await gamesOf(id);
		const u = await user('Quick');
		expect(await pick(g.odd_even.id, u, 'odd')).toMatchObject({ ok: true });
		await apply(goal(id, 'home', 10, [1, 0]));
		const after = await gamesOf(id);
		expect(after.odd_even).toMatchObject({ status: 'suspended', suspension: 'incident' });
		expect(after.two_way.suspendedMs).toBeGreaterThan(25_000);
		const refused = await pick(g.odd_even.id, u, 'even');
		expect(refused).toMatchObject({ ok: false, status: 409, error: 'suspended' });
		// The refused change did not touch the earlier pick.
		const [kept] = rowsOf<{ pick: string }>(
			await handle.db.execute(sql`SELECT pick FROM game_picks WHERE game_id = ${g.odd_even.id}`),
		);
		expect(kept?.pick).toBe('odd');
		expect(await pick(g.odd_even.id, u, 'even', AFTER_WINDOW())).toMatchObject({ ok: true });
		// The suspension is in the live log as a `game` event right after the goal.
		const log = await readSince(handle.db, 0, { limit: 100 });
		const goalAt = log.findIndex((e) => e.kind === 'event');
		expect(log[goalAt + 1]).toMatchObject({ kind: 'game', payload: { reason: 'suspended' } });
	});

	it('issue 34: "No goal" closes when a goal goes in (shown, refused), other picks stay open', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		const before = await gamesOf(id);
		expect(before.last_team_to_score.closed).toEqual([]);
		const u = await user('Late');
		await apply(goal(id, 'away', 12, [0, 1]));
		const after = await gamesOf(id);
		expect(after.last_team_to_score.closed).toEqual(['none']);
		expect(after.odd_even.closed).toEqual([]);
		// The live message of the goal carries it, so open pages close the option at once.
		const log = await readSince(handle.db, 0, { limit: 100 });
		const message = log.findLast((e) => e.kind === 'game');
		const payload = message?.payload as { games: { kind: string; closed: string[] }[] } | undefined;
		const games = payload?.games ?? [];
		expect(games.find((g) => g.kind === 'last_team_to_score')?.closed).toEqual(['none']);
		const refused = await pick(after.last_team_to_score.id, u, 'none', AFTER_WINDOW());
		expect(refused).toMatchObject({ ok: false, status: 409, error: 'decided' });
		expect(await pick(after.last_team_to_score.id, u, 'home', AFTER_WINDOW())).toMatchObject({
			ok: true,
		});
	});

	it('settles at full time from the committed score and events, once', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		const g = await gamesOf(id);
		const [a, b] = [await user('Ana'), await user('Bo')];
		await pick(g.odd_even.id, a, 'odd');
		await pick(g.two_way.id, a, 'home');
		await pick(g.last_team_to_score.id, a, 'away');
		await pick(g.odd_even.id, b, 'even');
		await apply(goal(id, 'home', 20, [1, 0]));
		await apply(goal(id, 'away', 70, [1, 1]));
		await apply(goal(id, 'home', 88, [2, 1]));
		await apply(fullTime(id, [2, 1]));
		const done = await gamesOf(id);
		expect(done.odd_even).toMatchObject({ status: 'settled', result: 'odd', corrected: false });
		expect(done.two_way).toMatchObject({ status: 'settled', result: 'home' });
		expect(done.last_team_to_score).toMatchObject({ status: 'settled', result: 'home' });
		const points = async () =>
			rowsOf<{ user_id: string; pts: number }>(
				await handle.db.execute(
					sql`SELECT user_id, sum(points)::int AS pts FROM ${scoredPicks} sp GROUP BY user_id ORDER BY user_id`,
				),
			).map((r) => [r.user_id, Number(r.pts)]);
		const first = await points();
		expect(Object.fromEntries(first)).toEqual({ [a]: 200, [b]: 0 });
		// The same full time again, and a direct second settlement: nothing moves.
		await apply(fullTime(id, [2, 1]));
		const [state] = await readMatchStates(handle.db, [id]);
		expect(await settleMatch(handle.db, state!, null)).toEqual([]);
		expect(await points()).toEqual(first);
		const settlements = rowsOf<{ n: number }>(
			await handle.db.execute(sql`SELECT count(*)::int AS n FROM game_settlements`),
		);
		expect(Number(settlements[0]?.n)).toBe(3);
		expect(await pick(g.odd_even.id, b, 'odd')).toMatchObject({ status: 409, error: 'settled' });
	});

	it('re-settles after a correction and moves the points ("corrected")', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		const g = await gamesOf(id);
		const [odd, even] = [await user('Odd'), await user('Even')];
		await pick(g.odd_even.id, odd, 'odd');
		await pick(g.odd_even.id, even, 'even');
		await pick(g.last_team_to_score.id, even, 'home');
		await apply(goal(id, 'home', 30, [1, 0]));
		const late = await apply(goal(id, 'away', 89, [1, 1]));
		await apply(fullTime(id, [1, 1]));
		expect((await gamesOf(id)).two_way).toMatchObject({ status: 'void', voidReason: 'draw' });
		const before = rowsOf<{ user_id: string; points: number }>(
			await handle.db.execute(
				sql`SELECT user_id, points FROM ${scoredPicks} sp WHERE game_id = ${g.odd_even.id}`,
			),
		);
		expect(Object.fromEntries(before.map((r) => [r.user_id, r.points]))).toEqual({
			[odd]: 0,
			[even]: 100,
		});
		// The 89th-minute goal is ruled out after the whistle.
		await apply({ matchId: id, kind: 'correction', cancels: late.id, score: { home: 1, away: 0 } });
		const after = await gamesOf(id);
		expect(after.odd_even).toMatchObject({ status: 'settled', result: 'odd', corrected: true });
		expect(after.two_way).toMatchObject({ status: 'settled', result: 'home', corrected: true });
		expect(after.last_team_to_score).toMatchObject({ status: 'settled', result: 'home' });
		const moved = rowsOf<{ user_id: string; points: number; outcome: string }>(
			await handle.db.execute(
				sql`SELECT user_id, points, outcome FROM ${scoredPicks} sp WHERE game_id = ${g.odd_even.id}`,
			),
		);
		expect(Object.fromEntries(moved.map((r) => [r.user_id, [r.points, r.outcome]]))).toEqual({
			[odd]: [100, 'won'],
			[even]: [0, 'lost'],
		});
		const versions = rowsOf<{ version: number; result: string }>(
			await handle.db.execute(
				sql`SELECT version, result FROM game_settlements WHERE game_id = ${g.odd_even.id} ORDER BY version`,
			),
		);
		expect(versions).toEqual([
			{ version: 1, result: 'even' },
			{ version: 2, result: 'odd' },
		]);
		const log = await readSince(handle.db, 0, { limit: 100 });
		expect(log.at(-1)).toMatchObject({ kind: 'game', payload: { reason: 'settled' } });
	});

	it('a pick racing the full-time settlement is either accepted before it or refused', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 80,
			score: { home: 1, away: 0 },
		});
		const g = await gamesOf(id);
		const fans = await Promise.all(Array.from({ length: 16 }, (_, i) => user(`Racer ${i}`)));
		const [results] = await Promise.all([
			Promise.all(fans.map((u) => pick(g.odd_even.id, u, 'odd'))),
			apply(fullTime(id, [1, 0])),
		]);
		const accepted = results.filter((r) => r.ok).length;
		expect(accepted + results.filter((r) => !r.ok && r.status === 409).length).toBe(16);
		// No pick was accepted once the result was known: each one predates the settlement.
		const rows = rowsOf<{ early: boolean }>(
			await handle.db.execute(sql`SELECT p.picked_at <= g.settled_at AS early
				FROM game_picks p JOIN games g ON g.id = p.game_id WHERE g.id = ${g.odd_even.id}`),
		);
		expect(rows).toHaveLength(accepted);
		expect(rows.every((r) => r.early)).toBe(true);
	});

	it('ranks the match leaderboard by points, ties to the earlier picker, names only, replays apart', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		const g = await gamesOf(id);
		const [early, late, wrong] = [
			await user('Early Bird'),
			await user('Late Owl'),
			await user('Wrong Way'),
		];
		const t = Date.now();
		await pick(g.odd_even.id, late, 'odd', t + 2000);
		await pick(g.odd_even.id, early, 'odd', t + 1000);
		await pick(g.odd_even.id, wrong, 'even', t + 500);
		const empty = await leaderboard(handle.db, {
			scope: 'match',
			matchId: Number(id),
			replay: false,
			now: t,
		});
		expect(empty).toEqual([]);
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		await apply(goal(id, 'home', 10, [1, 0]));
		await apply(fullTime(id, [1, 0]));
		const board = await leaderboard(handle.db, {
			scope: 'match',
			matchId: Number(id),
			replay: false,
			now: t,
			userId: late,
		});
		expect(board).toEqual([
			{ rank: 1, name: 'Early Bird', points: 100, picks: 1, me: false },
			{ rank: 2, name: 'Late Owl', points: 100, picks: 1, me: true },
			{ rank: 3, name: 'Wrong Way', points: 0, picks: 1, me: false },
		]);
		expect(JSON.stringify(board)).not.toContain('@');
		const week = await leaderboard(handle.db, { scope: 'week', replay: false, now: Date.now() });
		expect(week.map((r) => r.name)).toEqual(['Early Bird', 'Late Owl', 'Wrong Way']);
		expect(await leaderboard(handle.db, { scope: 'week', replay: true, now: Date.now() })).toEqual(
			[],
		);
	});

	it('issue 28/7: an account without a confirmed address is on no board, public or league, until it confirms', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		const g = await gamesOf(id);
		const [confirmed, throwaway] = [await user('Confirmed'), await user('Throwaway', false)];
		const league = await createLeague(handle.db, confirmed, 'Office');
		const code = (await myLeagues(handle.db, confirmed))[0]!.code;
		await joinLeague(handle.db, throwaway, code);
		// The throwaway has every pick right; the confirmed account only one of three.
		await pick(g.odd_even.id, throwaway, 'odd');
		await pick(g.two_way.id, throwaway, 'home');
		await pick(g.last_team_to_score.id, throwaway, 'home');
		await pick(g.odd_even.id, confirmed, 'odd');
		// Kick-off, 1-0 at 10', full time.
		const live = { status: 'live', minute: 0, score: { home: 0, away: 0 } } as const;
		const kickOff: LiveChange = { matchId: id, kind: 'status', ...live };
		for (const change of [kickOff, goal(id, 'home', 10, [1, 0]), fullTime(id, [1, 0])])
			await apply(change);
		const boards = () =>
			Promise.all([
				leaderboard(handle.db, {
					scope: 'match',
					matchId: Number(id),
					replay: false,
					now: Date.now(),
				}),
				leaderboard(handle.db, { scope: 'week', replay: false, now: Date.now() }),
				leaderboard(handle.db, { scope: 'season', replay: false, now: Date.now() }),
				leaderboard(handle.db, {
					scope: 'league',
					leagueId: league.id,
					replay: false,
					now: Date.now(),
				}),
			]);
		for (const board of await boards()) expect(board.map((r) => r.name)).toEqual(['Confirmed']);
		await handle.db.execute(
			sql`UPDATE users SET email_confirmed_at = now() WHERE id = ${throwaway}`,
		);
		// Boards are cached for seconds (BOARD_TTL_MS); a new read sees the confirmation.
		clearDataCache();
		for (const board of await boards())
			expect(board.map((r) => r.name)).toEqual(['Throwaway', 'Confirmed']);
	});

	it('a friends league: created with a code, joined once by code, its board counts its members only', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		const g = await gamesOf(id);
		const [owner, friend, stranger] = [
			await user('Owner'),
			await user('Friend'),
			await user('Stranger'),
		];
		const league = await createLeague(handle.db, owner, 'Five-a-side');
		expect(league.code).toMatch(LEAGUE_CODE_PATTERN);
		// Joining twice changes nothing; an unknown code joins nothing.
		expect(await joinLeague(handle.db, friend, league.code)).toEqual({
			id: league.id,
			name: 'Five-a-side',
		});
		expect(await joinLeague(handle.db, friend, league.code)).toEqual({
			id: league.id,
			name: 'Five-a-side',
		});
		expect(await joinLeague(handle.db, stranger, 'ABCDEFGH')).toBeNull();
		expect((await myLeagues(handle.db, friend)).map((l) => l.id)).toEqual([league.id]);
		expect(await myLeagues(handle.db, stranger)).toEqual([]);
		// Two leagues never share a code.
		const other = await createLeague(handle.db, stranger, 'Other');
		expect(other.code).not.toBe(league.code);

		const t = Date.now();
		await pick(g.odd_even.id, owner, 'even', t + 1000); // wrong: one goal is odd
		await pick(g.odd_even.id, friend, 'odd', t + 2000);
		await pick(g.odd_even.id, stranger, 'odd', t + 500); // right, and earlier than the friend
		await apply({
			matchId: id,
			kind: 'status',
			status: 'live',
			minute: 0,
			score: { home: 0, away: 0 },
		});
		await apply(goal(id, 'home', 10, [1, 0]));
		await apply(fullTime(id, [1, 0]));

		const board = await leaderboard(handle.db, {
			scope: 'league',
			leagueId: league.id,
			replay: false,
			now: Date.now(),
			userId: owner,
		});
		expect(board.map((r) => [r.rank, r.name, r.points, r.me])).toEqual([
			[1, 'Friend', 100, false],
			[2, 'Owner', 0, true],
		]);
		// The stranger scored too, but belongs to another league: not on this board.
		expect(board.some((r) => r.name === 'Stranger')).toBe(false);
		const strangers = await leaderboard(handle.db, {
			scope: 'league',
			leagueId: other.id,
			replay: false,
			now: Date.now(),
		});
		expect(strangers.map((r) => r.name)).toEqual(['Stranger']);
	});

	it('voids the games of a postponed match, picks returned without points', async () => {
		const { ids, apply } = await world();
		const id = ids[0]!;
		const g = await gamesOf(id);
		const u = await user('Hopeful');
		await pick(g.two_way.id, u, 'away');
		await apply({ matchId: id, kind: 'status', status: 'postponed' });
		const after = await gamesOf(id);
		expect(after.two_way).toMatchObject({ status: 'void', voidReason: 'postponed' });
		const [row] = rowsOf<{ points: number; outcome: string }>(
			await handle.db.execute(sql`SELECT points, outcome FROM ${scoredPicks} sp`),
		);
		expect(row).toEqual({ points: 0, outcome: 'void' });
	});

	it('a replayed match runs its own replay games, settled when the replay ends', async () => {
		const { ids } = await world();
		const id = ids[0]!;
		const db = handle.db;
		await db.execute(sql`UPDATE competitions SET type = 'tournament'`);
		await db.execute(
			sql`UPDATE matches SET status = 'finished', ht_home = 1, ht_away = 0, ft_home = 1, ft_away = 1 WHERE id = ${Number(id)}`,
		);
		const [m] = rowsOf<{ home_team_id: number; away_team_id: number }>(
			await db.execute(
				sql`SELECT home_team_id, away_team_id FROM matches WHERE id = ${Number(id)}`,
			),
		);
		await db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute, penalty, own_goal) VALUES
			(${Number(id)}, 1, 'goal', ${m!.home_team_id}, 'Ana Home', 12, false, false),
			(${Number(id)}, 2, 'goal', ${m!.away_team_id}, 'Bo Away', 60, true, false)`);
		let now = 0;
		const feed = new ReplayFeed({
			db,
			bus: new MemoryBus(),
			speed: 60,
			concurrent: 1,
			now: () => now,
		});
		await feed.tick();
		const g = await gamesOf(id);
		expect(g.odd_even).toMatchObject({ status: 'open', replay: true });
		expect(g.odd_even.run).toBeGreaterThan(0);
		const u = await user('Replayer');
		// Picked at the replay's kick-off: its clock runs on the feed's time (here, `now`).
		expect(await pick(g.last_team_to_score.id, u, 'away', now)).toMatchObject({ ok: true });
		now = 200_000;
		await feed.tick();
		const rows = rowsOf<{ kind: string; status: string; result: string | null; replay: boolean }>(
			await db.execute(sql`SELECT kind, status, result, replay FROM games ORDER BY kind`),
		);
		expect(rows).toEqual([
			{ kind: 'last_team_to_score', status: 'settled', result: 'away', replay: true },
			{ kind: 'odd_even', status: 'settled', result: 'even', replay: true },
			{ kind: 'two_way', status: 'void', result: null, replay: true },
		]);
		const [p] = rowsOf<{ points: number }>(
			await db.execute(sql`SELECT points FROM ${scoredPicks} sp`),
		);
		expect(p?.points).toBe(100);
		// The replay is over and the match is its old self again: the page still shows the results.
		const after = await gamesOf(id);
		expect(after.last_team_to_score).toMatchObject({
			status: 'settled',
			result: 'away',
			replay: true,
		});
	});
});
