import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as stateRoute from '~/pages/api/cms/fixtures/[id]/state';
import * as eventRoute from '~/pages/api/cms/matches/[id]/events/[eventId]';
import * as eventsRoute from '~/pages/api/cms/matches/[id]/events/index';
import * as resultRoute from '~/pages/api/cms/matches/[id]/result';
import * as statusRoute from '~/pages/api/cms/matches/[id]/status';
import { addStaff, listStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import { readMatchGames } from '~/server/games/games';
import { installGamesHook } from '~/server/games/hook';
import { gameSettings } from '~/server/games/settings';
import { readMatchStates } from '~/server/live/matches';
import {
	call,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';
import { seedMatches } from '../live/helpers';

// Issue 28, findings 2 and 3: console writes are idempotent, and one state machine holds
// every console and API writer.

installGamesHook();

const PASSWORD = 'correct horse battery staple';
let matchId = '';

type Json = Record<string, unknown> & { data: Record<string, unknown> };

async function staffToken(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

async function send(
	route: Record<string, unknown>,
	token: string,
	body: unknown,
	opts: { id?: string; key?: string; method?: string; params?: Record<string, string> } = {},
) {
	const method = opts.method ?? 'POST';
	const r = await call(route[method] as never, {
		method,
		body,
		params: opts.params ?? { id: opts.id ?? matchId },
		headers: {
			authorization: `Bearer ${token}`,
			...(opts.key ? { 'idempotency-key': opts.key } : {}),
		},
	});
	return { status: r.status, text: await r.text(), headers: r.headers };
}
const parsed = (r: { text: string }) => JSON.parse(r.text) as Json;

async function state(id = matchId) {
	const [s] = await readMatchStates(db().db, [id]);
	return s!;
}

/** Sets a match's stored state directly, as an import would have left it. */
async function setMatch(id: string, set: ReturnType<typeof sql>) {
	await db().db.execute(sql`UPDATE matches SET ${set} WHERE id = ${Number(id)}`);
}

describe('console writes: one state machine, scoring window, idempotency', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events, cms_scorer_assignments, games CASCADE');
		[matchId] = await seedMatches(db(), 1);
	});

	it('the 2022 World Cup final attack is refused: no goal at 120′, no kick-off at 89′, for a scorer or an admin', async () => {
		// The final as it stands: finished on penalties, 3–3, kicked off 18 December 2022.
		await setMatch(
			matchId,
			sql`status = 'finished_pen', kickoff_at = '2022-12-18T15:00:00Z', ft_home = 3, ft_away = 3, pen_home = 4, pen_away = 2`,
		);
		const scorer = await staffToken('scorer@example.com', 'scorer');
		const admin = await staffToken('admin@example.com', 'admin');
		const goal = { type: 'goal', side: 'away', minute: 120 };
		const live = { status: 'live', minute: 89 };

		const scorerGoal = await send(eventsRoute, scorer, goal);
		expect(scorerGoal.status).toBe(409);
		expect(parsed(scorerGoal)).toMatchObject({ error: 'outside_scoring_window' });
		expect((await send(statusRoute, scorer, live)).status).toBe(409);

		const adminGoal = await send(eventsRoute, admin, goal);
		expect(adminGoal.status).toBe(409);
		expect(parsed(adminGoal)).toMatchObject({ error: 'match_over', matchStatus: 'finished_pen' });
		const adminLive = await send(statusRoute, admin, live);
		expect(adminLive.status).toBe(409);
		expect(parsed(adminLive).message).toMatch(/corrects its result/);

		expect(await state()).toMatchObject({ status: 'finished_pen', score: { home: 3, away: 3 } });
		expect(await count('live_events')).toBe(0);
		expect(
			rowsOf(await db().db.execute(sql`SELECT 1 FROM cms_audit WHERE action LIKE 'match.%'`)),
		).toHaveLength(0);
	});

	it('a finished match refuses kick-off and events; only the allowed transitions pass', async () => {
		const admin = await staffToken('admin@example.com', 'admin');
		// No event before kick-off, no half time before it, no postponing a match in play.
		const early = await send(eventsRoute, admin, { type: 'goal', side: 'home', minute: 1 });
		expect(early.status).toBe(409);
		expect(parsed(early)).toMatchObject({ error: 'not_in_play', matchStatus: 'scheduled' });
		expect(parsed(await send(statusRoute, admin, { status: 'half_time' }))).toMatchObject({
			error: 'transition_not_allowed',
		});
		for (const status of ['live', 'half_time', 'live', 'finished'])
			expect((await send(statusRoute, admin, { status })).status, status).toBe(201);
		const kickoff = await send(statusRoute, admin, { status: 'live', minute: 0 });
		expect(kickoff.status).toBe(409);
		expect(parsed(kickoff)).toMatchObject({ error: 'match_over', matchStatus: 'finished' });
		expect((await send(statusRoute, admin, { status: 'postponed' })).status).toBe(409);
		expect(
			(await send(eventsRoute, admin, { type: 'yellow', side: 'home', minute: 91 })).status,
		).toBe(409);
		// The fixtures API is held to the same machine.
		const editor = await staffToken('editor@example.com', 'editor');
		expect((await send(stateRoute, editor, { action: 'cancel' })).status).toBe(409);
		expect((await state()).status).toBe('finished');
	});

	it('a scorer without assignment writes only inside the scoring window, and never to a match assigned to another', async () => {
		const scorer = await staffToken('scorer@example.com', 'scorer');
		const [soon, later, theirs] = await seedMatches(db(), 3);
		await setMatch(soon!, sql`kickoff_at = now() + interval '5 hours'`);
		await setMatch(later!, sql`kickoff_at = now() + interval '7 hours'`);
		await setMatch(matchId, sql`kickoff_at = now() - interval '3 days'`);

		const outside = await send(statusRoute, scorer, { status: 'live' }, { id: later! });
		expect(outside.status).toBe(409);
		expect(parsed(outside)).toMatchObject({ error: 'outside_scoring_window' });
		expect((await send(statusRoute, scorer, { status: 'live' })).status).toBe(409);
		expect((await send(statusRoute, scorer, { status: 'live' }, { id: soon! })).status).toBe(201);

		const other = await staffToken('other@example.com', 'scorer');
		const otherId = (await listStaff()).find((m) => m.email === 'other@example.com')!.id;
		await db().db.execute(
			sql`INSERT INTO cms_scorer_assignments (user_id, match_id) VALUES (${otherId}, ${Number(theirs)})`,
		);
		expect((await send(statusRoute, scorer, { status: 'live' }, { id: theirs! })).status).toBe(403);
		// The assigned scorer may, whatever the window; the admin may score any match.
		await setMatch(theirs!, sql`kickoff_at = now() + interval '2 days'`);
		expect((await send(statusRoute, other, { status: 'live' }, { id: theirs! })).status).toBe(201);
		const admin = await staffToken('admin@example.com', 'admin');
		expect((await send(statusRoute, admin, { status: 'live' }, { id: later! })).status).toBe(201);
		expect(
			rowsOf(await db().db.execute(sql`SELECT 1 FROM live_events WHERE kind = 'status'`)),
		).toHaveLength(3);
	});

	it('restoring a postponed match re-opens its live games; picks count again', async () => {
		const editor = await staffToken('editor@example.com', 'editor');
		const settings = gameSettings();
		const games = async () => (await readMatchGames(db().db, matchId, Date.now(), settings))!.games;
		expect((await games()).map((g) => g.status)).toEqual(['open', 'open', 'open']);

		expect((await send(stateRoute, editor, { action: 'postpone' })).status).toBe(201);
		expect(await games()).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ status: 'void', voidReason: 'postponed' }),
			]),
		);
		expect((await games()).every((g) => g.status === 'void')).toBe(true);

		const restored = await send(stateRoute, editor, { action: 'restore' });
		expect(restored.status).toBe(201);
		expect(parsed(restored).data).toMatchObject({ status: 'scheduled' });
		const open = await games();
		expect(open.map((g) => [g.status, g.voidReason, g.corrected])).toEqual([
			['open', null, false],
			['open', null, false],
			['open', null, false],
		]);
		const versions = rowsOf<{ status: string }>(
			await db().db.execute(
				sql`SELECT s.status FROM game_settlements s JOIN games g ON g.id = s.game_id
					WHERE g.match_id = ${Number(matchId)} AND g.kind = 'two_way' ORDER BY s.version`,
			),
		);
		expect(versions.map((v) => v.status)).toEqual(['void', 'open']);

		// Played after all: settled as a first result, not a corrected one.
		const admin = await staffToken('admin@example.com', 'admin');
		await send(statusRoute, admin, { status: 'live' });
		await send(eventsRoute, admin, { type: 'goal', side: 'home', minute: 10 });
		await send(statusRoute, admin, { status: 'finished' });
		const twoWay = (await games()).find((g) => g.kind === 'two_way')!;
		expect(twoWay).toMatchObject({ status: 'settled', result: 'home', corrected: false });
		const audit = rowsOf<{ action: string }>(
			await db().db.execute(
				sql`SELECT action FROM cms_audit WHERE action LIKE 'fixture.%' ORDER BY id`,
			),
		);
		expect(audit.map((a) => a.action)).toEqual(['fixture.postpone', 'fixture.restore']);
	});

	it('the same Idempotency-Key twice makes one event and answers the same status and body', async () => {
		const scorer = await staffToken('scorer@example.com', 'scorer');
		expect((await send(statusRoute, scorer, { status: 'live', version: 1 })).status).toBe(201);
		const goal = { type: 'goal', side: 'home', minute: 84, version: 2 };
		const first = await send(eventsRoute, scorer, goal, { key: 'goal-84-key-1' });
		expect(first.status).toBe(201);
		// The answer was lost; the console sends the same action again with the same key (the
		// version it expects is now stale: without the key this was "not recorded").
		const again = await send(eventsRoute, scorer, goal, { key: 'goal-84-key-1' });
		expect(again.status).toBe(201);
		expect(again.text).toBe(first.text);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect((await state()).score).toEqual({ home: 1, away: 0 });
		const goals = rowsOf(
			await db().db.execute(
				sql`SELECT 1 FROM live_events WHERE kind = 'event' AND payload->'entry'->>'type' = 'goal'`,
			),
		);
		expect(goals).toHaveLength(1);
		expect(
			rowsOf(await db().db.execute(sql`SELECT 1 FROM cms_audit WHERE action = 'match.event.goal'`)),
		).toHaveLength(1);

		// Without a key the same repeat is refused as stale (nothing doubled either way).
		expect((await send(eventsRoute, scorer, goal)).status).toBe(409);
		// The same key on another request is refused; a bad key is a 400 naming the header.
		const reused = await send(
			eventsRoute,
			scorer,
			{ ...goal, minute: 85 },
			{ key: 'goal-84-key-1' },
		);
		expect(reused.status).toBe(422);
		expect(parsed(reused)).toMatchObject({ error: 'idempotency_key_reused' });
		const bad = await send(eventsRoute, scorer, goal, { key: 'no spaces!' });
		expect(bad.status).toBe(400);
		expect(parsed(bad).fields).toEqual(['Idempotency-Key']);
	});

	it('two copies of one request racing with one key: one event, both get its answer', async () => {
		const scorer = await staffToken('scorer@example.com', 'scorer');
		await send(statusRoute, scorer, { status: 'live' });
		const goal = { type: 'goal', side: 'away', minute: 12 };
		const [a, b] = await Promise.all([
			send(eventsRoute, scorer, goal, { key: 'race-key-0001' }),
			send(eventsRoute, scorer, goal, { key: 'race-key-0001' }),
		]);
		expect([a.status, b.status]).toEqual([201, 201]);
		expect(a.text).toBe(b.text);
		expect((await state()).score).toEqual({ home: 0, away: 1 });
		// Corrections and deletions too: a repeated delete does not take a second goal back.
		const eventId = String(parsed(a).data['eventId']);
		const del = () =>
			send(
				eventRoute,
				scorer,
				{},
				{
					method: 'DELETE',
					key: 'delete-key-0001',
					params: { id: matchId, eventId },
				},
			);
		const d1 = await del();
		const d2 = await del();
		expect([d1.status, d2.status]).toEqual([201, 201]);
		expect(d2.text).toBe(d1.text);
		expect((await state()).score).toEqual({ home: 0, away: 0 });
	});

	it('an editor corrects a finished result with a reason (audited, games re-settled); nobody else changes it', async () => {
		const admin = await staffToken('admin@example.com', 'admin');
		const editor = await staffToken('editor@example.com', 'editor');
		const scorer = await staffToken('scorer@example.com', 'scorer');
		const body = { score: { home: 2, away: 1 }, reason: 'Official report: the late goal counted' };
		expect(parsed(await send(resultRoute, editor, body))).toMatchObject({ error: 'not_over' });
		await send(statusRoute, admin, { status: 'live' });
		await send(eventsRoute, admin, { type: 'goal', side: 'home', minute: 3 });
		await send(statusRoute, admin, { status: 'finished' });

		expect((await send(resultRoute, scorer, body)).status).toBe(403);
		const noReason = await send(resultRoute, editor, { score: body.score, reason: ' ' });
		expect(noReason.status).toBe(400);
		expect(parsed(noReason).fields).toEqual(['reason']);
		expect(parsed(await send(resultRoute, editor, { ...body, status: 'live' })).fields).toEqual([
			'status',
		]);

		const fixed = await send(resultRoute, editor, body, { key: 'result-key-01' });
		expect(fixed.status).toBe(201);
		expect(parsed(fixed).data).toMatchObject({ status: 'finished', score: { home: 2, away: 1 } });
		expect((await send(resultRoute, editor, body, { key: 'result-key-01' })).text).toBe(fixed.text);
		expect(await state()).toMatchObject({ status: 'finished', score: { home: 2, away: 1 } });
		const [row] = rowsOf<{ actor_email: string; before: Json; after: Json }>(
			await db().db.execute(
				sql`SELECT actor_email, before, after FROM cms_audit WHERE action = 'match.result.correct'`,
			),
		);
		expect(row).toMatchObject({
			actor_email: 'editor@example.com',
			before: { status: 'finished', score: { home: 1, away: 0 } },
			after: { score: { home: 2, away: 1 }, reason: body.reason },
		});
		const twoWay = (await readMatchGames(db().db, matchId, Date.now(), gameSettings()))!.games.find(
			(g) => g.kind === 'two_way',
		)!;
		expect(twoWay).toMatchObject({ status: 'settled', result: 'home' });
	});
});
