import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as loginRoute from '~/pages/api/auth/login';
import * as matchRoute from '~/pages/api/cms/matches/[id]/index';
import * as eventRoute from '~/pages/api/cms/matches/[id]/events/[eventId]';
import * as eventsRoute from '~/pages/api/cms/matches/[id]/events/index';
import * as leaseRoute from '~/pages/api/cms/matches/[id]/lease';
import * as statusRoute from '~/pages/api/cms/matches/[id]/status';
import { addStaff, listStaff, removeStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import { buildSnapshot } from '~/server/live/snapshot';
import { sql } from 'drizzle-orm';
import {
	call,
	cookieHeader,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const PASSWORD = 'correct horse battery staple';
let matchId = '';

async function staffToken(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	const added = await addStaff({ email, role, password: PASSWORD });
	expect(added.ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

type Body = Record<string, unknown>;

async function post(
	route: { POST?: unknown },
	token: string,
	body: Body,
	params: Record<string, string> = { id: matchId },
) {
	const r = await call(route.POST as never, {
		body,
		params,
		headers: { authorization: `Bearer ${token}` },
	});
	return { status: r.status, body: (await r.json()) as Body & { data: Body } };
}

async function state() {
	const { matches } = await buildSnapshot(db().db, [matchId]);
	return matches[0]!;
}

describe('live scoring API', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events');
		[matchId] = await seedMatches(db(), 1);
	});

	it('a full match: kick-off, goal, corrected minute, ruled-out goal, full time; each 201 with the new version', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		const start = await post(statusRoute, token, { status: 'live', minute: 0, version: 1 });
		expect(start.status).toBe(201);
		expect(start.body.data).toMatchObject({
			status: 'live',
			score: { home: 0, away: 0 },
			version: 2,
		});

		const goal = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 12,
			player: 'Kane',
			version: 2,
		});
		expect(goal.status).toBe(201);
		expect(goal.body.data).toMatchObject({ version: 3, score: { home: 1, away: 0 } });

		const fixed = await call(eventRoute.PATCH, {
			method: 'PATCH',
			body: { minute: 14, version: 3 },
			params: { id: matchId, eventId: String(goal.body.data.eventId) },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(fixed.status).toBe(201);

		const second = await post(eventsRoute, token, { type: 'goal', side: 'away', minute: 30 });
		expect(second.body.data).toMatchObject({ score: { home: 1, away: 1 } });
		const ruledOut = await call(eventRoute.DELETE, {
			method: 'DELETE',
			params: { id: matchId, eventId: String(second.body.data.eventId) },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(ruledOut.status).toBe(201);
		expect(((await ruledOut.json()) as { data: Body }).data).toMatchObject({
			score: { home: 1, away: 0 },
		});

		const end = await post(statusRoute, token, { status: 'finished', minute: 90 });
		expect(end.body.data).toMatchObject({ status: 'finished', score: { home: 1, away: 0 } });

		const now = await state();
		expect(now.status).toBe('finished');
		const goals = now.timeline.filter((t) => t.type === 'goal');
		expect(goals).toHaveLength(1);
		expect(goals[0]).toMatchObject({ minute: 14, player: 'Kane', side: 'home' });
		expect(now.timeline.map((t) => t.type)).toEqual(['kickoff', 'goal', 'fulltime']);
		// Corrections and deletions are new rows of the log, never edits.
		expect(await count('live_events')).toBe(6);
	});

	it('every change writes an audit row (who, what, before/after) in its transaction', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		await post(eventsRoute, token, { type: 'goal', side: 'away', minute: 3 });
		const rows = rowsOf<{
			actor_email: string;
			action: string;
			target: string;
			before: Body;
			after: Body;
		}>(
			await db().db.execute(
				sql`SELECT actor_email, action, target, before, after FROM cms_audit WHERE action LIKE 'match.%' ORDER BY id`,
			),
		);
		expect(rows.map((r) => r.action)).toEqual(['match.status.live', 'match.event.goal']);
		expect(rows[1]).toMatchObject({
			actor_email: 'scorer@example.com',
			target: `match:${matchId}`,
			before: { score: { home: 0, away: 0 }, version: 2 },
			after: { score: { home: 0, away: 1 }, version: 3 },
		});
	});

	it('a stale version is 409 and changes nothing: two scorers cannot double a goal', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0, version: 1 });
		const first = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 5,
			version: 2,
		});
		expect(first.status).toBe(201);
		const events = await count('live_events');
		const again = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 5,
			version: 2,
		});
		expect(again.status).toBe(409);
		expect(again.body).toMatchObject({ error: 'stale_version', version: 3 });
		expect(await count('live_events')).toBe(events);
		expect((await state()).score).toEqual({ home: 1, away: 0 });
	});

	it('two changes racing on one version: exactly one lands', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0, version: 1 });
		const results = await Promise.all([
			post(eventsRoute, token, { type: 'goal', side: 'home', minute: 9, version: 2 }),
			post(eventsRoute, token, { type: 'goal', side: 'home', minute: 9, version: 2 }),
		]);
		expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
		expect((await state()).score).toEqual({ home: 1, away: 0 });
	});

	it('a second scorer is refused while the first holds the lease; an explicit takeover works and is audited', async () => {
		const a = await staffToken('a@example.com', 'scorer');
		const b = await staffToken('b@example.com', 'scorer');
		await post(statusRoute, a, { status: 'live', minute: 0 });
		const refused = await post(eventsRoute, b, { type: 'goal', side: 'home', minute: 2 });
		expect(refused.status).toBe(409);
		expect(refused.body).toMatchObject({ error: 'lease_held', holder: 'a@example.com' });
		expect((await state()).score).toEqual({ home: 0, away: 0 });

		const take = await post(leaseRoute, b, { takeover: true });
		expect(take.status).toBe(200);
		expect(take.body.data).toMatchObject({ holder: 'b@example.com' });
		expect((await post(eventsRoute, b, { type: 'goal', side: 'home', minute: 2 })).status).toBe(
			201,
		);
		expect((await post(eventsRoute, a, { type: 'goal', side: 'home', minute: 3 })).status).toBe(
			409,
		);
		const audit = rowsOf<{ actor_email: string; before: Body; after: Body }>(
			await db().db.execute(
				sql`SELECT actor_email, before, after FROM cms_audit WHERE action = 'match.lease.takeover'`,
			),
		);
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({
			actor_email: 'b@example.com',
			before: { holder: 'a@example.com' },
			after: { holder: 'b@example.com' },
		});
	});

	it('403 for a token without a fitting scope: an editor, a fan (site token), a scorer not assigned', async () => {
		const editor = await staffToken('ed@example.com', 'editor');
		expect(
			(await post(eventsRoute, editor, { type: 'goal', side: 'home', minute: 1 })).status,
		).toBe(403);

		await addStaff({ email: 'fan@example.com', role: 'scorer', password: PASSWORD });
		const site = await call(loginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		const siteToken = ((await site.json()) as { data: { token: { access_token: string } } }).data
			.token.access_token;
		expect((await post(statusRoute, siteToken, { status: 'live' })).status).toBe(403);

		const scorer = await staffToken('s@example.com', 'scorer');
		const [other] = await seedMatches(db(), 1);
		const members = await listStaff();
		const s = members.find((m) => m.email === 's@example.com')!;
		await db().db.execute(
			sql`INSERT INTO cms_scorer_assignments (user_id, match_id) VALUES (${s.id}, ${Number(other)})`,
		);
		expect((await post(statusRoute, scorer, { status: 'live' })).status).toBe(403);
		expect((await post(statusRoute, scorer, { status: 'live' }, { id: other! })).status).toBe(201);
		expect(await count('live_events')).toBe(1);
	});

	it('401 without credentials; 403 for a cross-site call with the console cookies (CSRF, E4)', async () => {
		expect(
			(await call(statusRoute.POST, { body: { status: 'live' }, params: { id: matchId } })).status,
		).toBe(401);
		await addStaff({ email: 'scorer@example.com', role: 'scorer', password: PASSWORD });
		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'scorer@example.com', password: PASSWORD },
		});
		const cookies = cookieHeader(login);
		const evil = await call(statusRoute.POST, {
			body: { status: 'live' },
			params: { id: matchId },
			path: `/api/cms/matches/${matchId}/status`,
			headers: { cookie: cookies, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
		});
		expect(evil.status).toBe(403);
		expect(await count('live_events')).toBe(0);
		const own = await call(statusRoute.POST, {
			body: { status: 'live' },
			params: { id: matchId },
			path: `/api/cms/matches/${matchId}/status`,
			headers: { cookie: cookies, origin: 'http://matchday.test' },
		});
		expect(own.status).toBe(201);
	});

	it('400 naming the field for bad input; 404 for an unknown match or event', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		const cases: [Body, string][] = [
			[{ status: 'paused' }, 'status'],
			[{ status: 'live', minute: -1 }, 'minute'],
			[{ status: 'live', version: 'x' }, 'version'],
			[{ status: 'live', extra: 1 }, ''],
		];
		for (const [body, field] of cases) {
			const r = await post(statusRoute, token, body);
			expect(r.status).toBe(400);
			if (field) expect(r.body.fields).toEqual([field]);
		}
		const noSide = await post(eventsRoute, token, { type: 'goal', minute: 3 });
		expect(noSide.status).toBe(400);
		expect(noSide.body.fields).toEqual(['side']);
		const longName = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 3,
			player: 'x'.repeat(121),
		});
		expect(longName.body.fields).toEqual(['player']);
		expect((await post(statusRoute, token, { status: 'live' }, { id: 'abc' })).body.fields).toEqual(
			['id'],
		);
		expect((await post(statusRoute, token, { status: 'live' }, { id: '999999' })).status).toBe(404);
		const gone = await call(eventRoute.DELETE, {
			method: 'DELETE',
			params: { id: matchId, eventId: '424242' },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(gone.status).toBe(404);
		expect(await count('live_events')).toBe(0);
	});

	it('the console view lists the timeline with log ids and the lease holder', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		const r = await call(matchRoute.GET, {
			method: 'GET',
			params: { id: matchId },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(r.status).toBe(200);
		const view = ((await r.json()) as { data: { match: Body; lease: Body } }).data;
		expect(view.lease).toMatchObject({ holder: 'scorer@example.com' });
		expect(view.match).toMatchObject({ version: 2, status: 'live' });
	});
});

describe('console login (E1, E3)', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('every staff role logs in; a fan gets the generic 401', async () => {
		for (const role of ['admin', 'editor', 'scorer'] as const) {
			await addStaff({ email: `${role}@example.com`, role, password: PASSWORD });
			const r = await call(cmsLoginRoute.POST, {
				body: { email: `${role}@example.com`, password: PASSWORD },
			});
			expect(r.status).toBe(200);
			expect(((await r.json()) as { data: { scope: string[] } }).data.scope).toContain(role);
		}
		await addStaff({ email: 'fan@example.com', role: 'scorer', password: PASSWORD });
		await removeStaff('fan@example.com');
		const fan = await call(cmsLoginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		expect(fan.status).toBe(401);
		expect(await fan.text()).toBe('{"error":"invalid_credentials"}');
	});

	it('the console page guard lets staff in and sends a fan session to the console login', async () => {
		const page = async (cookie: string) =>
			call(async () => new Response('console'), {
				method: 'GET',
				path: '/en/cms',
				headers: { cookie },
			});
		await addStaff({ email: 'scorer@example.com', role: 'scorer', password: PASSWORD });
		const staff = await call(cmsLoginRoute.POST, {
			body: { email: 'scorer@example.com', password: PASSWORD },
		});
		const inside = await page(cookieHeader(staff));
		expect(inside.status).toBe(200);
		expect(inside.headers.get('cache-control')).toContain('no-store');
		const site = await call(loginRoute.POST, {
			body: { email: 'scorer@example.com', password: PASSWORD },
		});
		const fanSession = await page(cookieHeader(site));
		expect(fanSession.status).toBe(302);
		expect(fanSession.headers.get('location')).toBe('/en/cms/login?redirect=%2Fen%2Fcms');
	});

	it('an open console session visiting the login page goes to the dashboard', async () => {
		await addStaff({ email: 'scorer@example.com', role: 'scorer', password: PASSWORD });
		const staff = await call(cmsLoginRoute.POST, {
			body: { email: 'scorer@example.com', password: PASSWORD },
		});
		const r = await call(async () => new Response('login'), {
			method: 'GET',
			path: '/en/cms/login',
			headers: { cookie: cookieHeader(staff) },
		});
		expect(r.status).toBe(302);
		expect(r.headers.get('location')).toBe('/en/cms');
	});
});

describe('staff management', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit');
	});

	it('add without a password gives a one-use set-password link; login fails until it is used', async () => {
		const added = await addStaff({ email: 'New@Example.com', role: 'editor' });
		expect(added.ok && added.setPasswordLink).toMatch(/\/auth\/reset-password\?token=/);
		expect((await listStaff()).map((m) => [m.email, m.roles, m.hasPassword])).toEqual([
			['new@example.com', ['editor'], false],
		]);
	});

	it('add refuses a weak password; remove ends console sessions and keeps the fan account', async () => {
		expect(
			await addStaff({ email: 'x@example.com', role: 'scorer', password: 'short' }),
		).toMatchObject({
			ok: false,
			error: 'password_too_short',
		});
		const token = await staffToken('x@example.com', 'scorer');
		expect(await removeStaff('x@example.com')).toBe(true);
		expect((await post(statusRoute, token, { status: 'live' }, { id: '1' })).status).toBe(401);
		expect(await removeStaff('x@example.com')).toBe(false);
		expect(await count('users')).toBe(1);
		const actions = rowsOf<{ action: string }>(
			await db().db.execute(sql`SELECT action FROM cms_audit ORDER BY id`),
		).map((r) => r.action);
		expect(actions).toEqual(['staff.add', 'staff.remove']);
	});
});
