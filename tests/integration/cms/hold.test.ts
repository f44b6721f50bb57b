import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as eventRoute from '~/pages/api/cms/matches/[id]/events/[eventId]';
import * as reviewRoute from '~/pages/api/cms/matches/[id]/events/[eventId]/review';
import * as eventsRoute from '~/pages/api/cms/matches/[id]/events/index';
import * as statusRoute from '~/pages/api/cms/matches/[id]/status';
import { addStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import { readMatchLog } from '~/server/live/log';
import { buildSnapshot } from '~/server/live/snapshot';
import { alertKindOf } from '~/server/push/alerts';
import { $liveMatches, applyLiveMessage, resetLiveForTests } from '~/stores/live';
import type { LiveMatchState } from '~/lib/live/match-state';
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
type Body = Record<string, unknown>;

async function staffToken(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

async function post(route: { POST?: unknown }, token: string, body: Body, eventId?: number) {
	const r = await call(route.POST as never, {
		body,
		params: eventId ? { id: matchId, eventId: String(eventId) } : { id: matchId },
		headers: { authorization: `Bearer ${token}` },
	});
	return { status: r.status, body: (await r.json()) as Body & { data: Body } };
}

const review = (token: string, eventId: number, decision: string) =>
	post(reviewRoute, token, { decision }, eventId);

async function state() {
	const { matches } = await buildSnapshot(db().db, [matchId]);
	return matches[0]!;
}

/** What a browser that watched from `fromId` on holds: the snapshot then, the log after it. */
async function browserFrom(fromId: number): Promise<LiveMatchState> {
	resetLiveForTests();
	const log = await readMatchLog(db().db, [matchId]);
	const before = log.filter((e) => e.id <= fromId);
	// The snapshot at `fromId`: the same fold the server does, over the log up to there.
	const timeline: LiveMatchState['timeline'] = [];
	let last: Body = {};
	for (const e of before) {
		if (e.payload.entry) timeline.push({ ...(e.payload.entry as Body), id: e.id });
		if (e.kind === 'correction' && typeof e.payload.cancels === 'number') {
			const i = timeline.findIndex((t) => t.id === e.payload.cancels);
			if (i >= 0) timeline.splice(i, 1);
		}
		last = e.payload;
	}
	const now = await state();
	applyLiveMessage('snapshot', {
		matches: [
			{
				...now,
				score: (last.score as LiveMatchState['score']) ?? null,
				status: (last.status as string) ?? 'scheduled',
				version: (last.version as number) ?? 1,
				timeline,
			},
		],
	});
	for (const e of log.filter((x) => x.id > fromId))
		applyLiveMessage(e.kind, { ...e.payload, matchId: e.matchId }, e.id);
	return $liveMatches.get()[matchId]!;
}

const shape = (m: Pick<LiveMatchState, 'score' | 'timeline'>) => ({
	score: m.score,
	timeline: m.timeline.map((t) => ({ id: t.id, type: t.type, review: t.review ?? false })),
});

describe('hold: entries under review', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events');
		[matchId] = await seedMatches(db(), 1);
	});

	it('review → confirm changes the score exactly once; the hold refuses everything else meanwhile', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		const opened = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 20,
			player: 'Kane',
			review: true,
		});
		expect(opened.status).toBe(201);
		expect(opened.body.data).toMatchObject({ score: { home: 0, away: 0 } });
		const reviewId = Number(opened.body.data.eventId);
		const under = await state();
		expect(under.score).toEqual({ home: 0, away: 0 });
		expect(under.timeline.at(-1)).toMatchObject({ type: 'goal', review: true, id: reviewId });

		// On hold: another event, a status change, a correction, a second review: all 409.
		const events = await count('live_events');
		for (const refused of [
			await post(eventsRoute, token, { type: 'yellow', side: 'away', minute: 21 }),
			await post(eventsRoute, token, { type: 'var', minute: 21, review: true }),
			await post(statusRoute, token, { status: 'half_time' }),
		]) {
			expect(refused.status).toBe(409);
			expect(refused.body).toMatchObject({ error: 'on_hold', eventId: reviewId });
		}
		const del = await call(eventRoute.DELETE, {
			method: 'DELETE',
			params: { id: matchId, eventId: String(reviewId) },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(del.status).toBe(409);
		expect(await count('live_events')).toBe(events);

		const confirmed = await review(token, reviewId, 'confirm');
		expect(confirmed.status).toBe(201);
		expect(confirmed.body.data).toMatchObject({ score: { home: 1, away: 0 } });
		// Once only: the review is over, a second confirm finds nothing under review.
		expect((await review(token, reviewId, 'confirm')).status).toBe(404);
		const after = await state();
		expect(after.score).toEqual({ home: 1, away: 0 });
		const goals = after.timeline.filter((t) => t.type === 'goal');
		expect(goals).toHaveLength(1);
		expect(goals[0]).toMatchObject({ player: 'Kane', minute: 20 });
		expect(goals[0]?.review).toBeUndefined();
		// Released: the match goes on.
		expect(
			(await post(eventsRoute, token, { type: 'yellow', side: 'away', minute: 22 })).status,
		).toBe(201);

		const audit = rowsOf<{ action: string }>(
			await db().db.execute(
				sql`SELECT action FROM cms_audit WHERE action LIKE 'match.review.%' ORDER BY id`,
			),
		);
		expect(audit.map((r) => r.action)).toEqual(['match.review.open', 'match.review.confirm']);
	});

	it('review → cancel leaves the score; the goal is gone from the timeline', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		await post(eventsRoute, token, { type: 'goal', side: 'away', minute: 5 });
		const opened = await post(eventsRoute, token, {
			type: 'own_goal',
			side: 'away',
			minute: 30,
			review: true,
		});
		const cancelled = await review(token, Number(opened.body.data.eventId), 'cancel');
		expect(cancelled.status).toBe(201);
		expect(cancelled.body.data).toMatchObject({ score: { home: 0, away: 1 } });
		const now = await state();
		expect(now.score).toEqual({ home: 0, away: 1 });
		expect(now.timeline.map((t) => t.type)).toEqual(['kickoff', 'goal']);
		expect((await post(statusRoute, token, { status: 'half_time' })).status).toBe(201);
	});

	it('replay from any point equals live: a page opened during the review sees it, later the goal', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		const a = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 10,
			review: true,
		});
		await review(token, Number(a.body.data.eventId), 'confirm');
		const b = await post(eventsRoute, token, {
			type: 'red',
			side: 'away',
			minute: 50,
			review: true,
		});
		const midReview = Number(b.body.data.eventId);
		const during = await browserFrom(midReview);
		expect(during.timeline.at(-1)).toMatchObject({ type: 'red', review: true });
		await review(token, midReview, 'cancel');
		const c = await post(eventsRoute, token, {
			type: 'goal',
			side: 'away',
			minute: 60,
			review: true,
		});
		await review(token, Number(c.body.data.eventId), 'confirm');

		const final = await state();
		expect(final.score).toEqual({ home: 1, away: 1 });
		const log = await readMatchLog(db().db, [matchId]);
		for (const from of [0, ...log.map((e) => e.id)]) {
			expect(shape(await browserFrom(from)), `replay from ${from}`).toEqual(shape(final));
		}
	});

	it('alerts: a goal under review alerts nobody; its confirmation alerts as a goal', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		const a = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 10,
			review: true,
		});
		await review(token, Number(a.body.data.eventId), 'confirm');
		const log = await readMatchLog(db().db, [matchId]);
		const [opened, confirmed] = log.slice(-2);
		expect(alertKindOf(opened!.kind, opened!.payload)).toBeNull();
		expect(alertKindOf(confirmed!.kind, confirmed!.payload)).toBe('goal');
	});

	it('400 naming the field; 404 for an entry not under review; 403 for an editor and a cross-site call', async () => {
		const token = await staffToken('scorer@example.com', 'scorer');
		await post(statusRoute, token, { status: 'live', minute: 0 });
		const bad = await post(eventsRoute, token, {
			type: 'yellow',
			side: 'home',
			minute: 3,
			review: true,
		});
		expect(bad.status).toBe(400);
		expect(bad.body.fields).toContain('review');
		const plain = await post(eventsRoute, token, { type: 'goal', side: 'home', minute: 4 });
		const id = Number(plain.body.data.eventId);
		const wrong = await review(token, id, 'maybe');
		expect(wrong.status).toBe(400);
		expect(wrong.body.fields).toContain('decision');
		expect((await review(token, id, 'confirm')).status).toBe(404);
		expect((await review(token, 999_999, 'cancel')).status).toBe(404);

		const opened = await post(eventsRoute, token, {
			type: 'goal',
			side: 'home',
			minute: 5,
			player: '<img src=x onerror=alert(1)>',
			review: true,
		});
		const editor = await staffToken('editor@example.com', 'editor');
		expect((await review(editor, Number(opened.body.data.eventId), 'confirm')).status).toBe(403);

		await addStaff({ email: 'other@example.com', role: 'scorer', password: PASSWORD });
		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'other@example.com', password: PASSWORD },
		});
		const evil = await call(reviewRoute.POST, {
			body: { decision: 'confirm' },
			params: { id: matchId, eventId: String(opened.body.data.eventId) },
			path: `/api/cms/matches/${matchId}/events/${opened.body.data.eventId}/review`,
			headers: {
				cookie: cookieHeader(login),
				origin: 'https://evil.example',
				'sec-fetch-site': 'cross-site',
			},
		});
		expect(evil.status).toBe(403);
		// The text is stored as text (the page renders it as a text node).
		expect((await state()).timeline.at(-1)).toMatchObject({
			player: '<img src=x onerror=alert(1)>',
		});
		expect((await state()).score).toEqual({ home: 1, away: 0 });
	});
});
