import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { MemoryBus } from '~/server/live/bus';
import { readMatchStates } from '~/server/live/matches';
import { readSince } from '~/server/live/log';
import { ApiFootballClient } from '~/server/live/providers/api-football';
import { FootballDataClient } from '~/server/live/providers/football-data';
import { PollingFeed } from '~/server/live/providers/poller';
import { rowsOf } from '~/server/db/rows';
import { openTestDb, seedMatches } from './helpers';

/**
 * The provider adapters against recorded responses (tests/fixtures/providers, written from
 * shared/data/providers.md) served by a local HTTP server, writing to a real database
 * through the real write path.
 */
const SECRET = 'sk-live-DO-NOT-LOG-5f3a9c';
const fixture = (p: string) =>
	readFileSync(new URL(`../../fixtures/providers/${p}`, import.meta.url), 'utf8');

interface Reply {
	status?: number;
	headers?: Record<string, string>;
	body: string;
}

async function providerServer(): Promise<{
	url: string;
	server: Server;
	queue: Reply[];
	seen: IncomingHttpHeaders[];
	paths: string[];
}> {
	const queue: Reply[] = [];
	const seen: IncomingHttpHeaders[] = [];
	const paths: string[] = [];
	const server = createServer((req, res) => {
		seen.push(req.headers);
		paths.push(req.url ?? '');
		const reply = queue.shift() ?? { status: 500, body: '{}' };
		res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
		res.end(reply.body);
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		server,
		queue,
		seen,
		paths,
	};
}

describe('provider adapters → live changes', () => {
	let handle: DbHandle;
	let matchId: string;
	let api: Awaited<ReturnType<typeof providerServer>>;
	const logs: string[] = [];
	let spies: Array<ReturnType<typeof vi.spyOn>>;

	beforeAll(async () => {
		handle = await openTestDb();
		[matchId] = await seedMatches(handle, 1);
		// The seeded teams are "Northton" and "Southby"; put the match at the fixtures' date.
		await handle.db.execute(
			sql`UPDATE matches SET kickoff_at = '2026-06-14T18:00:00Z' WHERE id = ${Number(matchId)}`,
		);
		api = await providerServer();
		spies = (['log', 'warn', 'error', 'info'] as const).map((k) =>
			vi
				.spyOn(console, k)
				.mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))),
		);
	});
	afterAll(async () => {
		for (const s of spies) s.mockRestore();
		api.server.close();
		await handle.close();
	});

	const events = async () =>
		(await readSince(handle.db, 0, { matchIds: [matchId], limit: 100 })).filter(
			(e) => e.matchId === matchId,
		);

	it('football-data.org: maps a live match onto ours, then goals, a card and a disallowed goal; 429 waits', async () => {
		const bus = new MemoryBus();
		const published: number[] = [];
		bus.subscribe((e) => published.push(e.id));
		const client = new FootballDataClient({ token: SECRET, baseUrl: api.url });
		const feed = new PollingFeed({ db: handle.db, bus, client, log: (l) => logs.push(l) });
		const headers = { 'X-Requests-Available-Minute': '8', 'X-RequestCounter-Reset': '40' };
		api.queue.push({ body: fixture('football-data/matches-1.json'), headers });
		expect(await feed.pollOnce()).toBe(10_000);
		expect(api.seen[0]?.['x-auth-token']).toBe(SECRET);
		expect(api.paths[0]).toBe('/v4/matches');
		let [state] = await readMatchStates(handle.db, [matchId]);
		expect(state).toMatchObject({ status: 'live', minute: 37, score: { home: 1, away: 0 } });
		expect(
			(await events()).map((e) => e.payload.entry && (e.payload.entry as { type: string }).type),
		).toContain('goal');

		api.queue.push({ body: fixture('football-data/matches-2.json'), headers });
		await feed.pollOnce();
		[state] = await readMatchStates(handle.db, [matchId]);
		expect(state?.score).toEqual({ home: 2, away: 0 });
		const penalty = (await events()).find(
			(e) => (e.payload.entry as { type?: string } | undefined)?.type === 'penalty_goal',
		);
		expect(penalty).toBeDefined();

		// The penalty disappears from the feed: a correction cancels exactly that log entry.
		api.queue.push({
			body: fixture('football-data/matches-3.json'),
			headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '42' },
		});
		expect(await feed.pollOnce()).toBe(42_000);
		const correction = (await events()).find((e) => e.kind === 'correction');
		expect(correction?.payload.cancels).toBe(penalty!.id);
		[state] = await readMatchStates(handle.db, [matchId]);
		expect(state?.score).toEqual({ home: 1, away: 0 });

		// Nothing new: no event at all.
		const before = (await events()).length;
		api.queue.push({ body: fixture('football-data/matches-3.json'), headers });
		await feed.pollOnce();
		expect((await events()).length).toBe(before);

		api.queue.push({
			status: 429,
			body: fixture('football-data/error-429.json'),
			headers: { 'X-RequestCounter-Reset': '42' },
		});
		expect(await feed.pollOnce()).toBe(42_000);
		// Every committed event was published, in order.
		expect(published).toEqual([...published].sort((a, b) => a - b));
		expect(published.length).toBeGreaterThanOrEqual(before);
	});

	it('API-Football: polls only live fixtures, maps changes, and handles errors inside HTTP 200', async () => {
		await handle.db.execute(
			sql`UPDATE matches SET status = 'scheduled', ft_home = NULL, ft_away = NULL WHERE id = ${Number(matchId)}`,
		);
		const bus = new MemoryBus();
		let now = Date.UTC(2026, 5, 14, 18, 40);
		const client = new ApiFootballClient({ key: SECRET, baseUrl: api.url, now: () => now });
		const feed = new PollingFeed({ db: handle.db, bus, client, log: (l) => logs.push(l) });
		const start = api.seen.length;
		api.queue.push({
			body: fixture('api-football/live-1.json'),
			headers: { 'x-ratelimit-requests-remaining': '90' },
		});
		// The live list has no line-ups: one fixture's detail is asked for, once.
		api.queue.push({
			body: fixture('api-football/fixture-7001.json'),
			headers: { 'x-ratelimit-requests-remaining': '89' },
		});
		const interval = await feed.pollOnce();
		expect(interval).toBeGreaterThanOrEqual(60_000);
		expect(api.paths.slice(start)).toEqual(['/fixtures?live=all', '/fixtures?id=7001']);
		expect(api.seen[start]?.['x-apisports-key']).toBe(SECRET);
		expect(api.seen[start + 1]?.['x-apisports-key']).toBe(SECRET);
		const lineupEvents = async () => (await events()).filter((e) => e.kind === 'lineups');
		expect((await lineupEvents()).at(-1)?.payload.lineups).toEqual(['home', 'away']);
		const stored = rowsOf<{ starter: boolean; n: number }>(
			await handle.db.execute(
				sql`SELECT starter, count(*)::int AS n FROM lineups WHERE match_id = ${Number(matchId)} GROUP BY starter ORDER BY starter`,
			),
		);
		// 11 + 11 starters; 2 + 2 on the bench (a name listed twice is kept once).
		expect(stored).toEqual([
			{ starter: false, n: 4 },
			{ starter: true, n: 22 },
		]);
		const lineupsBefore = (await lineupEvents()).length;
		let [state] = await readMatchStates(handle.db, [matchId]);
		expect(state).toMatchObject({ status: 'live', minute: 37, score: { home: 1, away: 0 } });
		const stats = (await events()).find((e) => e.kind === 'stats');
		expect(stats?.payload.stats).toMatchObject({ possession: [58, 42] });

		api.queue.push({
			body: fixture('api-football/live-2.json'),
			headers: { 'x-ratelimit-requests-remaining': '89' },
		});
		await feed.pollOnce();
		[state] = await readMatchStates(handle.db, [matchId]);
		expect(state).toMatchObject({ minute: 52, score: { home: 2, away: 0 } });
		// Known line-ups are neither asked for nor published again.
		expect(api.paths.filter((p) => p === '/fixtures?id=7001')).toHaveLength(1);
		expect(await lineupEvents()).toHaveLength(lineupsBefore);

		// Quota exhausted, reported inside a 200: nothing changes, and no poll before midnight UTC.
		const count = (await events()).length;
		api.queue.push({ body: fixture('api-football/error-quota.json') });
		const wait = await feed.pollOnce();
		expect(wait).toBeGreaterThan(Date.UTC(2026, 5, 15) - now);
		expect((await events()).length).toBe(count);
		expect(logs.some((l) => l.includes('API error (requests)'))).toBe(true);
		now += 60_000;
		api.queue.push({ body: fixture('api-football/error-token.json') });
		await feed.pollOnce();
		expect(logs.some((l) => l.includes('API error (token)'))).toBe(true);
	});

	it("football-data.org: a match's published line-ups reach the lineups table through the write path, once", async () => {
		await handle.db.execute(sql`DELETE FROM lineups WHERE match_id = ${Number(matchId)}`);
		const bus = new MemoryBus();
		const published: string[] = [];
		bus.subscribe((e) => published.push(e.kind));
		const client = new FootballDataClient({ token: SECRET, baseUrl: api.url });
		const feed = new PollingFeed({ db: handle.db, bus, client, log: (l) => logs.push(l) });
		api.queue.push({ body: fixture('football-data/matches-lineups.json') });
		await feed.pollOnce();
		expect(published).toContain('lineups');
		const home = rowsOf<{ player_name: string; position: string; shirt_number: number }>(
			await handle.db.execute(sql`SELECT l.player_name, l.position, l.shirt_number FROM lineups l
				JOIN matches m ON m.id = l.match_id AND l.team_id = m.home_team_id
				WHERE l.match_id = ${Number(matchId)} AND l.starter ORDER BY l.shirt_number`),
		);
		expect(home).toHaveLength(11);
		expect(home[0]).toEqual({
			player_name: 'Aaron Keeper',
			position: 'Goalkeeper',
			shirt_number: 1,
		});
		api.queue.push({ body: fixture('football-data/matches-lineups.json') });
		await feed.pollOnce();
		expect(published.filter((k) => k === 'lineups')).toHaveLength(1);
	});

	it('never logs the key', () => {
		expect(logs.length).toBeGreaterThan(0);
		for (const line of logs) expect(line).not.toContain(SECRET);
	});
});
