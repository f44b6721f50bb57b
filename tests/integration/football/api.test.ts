import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbHandleForTests } from '~/server/db/client';
import { clearDataCache } from '~/server/cache/data-cache';
import { query } from '~/server/football/queries/sql';
import { GET as competitionsGET } from '~/pages/api/v1/competitions/index';
import { GET as competitionGET } from '~/pages/api/v1/competitions/[id]';
import { GET as standingsGET } from '~/pages/api/v1/competitions/[id]/standings';
import { GET as matchesGET } from '~/pages/api/v1/matches/index';
import { GET as matchGET } from '~/pages/api/v1/matches/[id]';
import { GET as teamGET } from '~/pages/api/v1/teams/[id]';
import { GET as h2hGET } from '~/pages/api/v1/h2h';
import { GET as openapiGET } from '~/pages/api/v1/openapi.json';
import { GET as teamIcsGET } from '~/pages/api/calendar/team/[id].ics';
import { GET as competitionIcsGET } from '~/pages/api/calendar/competition/[id].ics';
import { GET as crestGET } from '~/pages/crest/[id].svg';
import { ENGINES, openImportedDb, type TestDb } from './import-helpers';

type Route = (ctx: never) => Response | Promise<Response>;

/** Calls an endpoint module's GET the way Astro would, with the parts our routes read. */
async function call(
	route: Route,
	path: string,
	params: Record<string, string> = {},
	headers: Record<string, string> = {},
) {
	const url = new URL(path, 'http://localhost:4321');
	const request = new Request(url, { headers });
	const ctx = { params, url, request, locals: { origin: 'http://localhost:4321' } };
	return route(ctx as never);
}

describe.each(ENGINES)('football API on %s', (engine) => {
	let t: TestDb;
	let liverpool: number;
	let city: number;
	let matchId: number;
	beforeAll(async () => {
		t = await openImportedDb(engine);
		setDbHandleForTests(t.handle);
		clearDataCache();
		const rows = await query<{ id: number; name: string }>(
			t.handle.db,
			sql`SELECT id, name FROM teams WHERE name IN ('Liverpool FC', 'Manchester City FC')`,
		);
		liverpool = Number(rows.find((r) => r.name === 'Liverpool FC')!.id);
		city = Number(rows.find((r) => r.name === 'Manchester City FC')!.id);
		const [m] = await query<{ id: number }>(
			t.handle.db,
			sql`SELECT id FROM matches WHERE home_team_id = ${liverpool} AND kickoff_at = '2025-08-15T19:00:00Z'`,
		);
		matchId = Number(m!.id);
	}, 180_000);
	afterAll(async () => {
		setDbHandleForTests(undefined);
		clearDataCache();
		await t?.close();
	});

	it('GET /competitions: 200 with ETag and Cache-Control, 304 on If-None-Match', async () => {
		const r = await call(competitionsGET, '/api/v1/competitions');
		expect(r.status).toBe(200);
		expect(r.headers.get('cache-control')).toMatch(/max-age=\d+/);
		const body = await r.json();
		expect(body.competitions.map((c: { slug: string }) => c.slug)).toContain('premier-league');
		const again = await call(
			competitionsGET,
			'/api/v1/competitions',
			{},
			{ 'if-none-match': r.headers.get('etag')! },
		);
		expect(again.status).toBe(304);
		expect(again.headers.get('etag')).toBe(r.headers.get('etag'));
	});

	it('GET /competitions/{id} with seasons; unknown → 404 JSON; bad → 400', async () => {
		const r = await call(competitionGET, '/api/v1/competitions/premier-league', {
			id: 'premier-league',
		});
		const body = await r.json();
		expect(body.seasons.map((s: { label: string }) => s.label)).toEqual([
			'2025-26',
			'2024-25',
			'2023-24',
			'2022-23',
		]);
		const byId = await call(competitionGET, `/api/v1/competitions/${body.id}`, {
			id: String(body.id),
		});
		expect((await byId.json()).slug).toBe('premier-league');
		const missing = await call(competitionGET, '/api/v1/competitions/99999', { id: '99999' });
		expect(missing.status).toBe(404);
		expect(await missing.json()).toMatchObject({ error: 'not_found' });
		const bad = await call(competitionGET, '/api/v1/competitions/x', {
			id: "'; DROP TABLE teams;--",
		});
		expect(bad.status).toBe(400);
		expect((await bad.json()).message).toContain('"id"');
	});

	it('GET /competitions/{id}/standings?season=2023-24: rows with the contract fields', async () => {
		const r = await call(
			standingsGET,
			'/api/v1/competitions/premier-league/standings?season=2023-24',
			{ id: 'premier-league' },
		);
		expect(r.status).toBe(200);
		const body = await r.json();
		expect(body.season).toBe('2023-24');
		expect(body.rows[0]).toMatchObject({
			position: 1,
			team: { id: city, name: 'Manchester City FC' },
			played: 38,
			won: 28,
			drawn: 7,
			lost: 3,
			goalsFor: 96,
			goalsAgainst: 34,
			goalDifference: 62,
			points: 91,
		});
		expect(body.rows[0].form).toMatch(/^[WDL]{5}$/);
		expect(body.rows[1]).toMatchObject({ team: { name: 'Arsenal FC' }, points: 89 });
		for (const [q, param] of [
			['season=24-25', 'season'],
			['date=2024-02-30', 'date'],
		] as const) {
			const bad = await call(standingsGET, `/api/v1/competitions/premier-league/standings?${q}`, {
				id: 'premier-league',
			});
			expect(bad.status).toBe(400);
			expect(await bad.json()).toMatchObject({
				error: 'bad_request',
				message: expect.stringContaining(`"${param}"`),
			});
		}
		const noSeason = await call(
			standingsGET,
			'/api/v1/competitions/premier-league/standings?season=1999-00',
			{ id: 'premier-league' },
		);
		expect(noSeason.status).toBe(404);
	});

	it('GET /matches?date=2025-08-15: kick-off as a UTC instant; filters validated', async () => {
		const r = await call(matchesGET, '/api/v1/matches?date=2025-08-15');
		const body = await r.json();
		const all = body.competitions.flatMap((c: { matches: unknown[] }) => c.matches);
		const m = all.find((x: { id: number }) => x.id === matchId);
		expect(m).toMatchObject({
			kickoff: '2025-08-15T19:00:00.000Z',
			status: 'finished',
			score: { ft: { home: 4, away: 2 } },
			isReplay: false,
		});
		const pl = body.competitions.find(
			(c: { competition: { slug: string } }) => c.competition.slug === 'premier-league',
		);
		const filtered = await call(
			matchesGET,
			`/api/v1/matches?date=2025-08-15&competition=${pl.competition.id}&status=results`,
		);
		expect((await filtered.json()).competitions).toHaveLength(1);
		const live = await call(matchesGET, '/api/v1/matches?date=2025-08-15&status=live');
		expect((await live.json()).total).toBe(0);
		for (const [q, param] of [
			['date=2025-13-01', 'date'],
			['competition=abc', 'competition'],
			['status=soon', 'status'],
			['tz=Nowhere/Land', 'tz'],
		] as const) {
			const bad = await call(matchesGET, `/api/v1/matches?${q}`);
			expect(bad.status).toBe(400);
			expect((await bad.json()).message).toContain(`"${param}"`);
		}
	});

	it('GET /matches?status=live without a date lists what is live now, with isReplay from live_replays', async () => {
		const db = t.handle.db;
		await db.execute(sql`UPDATE matches SET status = 'live', minute = 55 WHERE id = ${matchId}`);
		await db.execute(
			sql`INSERT INTO live_replays (match_id, original) VALUES (${matchId}, '{}'::jsonb)`,
		);
		clearDataCache();
		try {
			const body = await (await call(matchesGET, '/api/v1/matches?status=live')).json();
			const all = body.competitions.flatMap((c: { matches: unknown[] }) => c.matches);
			expect(all).toHaveLength(1);
			expect(all[0]).toMatchObject({ id: matchId, status: 'live', minute: 55, isReplay: true });
			const detail = await (
				await call(matchGET, `/api/v1/matches/${matchId}`, { id: String(matchId) })
			).json();
			expect(detail.isReplay).toBe(true);
			// With a date, the day filter still applies: 2025-08-15 is not today.
			const other = await (
				await call(matchesGET, '/api/v1/matches?status=live&date=2025-08-16')
			).json();
			expect(other.total).toBe(0);
		} finally {
			await db.execute(sql`DELETE FROM live_replays WHERE match_id = ${matchId}`);
			await db.execute(
				sql`UPDATE matches SET status = 'finished', minute = NULL WHERE id = ${matchId}`,
			);
			clearDataCache();
		}
	});

	it('GET /matches/{id}: score parts kept apart, events, head-to-head; 404 and 400', async () => {
		const r = await call(matchGET, `/api/v1/matches/${matchId}`, { id: String(matchId) });
		const body = await r.json();
		expect(body).toMatchObject({
			id: matchId,
			kickoff: '2025-08-15T19:00:00.000Z',
			status: 'finished',
			score: { ht: { home: 1, away: 0 }, ft: { home: 4, away: 2 }, et: null, pen: null },
			events: [],
			isReplay: false,
			homeTeam: { name: 'Liverpool FC' },
		});
		expect(body.headToHead.played).toBeGreaterThanOrEqual(1);
		expect((await call(matchGET, '/api/v1/matches/99999999', { id: '99999999' })).status).toBe(404);
		expect((await call(matchGET, '/api/v1/matches/abc', { id: 'abc' })).status).toBe(400);
	});

	it('GET /teams/{id} and /h2h', async () => {
		const team = await (
			await call(teamGET, `/api/v1/teams/${liverpool}`, { id: String(liverpool) })
		).json();
		expect(team).toMatchObject({ id: liverpool, name: 'Liverpool FC' });
		expect(team.standing.row.team.id).toBe(liverpool);
		const h2h = await call(h2hGET, `/api/v1/h2h?team1=${liverpool}&team2=${city}`);
		const body = await h2h.json();
		expect(body.team1.id).toBe(liverpool);
		expect(body.team1Wins + body.draws + body.team2Wins).toBe(body.played);
		const missing = await call(h2hGET, `/api/v1/h2h?team1=${liverpool}`);
		expect(missing.status).toBe(400);
		expect((await missing.json()).message).toContain('"team2"');
		expect((await call(h2hGET, `/api/v1/h2h?team1=${liverpool}&team2=${liverpool}`)).status).toBe(
			400,
		);
		expect((await call(h2hGET, `/api/v1/h2h?team1=${liverpool}&team2=99999999`)).status).toBe(404);
		expect((await call(teamGET, '/api/v1/teams/99999999', { id: '99999999' })).status).toBe(404);
	});

	it('GET /openapi.json: an OpenAPI 3.1 document naming every endpoint', async () => {
		const doc = await (await call(openapiGET, '/api/v1/openapi.json')).json();
		expect(doc.openapi).toBe('3.1.0');
		expect(Object.keys(doc.paths).sort()).toEqual(
			[
				'/competitions',
				'/competitions/{id}',
				'/competitions/{id}/standings',
				'/h2h',
				'/matches',
				'/matches/{id}',
				'/matches/{id}/games',
				'/teams/{id}',
				// Under /api (their own `servers` entry): live games, follows and push.
				'/games/{gameId}/picks',
				'/follows/matches',
				'/me/follows',
				'/push/stop',
				'/push/subscriptions',
				'/push/vapid-public-key',
			].sort(),
		);
	});

	it('calendar feeds per team and per competition', async () => {
		const r = await call(teamIcsGET, `/api/calendar/team/${liverpool}.ics`, {
			id: String(liverpool),
		});
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toContain('text/calendar');
		const text = await r.text();
		expect(text).toContain(`UID:match-${matchId}@localhost:4321\r\n`);
		expect(text).toContain('DTSTART:20250815T190000Z\r\n');
		const comp = await call(competitionIcsGET, '/api/calendar/competition/premier-league.ics', {
			id: 'premier-league',
		});
		expect((await comp.text()).match(/BEGIN:VEVENT/g)).toHaveLength(380);
		expect((await call(teamIcsGET, '/api/calendar/team/0.ics', { id: '0' })).status).toBe(400);
		expect(
			(await call(competitionIcsGET, '/api/calendar/competition/nope.ics', { id: 'nope' })).status,
		).toBe(404);
	});

	it('crest SVG with long cache headers', async () => {
		const r = await call(crestGET, `/crest/${liverpool}.svg`, { id: String(liverpool) });
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toContain('image/svg+xml');
		expect(r.headers.get('cache-control')).toContain('max-age=604800');
		expect(await r.text()).toContain('Liverpool FC');
		expect((await call(crestGET, '/crest/99999999.svg', { id: '99999999' })).status).toBe(404);
	});
});
