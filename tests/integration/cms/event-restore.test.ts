import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as eventRoute from '~/pages/api/cms/matches/[id]/events/[eventId]';
import * as restoreRoute from '~/pages/api/cms/matches/[id]/events/[eventId]/restore';
import * as eventsRoute from '~/pages/api/cms/matches/[id]/events/index';
import * as statusRoute from '~/pages/api/cms/matches/[id]/status';
import { addStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import { buildSnapshot } from '~/server/live/snapshot';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { seedMatches } from '../live/helpers';

// Issue 28, finding 3: the console's "Undo" of a deleted entry is a write like any other:
// the same rules, an audit row, once only, and only while the match is in play.

const PASSWORD = 'correct horse battery staple';
let matchId = '';
let token = '';

/** POSTs to the route, or DELETEs where it has no POST (the event route). */
async function send(route: Record<string, unknown>, body: unknown, params = {}, key?: string) {
	const method = 'POST' in route ? 'POST' : 'DELETE';
	const r = await call(route[method] as never, {
		method,
		body,
		params: { id: matchId, ...params },
		headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
	});
	return { status: r.status, body: (await r.json()) as Record<string, Record<string, unknown>> };
}

async function timeline() {
	const { matches } = await buildSnapshot(db().db, [matchId]);
	return matches[0]!;
}

describe('undo a deleted event', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events, cms_scorer_assignments CASCADE');
		[matchId] = await seedMatches(db(), 1);
		expect(
			(await addStaff({ email: 'admin@example.com', role: 'admin', password: PASSWORD })).ok,
		).toBe(true);
		const r = await call(cmsLoginRoute.POST, {
			body: { email: 'admin@example.com', password: PASSWORD },
		});
		token = ((await r.json()) as { data: { token: { access_token: string } } }).data.token
			.access_token;
		expect((await send(statusRoute, { status: 'live', minute: 0 })).status).toBe(201);
	});

	it('brings the same goal back once, on the score, audited', async () => {
		const goal = await send(eventsRoute, {
			type: 'goal',
			side: 'home',
			minute: 84,
			player: 'Nine',
		});
		expect(goal.status).toBe(201);
		const eventId = String(goal.body.data.eventId);
		expect((await send(eventRoute, {}, { eventId })).status).toBe(201);
		expect((await timeline()).score).toEqual({ home: 0, away: 0 });

		const undo = await send(restoreRoute, {}, { eventId }, 'undo-key-0001');
		expect(undo.status).toBe(201);
		expect(undo.body.data.score).toEqual({ home: 1, away: 0 });
		// The same key again: the first answer, nothing recorded twice.
		expect((await send(restoreRoute, {}, { eventId }, 'undo-key-0001')).body).toEqual(undo.body);
		// A second undo (a new key) finds nothing left to restore.
		const again = await send(restoreRoute, {}, { eventId }, 'undo-key-0002');
		expect(again.status).toBe(404);

		const m = await timeline();
		expect(m.score).toEqual({ home: 1, away: 0 });
		const goals = m.timeline.filter((i) => i.type === 'goal');
		expect(goals).toHaveLength(1);
		expect(goals[0]).toMatchObject({ minute: 84, player: 'Nine', side: 'home' });
		const audit = rowsOf<{ action: string; before: Record<string, unknown> }>(
			await db().db.execute(
				sql`SELECT action, before FROM cms_audit WHERE action LIKE 'match.event.%' ORDER BY id`,
			),
		);
		expect(audit.map((a) => a.action)).toEqual([
			'match.event.goal',
			'match.event.delete',
			'match.event.restore',
		]);
		expect(audit[2]?.before).toMatchObject({ restores: Number(eventId) });
	});

	it('restores neither an edited entry, nor a live one, nor after full time', async () => {
		const card = await send(eventsRoute, { type: 'yellow', side: 'away', minute: 10 });
		const cardId = String(card.body.data.eventId);
		// Still on the timeline: nothing to restore.
		expect((await send(restoreRoute, {}, { eventId: cardId })).status).toBe(404);
		// Edited (a correction carrying the new entry): not a deletion, nothing to bring back.
		const edit = await call(eventRoute.PATCH, {
			method: 'PATCH',
			body: { minute: 11 },
			params: { id: matchId, eventId: cardId },
			headers: { authorization: `Bearer ${token}` },
		});
		expect(edit.status).toBe(201);
		expect((await send(restoreRoute, {}, { eventId: cardId })).status).toBe(404);
		const goal = await send(eventsRoute, { type: 'goal', side: 'away', minute: 20 });
		const goalId = String(goal.body.data.eventId);
		expect((await send(eventRoute, {}, { eventId: goalId })).status).toBe(201);
		expect((await send(statusRoute, { status: 'finished' })).status).toBe(201);
		const late = await send(restoreRoute, {}, { eventId: goalId });
		expect(late.status).toBe(409);
		expect(late.body).toMatchObject({ error: 'match_over' });
		expect((await timeline()).score).toEqual({ home: 0, away: 0 });
	});
});
