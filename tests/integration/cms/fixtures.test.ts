import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as competitionsRoute from '~/pages/api/cms/competitions/index';
import * as fixtureRoute from '~/pages/api/cms/fixtures/[id]/index';
import * as stateRoute from '~/pages/api/cms/fixtures/[id]/state';
import * as fixturesRoute from '~/pages/api/cms/fixtures/index';
import * as teamsRoute from '~/pages/api/cms/teams/index';
import { addStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import { getMatchDetail } from '~/server/football/queries/match-detail';
import { matchesForDay } from '~/server/football/queries/matches';
import { getTeamDetail } from '~/server/football/queries/teams';
import { getLiveHub } from '~/server/live/runtime';
import type { LiveEvent } from '~/server/live/types';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const PASSWORD = 'correct horse battery staple';
type Json = Record<string, unknown> & { data: Record<string, unknown> };

async function token(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

async function send(
	handler: unknown,
	who: string,
	opts: { method?: string; body?: unknown; id?: number; path?: string } = {},
) {
	const r = await call(handler as never, {
		method: opts.method ?? 'POST',
		...(opts.body !== undefined ? { body: opts.body } : {}),
		params: opts.id ? { id: String(opts.id) } : {},
		headers: { authorization: `Bearer ${who}` },
		path: opts.path ?? '/api/cms/fixtures',
	});
	return { status: r.status, body: (await r.json()) as Json };
}

async function audit(action: string) {
	return rowsOf<{ target: string; before: Json | null; after: Json | null }>(
		await db().db.execute(
			sql`SELECT target, before, after FROM cms_audit WHERE action = ${action} ORDER BY id`,
		),
	);
}

/** The seeded season and teams of seedMatches (Northton v Southby). */
async function seeded(matchId: string) {
	const [row] = rowsOf<{ season_id: number; home_team_id: number; away_team_id: number }>(
		await db().db.execute(
			sql`SELECT season_id, home_team_id, away_team_id FROM matches WHERE id = ${Number(matchId)}`,
		),
	);
	return row!;
}

describe('console: fixtures, teams, competitions', () => {
	let editor = '';
	let seasonId = 0;
	let homeId = 0;
	let awayId = 0;

	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events');
		const [m] = await seedMatches(db(), 1);
		const s = await seeded(m!);
		seasonId = s.season_id;
		homeId = s.home_team_id;
		awayId = s.away_team_id;
		editor = await token('ed@example.com', 'editor');
	});

	const fixture = (extra: Record<string, unknown> = {}) => ({
		seasonId,
		homeTeamId: homeId,
		awayTeamId: awayId,
		round: 'Matchday 9',
		kickoffDate: '2026-12-20',
		kickoffTime: '15:30',
		timeZone: 'Europe/Berlin',
		...extra,
	});

	it('an editor creates a team and a fixture in Europe/Berlin: stored in UTC, public reads see it at once', async () => {
		const team = await send(teamsRoute.POST, editor, {
			body: { name: 'Öster <script>x</script> FC', tla: 'ost' },
			path: '/api/cms/teams',
		});
		expect(team.status).toBe(201);
		expect(team.body.data).toMatchObject({ slug: 'oster-script-x-script-fc' });
		const newTeam = Number(team.body.data['id']);

		// Warm the public caches first: the change must drop them, not wait for their TTL.
		const dayBefore = await matchesForDay(db().db, { date: '2026-12-20', timeZone: 'UTC' });
		expect(dayBefore.total).toBe(0);
		expect((await getTeamDetail(db().db, newTeam))?.fixtures ?? []).toHaveLength(0);

		const made = await send(fixturesRoute.POST, editor, {
			body: fixture({ awayTeamId: newTeam }),
		});
		expect(made.status).toBe(201);
		const id = Number(made.body.data['id']);
		const [row] = rowsOf<{ k: string; status: string }>(
			await db().db.execute(
				sql`SELECT to_char(kickoff_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS k, status FROM matches WHERE id = ${id}`,
			),
		);
		expect(row).toEqual({ k: '2026-12-20 14:30', status: 'scheduled' });

		const detail = await getMatchDetail(db().db, id);
		expect(detail?.match.kickoffAt.toISOString()).toBe('2026-12-20T14:30:00.000Z');
		expect(detail?.match.away.name).toBe('Öster <script>x</script> FC');
		const day = await matchesForDay(db().db, { date: '2026-12-20', timeZone: 'UTC' });
		expect(day.groups.flatMap((g) => g.matches.map((m) => m.id))).toContain(id);
		const teamPage = await getTeamDetail(db().db, newTeam);
		expect(teamPage?.fixtures.map((m) => m.id)).toContain(id);

		expect((await audit('team.create'))[0]).toMatchObject({ target: `team:${newTeam}` });
		expect((await audit('fixture.create'))[0]).toMatchObject({
			target: `match:${id}`,
			after: { kickoffAt: '2026-12-20T14:30:00.000Z', timeZone: 'Europe/Berlin' },
		});
	});

	it('refuses a team playing itself, a skipped wall time, an unknown zone, a taken slug', async () => {
		const self = await send(fixturesRoute.POST, editor, { body: fixture({ awayTeamId: homeId }) });
		expect(self.status).toBe(400);
		expect(self.body['fields']).toEqual(['awayTeamId']);
		// 02:30 does not exist in Berlin on 28 March 2027 (clocks go from 02:00 to 03:00).
		const gap = await send(fixturesRoute.POST, editor, {
			body: fixture({ kickoffDate: '2027-03-28', kickoffTime: '02:30' }),
		});
		expect(gap.status).toBe(400);
		expect(gap.body['fields']).toEqual(['kickoffTime']);
		const zone = await send(fixturesRoute.POST, editor, {
			body: fixture({ timeZone: 'Mars/Base' }),
		});
		expect(zone.status).toBe(400);
		expect(zone.body['fields']).toEqual(['timeZone']);
		const season = await send(fixturesRoute.POST, editor, { body: fixture({ seasonId: 999999 }) });
		expect(season.status).toBe(400);
		expect(season.body['fields']).toEqual(['seasonId']);
		const first = await send(teamsRoute.POST, editor, {
			body: { name: 'Twin' },
			path: '/api/cms/teams',
		});
		expect(first.status).toBe(201);
		const twin = await send(teamsRoute.POST, editor, {
			body: { name: 'Twin' },
			path: '/api/cms/teams',
		});
		expect(twin.status).toBe(409);
		expect(twin.body).toMatchObject({ error: 'slug_taken', fields: ['slug'] });
		expect(await audit('fixture.create')).toHaveLength(0);
	});

	it('a kick-off without a zone is in the venue’s zone; an edit moves it and is audited before/after', async () => {
		await db().db.execute(
			sql`INSERT INTO venues (key, name, time_zone) VALUES ('cms-test-arena', 'Test Arena', 'America/New_York')`,
		);
		const [venue] = rowsOf<{ id: number }>(
			await db().db.execute(sql`SELECT id FROM venues WHERE key = 'cms-test-arena'`),
		);
		const made = await send(fixturesRoute.POST, editor, {
			body: fixture({ timeZone: undefined, venueId: venue!.id }),
		});
		expect(made.status).toBe(201);
		const id = Number(made.body.data['id']);
		// 15:30 in New York in December (UTC-5).
		expect((await getMatchDetail(db().db, id))?.match.kickoffAt.toISOString()).toBe(
			'2026-12-20T20:30:00.000Z',
		);
		const edited = await send(fixtureRoute.PUT, editor, {
			method: 'PUT',
			id,
			body: fixture({ kickoffTime: '18:00', timeZone: 'UTC', round: 'Final' }),
		});
		expect(edited.status).toBe(200);
		const detail = await getMatchDetail(db().db, id);
		expect(detail?.match.kickoffAt.toISOString()).toBe('2026-12-20T18:00:00.000Z');
		expect(detail?.match.round).toBe('Final');
		expect(detail?.venue).toBeNull();
		expect((await audit('fixture.update'))[0]).toMatchObject({
			target: `match:${id}`,
			before: { kickoffAt: '2026-12-20T20:30:00.000Z', venueId: venue!.id, round: 'Matchday 9' },
			after: { kickoffAt: '2026-12-20T18:00:00.000Z', venueId: null, round: 'Final' },
		});
	});

	it('postpone and cancel go through the live write path (one status event each, audited)', async () => {
		const made = await send(fixturesRoute.POST, editor, { body: fixture() });
		const id = Number(made.body.data['id']);
		await getMatchDetail(db().db, id);
		const seen: LiveEvent[] = [];
		const stop = getLiveHub().bus.subscribe((e) => {
			if (e.matchId === String(id)) seen.push(e);
		});
		const postponed = await send(stateRoute.POST, editor, { id, body: { action: 'postpone' } });
		expect(postponed.status).toBe(201);
		expect(postponed.body.data).toMatchObject({ status: 'postponed', version: 2 });
		expect((await send(stateRoute.POST, editor, { id, body: { action: 'postpone' } })).status).toBe(
			409,
		);
		const cancelled = await send(stateRoute.POST, editor, { id, body: { action: 'cancel' } });
		expect(cancelled.status).toBe(201);
		stop();
		expect(seen.map((e) => [e.kind, (e.payload as { status: string }).status])).toEqual([
			['status', 'postponed'],
			['status', 'cancelled'],
		]);
		const log = rowsOf<{ n: number }>(
			await db().db.execute(
				sql`SELECT count(*)::int AS n FROM live_events WHERE match_id = ${String(id)}`,
			),
		);
		expect(log[0]?.n).toBe(2);
		expect((await audit('fixture.postpone'))[0]).toMatchObject({
			target: `match:${id}`,
			before: { status: 'scheduled' },
			after: { status: 'postponed' },
		});
		expect(await audit('fixture.cancel')).toHaveLength(1);
		// Cancelled: no longer editable, and the bus sweep or the data cache shows the status.
		await new Promise((r) => setTimeout(r, 300));
		expect((await getMatchDetail(db().db, id))?.match.status).toBe('cancelled');
		const edit = await send(fixtureRoute.PUT, editor, { method: 'PUT', id, body: fixture() });
		expect(edit.status).toBe(409);
	});

	it('a competition with its first season; a scorer is refused; a cross-site cookie call is refused', async () => {
		const made = await send(competitionsRoute.POST, editor, {
			path: '/api/cms/competitions',
			body: {
				name: 'Regionalliga Test',
				code: 'rlt',
				type: 'league',
				areaName: 'Germany',
				areaCode: 'DEU',
				timeZone: 'Europe/Berlin',
				seasonLabel: '2026-27',
			},
		});
		expect(made.status).toBe(201);
		expect(made.body.data).toMatchObject({ slug: 'regionalliga-test' });
		const again = await send(competitionsRoute.POST, editor, {
			path: '/api/cms/competitions',
			body: {
				name: 'Other',
				code: 'RLT',
				type: 'cup',
				areaName: 'Germany',
				areaCode: 'DEU',
				timeZone: 'UTC',
				seasonLabel: '2026',
			},
		});
		expect(again.status).toBe(409);
		expect(again.body['error']).toBe('code_taken');
		const list = await send(competitionsRoute.GET, editor, { method: 'GET' });
		expect(list.body.data).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: made.body.data['seasonId'], label: '2026-27' }),
			]),
		);
		expect((await audit('competition.create'))[0]).toMatchObject({
			after: { code: 'RLT', seasonLabel: '2026-27' },
		});

		const scorer = await token('sc@example.com', 'scorer');
		expect((await send(fixturesRoute.POST, scorer, { body: fixture() })).status).toBe(403);
		expect((await send(fixturesRoute.GET, scorer, { method: 'GET' })).status).toBe(403);

		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'ed@example.com', password: PASSWORD },
		});
		const cookie = login.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
		const crossSite = await call(fixturesRoute.POST as never, {
			body: fixture(),
			headers: { cookie, origin: 'https://evil.example' },
			path: '/api/cms/fixtures',
		});
		expect(crossSite.status).toBe(403);
		expect(await audit('fixture.create')).toHaveLength(0);
	});
});
