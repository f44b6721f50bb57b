import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { ReplayFeed } from '~/server/live/providers/replay';
import { SITE_DIR, type Site, startSite, waitFor } from '../../helpers/site-process';
import { SseClient } from './helpers';

/**
 * Issue 27: a replay is a live match that has not happened yet. A past final is replayed
 * (deterministically: the feed's own clock, one match, from kick-off) to its 30th minute,
 * then every public output of the built site is fetched and must show the first half hour
 * only (no later scorer or minute, no final score, no winner) and say "replay".
 *
 * Needs a build (ASTRO_OUT_DIR=dist-x npx astro build; LIVE_SITE_DIR=dist-x) and PostgreSQL
 * (TEST_DATABASE_URL): the site runs in its own process, the replay in this one, on one
 * database.
 */
const PG = process.env.TEST_DATABASE_URL;
const built = Boolean(SITE_DIR && existsSync(join(SITE_DIR, 'server', 'entry.mjs')));

/** What the first 30 minutes of the replay show. */
const PAST = ['Early Striker', 'Booked Defender'];
/** The rest of the real match: none of it may appear while the replay is at 30'. */
const FUTURE = [
	'Late Leveller',
	'Comeback Kid',
	'Sub Coming On',
	'Sub Going Off',
	'Away Again',
	'Final Winner',
];
const FUTURE_MINUTES = ["54'", "66'", "70'", "80'", "90+4'"];
/** The real final score, 3–2, however written (text or JSON). */
const FINAL_SCORE = [/\b3\s*[–-]\s*2\b/, /"home":\s*3,\s*"away":\s*2/];

/** Every match object (one with a homeTeam) anywhere in an API answer. */
function matchObjects(value: unknown): Record<string, unknown>[] {
	if (Array.isArray(value)) return value.flatMap(matchObjects);
	if (value === null || typeof value !== 'object') return [];
	const here = 'homeTeam' in value ? [value as Record<string, unknown>] : [];
	return [...here, ...Object.values(value).flatMap(matchObjects)];
}

describe.skipIf(!PG || !built)('a running replay never shows its future (issue 27)', () => {
	const tag = Math.random().toString(36).slice(2, 8);
	const dbName = `replay_future_${tag}`;
	const slug = `cup-${tag}`;
	let admin: postgres.Sql;
	let handle: DbHandle;
	let site: Site;
	let feed: ReplayFeed;
	let matchId = 0;
	let consoleMatchId = 0;
	let homeId = 0;
	let homeSlug = '';

	beforeAll(async () => {
		admin = postgres(PG!, { max: 1, onnotice: () => {} });
		await admin.unsafe(`CREATE DATABASE ${dbName}`);
		const url = new URL(PG!);
		url.pathname = `/${dbName}`;
		handle = await openDatabase(url.toString());
		const db = handle.db;
		const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
		const comp = await one<{ id: number }>(sql`INSERT INTO competitions
			(code, slug, name, type, area_code, area_name, time_zone)
			VALUES (${`R${tag}`}, ${slug}, 'Replay Cup', 'tournament', 'XX', 'Testland', 'UTC') RETURNING id`);
		const season = await one<{ id: number }>(sql`INSERT INTO seasons (competition_id, label, name)
			VALUES (${comp.id}, '2022', 'Replay Cup 2022') RETURNING id`);
		const teams: { id: number; slug: string }[] = [];
		for (const name of ['Northton', 'Southby']) {
			const key = `${name.toLowerCase()}-${tag}`;
			teams.push(
				await one(sql`INSERT INTO teams (key, slug, name, short_name, colour_primary, colour_secondary)
					VALUES (${key}, ${key}, ${name}, ${name.slice(0, 3)}, '#000', '#fff') RETURNING id, slug`),
			);
		}
		const [home, away] = teams as [{ id: number; slug: string }, { id: number; slug: string }];
		homeId = home.id;
		homeSlug = home.slug;
		// The real match: 1–0 at half time, 3–2 after a late winner.
		const match = await one<{
			id: number;
		}>(sql`INSERT INTO matches (season_id, source_key, round, stage,
			home_team_id, away_team_id, kickoff_at, status, ht_home, ht_away, ft_home, ft_away, winner)
			VALUES (${season.id}, 'final', 'Final', 'knockout', ${home.id}, ${away.id},
				'2022-12-18T15:00:00Z', 'finished', 1, 0, 3, 2, 'home') RETURNING id`);
		matchId = match.id;
		await db.execute(sql`INSERT INTO match_events (match_id, seq, type, team_id, player_name, minute,
			stoppage, penalty, own_goal, card, player_in, player_out) VALUES
			(${matchId}, 1, 'goal', ${home.id}, 'Early Striker', 12, null, false, false, null, null, null),
			(${matchId}, 2, 'card', ${away.id}, 'Booked Defender', 20, null, false, false, 'yellow', null, null),
			(${matchId}, 3, 'goal', ${away.id}, 'Late Leveller', 54, null, false, false, null, null, null),
			(${matchId}, 4, 'goal', ${home.id}, 'Comeback Kid', 66, null, true, false, null, null, null),
			(${matchId}, 5, 'substitution', ${home.id}, null, 70, null, false, false, null, 'Sub Coming On', 'Sub Going Off'),
			(${matchId}, 6, 'goal', ${away.id}, 'Away Again', 80, null, false, false, null, null, null),
			(${matchId}, 7, 'goal', ${home.id}, 'Final Winner', 90, 4, false, false, null, null, null)`);
		await db.execute(sql`INSERT INTO lineups (match_id, team_id, player_name, shirt_number, position, starter) VALUES
			(${matchId}, ${home.id}, 'Home Keeper', 1, 'GK', true),
			(${matchId}, ${away.id}, 'Away Keeper', 1, 'GK', true)`);
		// A second match of the season, scored live in the console (no imported events).
		const other = await one<{
			id: number;
		}>(sql`INSERT INTO matches (season_id, source_key, round, stage,
			home_team_id, away_team_id, kickoff_at, status)
			VALUES (${season.id}, 'third', 'Third place', 'knockout', ${away.id}, ${home.id},
				'2022-12-17T15:00:00Z', 'scheduled') RETURNING id`);
		consoleMatchId = other.id;

		// The site on the same database, with no feed of its own: this process plays the replay.
		site = await startSite({ DATABASE_URL: url.toString(), FEED: 'off', REDIS_URL: '' });
		await waitFor(site, '/healthz');

		let now = 0;
		feed = new ReplayFeed({
			db,
			bus: new MemoryBus(),
			speed: 60,
			concurrent: 1,
			competitions: slug,
			stagger: false,
			now: () => now,
		});
		await feed.tick(); // kick-off
		now = 30_000; // 30 match minutes at 60x
		await feed.tick();
		// The console's goal, then full time.
		const bus = new MemoryBus();
		const id = String(consoleMatchId);
		await applyLiveChange(
			{ matchId: id, kind: 'status', status: 'live', minute: 0, score: { home: 0, away: 0 } },
			{ db, bus },
		);
		await applyLiveChange(
			{
				matchId: id,
				kind: 'event',
				minute: 33,
				score: { home: 1, away: 0 },
				entry: { type: 'goal', minute: 33, side: 'home', player: 'Console Scorer' },
			},
			{ db, bus },
		);
		await applyLiveChange(
			{ matchId: id, kind: 'status', status: 'finished', minute: 90 },
			{ db, bus },
		);
	}, 240_000);

	afterAll(async () => {
		await site?.stop();
		await handle?.close();
		await admin?.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
		await admin?.end({ timeout: 5 });
	});

	const text = async (path: string) => {
		const res = await fetch(site.url(path));
		expect(res.status, path).toBe(200);
		return res.text();
	};

	/** No name, minute or score from after the replay's 30th minute, nor its winner. */
	function expectNoFuture(body: string, what: string): void {
		for (const name of FUTURE) expect(body, `${what} names ${name}`).not.toContain(name);
		for (const re of FINAL_SCORE) expect(body, `${what} has the final score`).not.toMatch(re);
		expect(body, `${what} has the winner`).not.toMatch(/"winner":\s*"/);
	}

	it('is mid-replay at 30 minutes, 1–0 (the test stands where it means to)', async () => {
		const [row] = rowsOf<{ status: string; ft_home: number; ft_away: number }>(
			await handle.db.execute(
				sql`SELECT status, ft_home, ft_away FROM matches WHERE id = ${matchId}`,
			),
		);
		expect(row).toMatchObject({ status: 'live', ft_home: 1, ft_away: 0 });
	});

	it('the match page (HTML, JSON-LD, Open Graph) shows the first half hour and says replay', async () => {
		const html = await text(`/en/match/${matchId}`);
		expectNoFuture(html, 'match page');
		for (const minute of FUTURE_MINUTES) expect(html).not.toContain(`>${minute}<`);
		for (const name of PAST) expect(html).toContain(name);
		expect(html).toContain('data-testid="replay-badge"');
		const ld = [
			...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
		];
		expect(ld.length).toBeGreaterThan(0);
		for (const [, json] of ld) expectNoFuture(json!, 'JSON-LD');
		const og = [...html.matchAll(/<meta (?:property|name)="(?:og|twitter):[^>]*>/g)].join('\n');
		expect(og).not.toBe('');
		expectNoFuture(og, 'Open Graph');
	});

	it('the match and line-up embeds show the first half hour and say replay', async () => {
		for (const kind of ['match', 'lineup']) {
			const html = await text(`/en/embed/${kind}/${matchId}`);
			expectNoFuture(html, `${kind} embed`);
			for (const minute of ['54', '66', '80', '90'])
				expect(html).not.toMatch(new RegExp(`\\b${minute}'`));
			expect(html, `${kind} embed`).toContain('data-testid="replay-badge"');
		}
		expect(await text(`/en/embed/match/${matchId}`)).toContain('Early Striker');
		// Lists in embeds: the replay's row says so (a match in play is in neither fixtures
		// nor results, so the fixtures embed need only keep quiet about its future).
		const scores = await text(`/en/embed/scores?competition=${slug}`);
		expectNoFuture(scores, 'scores embed');
		expect(scores).toMatch(new RegExp(`data-match-id="${matchId}"[^]*?data-testid="replay-badge"`));
		expectNoFuture(await text(`/en/embed/fixtures?team=${homeSlug}`), 'fixtures embed');
	});

	it('the API match, lists, team and competition answers agree with the page and say replay', async () => {
		const detail = JSON.parse(await text(`/api/v1/matches/${matchId}`));
		expectNoFuture(JSON.stringify(detail), 'API match');
		expect(detail).toMatchObject({ replay: true, status: 'live', winner: null });
		expect(detail.score.ft).toEqual({ home: 1, away: 0 });
		expect(
			detail.events.map((e: { player: string; minute: number }) => [e.player, e.minute]),
		).toEqual([
			['Early Striker', 12],
			['Booked Defender', 20],
		]);
		const lists = [
			'/api/v1/matches?status=live',
			'/api/v1/matches?date=2022-12-18',
			`/api/v1/teams/${homeId}`,
			`/api/v1/competitions/${slug}`,
		];
		for (const path of lists) {
			const body = await text(path);
			expectNoFuture(body, path);
			const mine = matchObjects(JSON.parse(body)).filter((m) => m.id === matchId);
			// The day's and the live list must have it; where it is listed at all, it says replay.
			if (path.includes('/matches')) expect(mine.length, path).toBeGreaterThan(0);
			for (const m of mine) expect(m, path).toMatchObject({ replay: true, winner: null });
		}
	});

	it('the SSE snapshot, iCal, RSS and the league page (top scorers) have no future', async () => {
		const sse = new SseClient(site.url(`/api/live?matches=${matchId}`));
		await sse.until(() => sse.messages.some((m) => m.event === 'snapshot'), 30_000);
		sse.close();
		const snapshot = JSON.stringify(sse.messages.find((m) => m.event === 'snapshot')!.data);
		expectNoFuture(snapshot, 'SSE snapshot');
		for (const name of PAST) expect(snapshot).toContain(name);
		expect(snapshot).toContain('"isReplay":true');
		for (const path of [
			`/api/calendar/team/${homeId}.ics`,
			`/api/calendar/competition/${slug}.ics`,
		]) {
			const ics = await text(path);
			expectNoFuture(ics, path);
			expect(ics, path).toContain('(Replay)');
		}
		expectNoFuture(await text('/en/rss.xml'), 'RSS');
		const league = await text(`/en/league/${slug}`);
		expectNoFuture(league, 'league page');
	});

	it('a match scored in the console: the API lists the events the page shows', async () => {
		const detail = JSON.parse(await text(`/api/v1/matches/${consoleMatchId}`));
		expect(detail.replay).toBe(false);
		expect(detail.events).toMatchObject([
			{ type: 'goal', player: 'Console Scorer', minute: 33, side: 'home', underReview: false },
		]);
		const html = await text(`/en/match/${consoleMatchId}`);
		expect(html).toContain('Console Scorer');
	});
});
