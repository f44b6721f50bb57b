import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as auditRoute from '~/pages/api/cms/audit';
import * as lineupRoute from '~/pages/api/cms/matches/[id]/lineup';
import * as streamRoute from '~/pages/api/cms/matches/[id]/streams/[streamId]';
import * as streamsRoute from '~/pages/api/cms/matches/[id]/streams/index';
import { useTranslations } from '~/i18n/server';
import { makeNames } from '~/server/views/names';
import { addStaff } from '~/server/cms/staff';
import { getMatchDetail } from '~/server/football/queries/match-detail';
import { rowsOf } from '~/server/db/rows';
import type { LiveEvent } from '~/server/live/types';
import { getLiveHub } from '~/server/live/runtime';
import { matchWatchView } from '~/server/streams/match-watch';
import { formationView } from '~/server/views/match-lineups';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const PASSWORD = 'correct horse battery staple';
let matchId = '';
let other = '';

async function staffToken(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

type Json = Record<string, unknown> & { data: Record<string, unknown> };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function send(
	handler: unknown,
	token: string,
	opts: { method?: string; body?: unknown; params?: Record<string, string>; path?: string } = {},
) {
	const r = await call(handler as never, {
		method: opts.method ?? 'POST',
		...(opts.body !== undefined ? { body: opts.body } : {}),
		params: opts.params ?? { id: matchId },
		headers: auth(token),
		...(opts.path ? { path: opts.path } : {}),
	});
	return { status: r.status, body: (await r.json()) as Json };
}

const names = (prefix: string, n = 11) =>
	Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, shirtNumber: i + 1 }));

async function auditRows(action: string) {
	return rowsOf<{ actor_email: string; target: string; before: Json; after: Json }>(
		await db().db.execute(
			sql`SELECT actor_email, target, before, after FROM cms_audit WHERE action = ${action} ORDER BY id`,
		),
	);
}

describe('console: line-ups, streams on matches, audit log', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events');
		[matchId, other] = await seedMatches(db(), 2);
	});

	it('an editor publishes line-ups: stored, one `lineups` live change published, an audit row; the match centre draws the formation', async () => {
		const editor = await staffToken('ed@example.com', 'editor');
		const seen: LiveEvent[] = [];
		const stop = getLiveHub().bus.subscribe((e) => {
			if (e.matchId === matchId) seen.push(e);
		});
		const published = await send(lineupRoute.POST, editor, {
			body: {
				home: {
					formation: '4-2-3-1',
					starters: names('North'),
					bench: [{ name: 'North Sub', shirtNumber: 12, position: 'GK' }],
				},
				away: { formation: '3-5-2', starters: names('South') },
			},
		});
		stop();
		expect(published.status).toBe(201);
		expect(published.body.data).toMatchObject({ matchId, sides: ['home', 'away'] });

		const stored = rowsOf<{ player_name: string; position: string; starter: boolean }>(
			await db().db.execute(
				sql`SELECT player_name, position, starter FROM lineups WHERE match_id = ${Number(matchId)} ORDER BY player_name`,
			),
		);
		expect(stored).toHaveLength(23);
		expect(stored.find((r) => r.player_name === 'North 1')).toMatchObject({
			position: 'GK',
			starter: true,
		});
		expect(stored.find((r) => r.player_name === 'North Sub')).toMatchObject({ starter: false });

		const log = rowsOf<{ id: number; kind: string; payload: Json }>(
			await db().db.execute(
				sql`SELECT id, kind, payload FROM live_events WHERE match_id = ${matchId}`,
			),
		);
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({ kind: 'lineups', payload: { lineups: ['home', 'away'] } });
		expect(seen.map((e) => e.kind)).toEqual(['lineups']);

		const audit = await auditRows('match.lineup.publish');
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({
			actor_email: 'ed@example.com',
			target: `match:${matchId}`,
			before: { home: null, away: null },
			after: { home: { formation: '4-2-3-1', bench: ['North Sub'] }, eventId: Number(log[0]!.id) },
		});

		// The public match centre (its cached detail was dropped by the published event).
		const detail = await getMatchDetail(db().db, Number(matchId));
		const teams = [
			{ id: detail!.match.home.id, name: 'Northton', crest: '' },
			{ id: detail!.match.away.id, name: 'Southby', crest: '' },
		] as const;
		const sides = formationView(detail!.lineups, teams, useTranslations('en'));
		expect(sides?.map((s) => s.formation)).toEqual(['4-2-3-1', '3-5-2']);

		// The editor reopens it: the form starts from what is published, slot by slot.
		const view = await send(lineupRoute.GET, editor, { method: 'GET' });
		expect(view.status).toBe(200);
		const home = (
			view.body.data as { home: { current: { formation: string; starters: { name: string }[] } } }
		).home.current;
		expect(home.formation).toBe('4-2-3-1');
		expect(home.starters.map((p) => p.name)).toEqual(names('North').map((p) => p.name));
	});

	it('offers the squad of the match season; publishing one side leaves the other', async () => {
		const editor = await staffToken('ed@example.com', 'editor');
		const [m] = rowsOf<{ season_id: number; home_team_id: number }>(
			await db().db.execute(
				sql`SELECT season_id, home_team_id FROM matches WHERE id = ${Number(matchId)}`,
			),
		);
		for (let i = 1; i <= 3; i++) {
			await db().db.execute(
				sql`INSERT INTO players (key, name, position) VALUES (${`p-${matchId}-${i}`}, ${`Squad ${i}`}, 'Defender')`,
			);
			await db().db.execute(sql`INSERT INTO squads (season_id, team_id, player_id, shirt_number, position)
				SELECT ${m!.season_id}, ${m!.home_team_id}, id, ${i + 1}, 'DF' FROM players WHERE key = ${`p-${matchId}-${i}`}`);
		}
		const view = await send(lineupRoute.GET, editor, { method: 'GET' });
		const data = view.body.data as {
			home: { squad: { name: string; shirtNumber: number }[] };
			away: { squad: unknown[] };
		};
		expect(data.home.squad.map((p) => [p.name, p.shirtNumber])).toEqual([
			['Squad 1', 2],
			['Squad 2', 3],
			['Squad 3', 4],
		]);
		expect(data.away.squad).toEqual([]);

		await send(lineupRoute.POST, editor, {
			body: { away: { formation: '4-4-2', starters: names('A') } },
		});
		await send(lineupRoute.POST, editor, {
			body: { home: { formation: '4-4-2', starters: names('H') } },
		});
		const count = rowsOf<{ n: number }>(
			await db().db.execute(
				sql`SELECT count(*)::int AS n FROM lineups WHERE match_id = ${Number(matchId)}`,
			),
		);
		expect(Number(count[0]!.n)).toBe(22);
	});

	it('400 naming the field, nothing stored or published; 403 for a scorer; 404 for no match', async () => {
		const editor = await staffToken('ed@example.com', 'editor');
		const twice = names('X');
		twice[4] = { name: 'X 1', shirtNumber: 5 };
		const cases: [unknown, string][] = [
			[{ home: { formation: '4-4-2', starters: names('X', 10) } }, 'home.starters'],
			[{ away: { formation: '4-4-3', starters: names('X') } }, 'away.formation'],
			[{ home: { formation: '4-4-2', starters: twice } }, 'home.starters.4.name'],
			[{}, 'home'],
		];
		for (const [body, field] of cases) {
			const r = await send(lineupRoute.POST, editor, { body });
			expect(r.status, field).toBe(400);
			expect(r.body['fields'], field).toEqual([field]);
			expect(String(r.body['message'])).toContain(field);
		}
		const scorer = await staffToken('sc@example.com', 'scorer');
		expect(
			(
				await send(lineupRoute.POST, scorer, {
					body: { home: { formation: '4-4-2', starters: names('S') } },
				})
			).status,
		).toBe(403);
		expect(
			(
				await send(lineupRoute.POST, editor, {
					body: { home: { formation: '4-4-2', starters: names('S') } },
					params: { id: '999999' },
				})
			).status,
		).toBe(404);
		expect((await send(lineupRoute.POST, editor, { body: {}, params: { id: 'x' } })).status).toBe(
			400,
		);
		const count = rowsOf<{ n: number }>(
			await db().db.execute(sql`SELECT
			(SELECT count(*) FROM lineups WHERE match_id = ${Number(matchId)}) + (SELECT count(*) FROM live_events)
			+ (SELECT count(*) FROM cms_audit WHERE action LIKE 'match.%') AS n`),
		);
		expect(Number(count[0]!.n)).toBe(0);
	});

	it('an editor attaches a highlight: the match watch view offers it; audited; elsewhere is 409; detach takes it off', async () => {
		const editor = await staffToken('ed@example.com', 'editor');
		const t = useTranslations('en');
		const ctx = { locale: 'en' as const, t, names: makeNames({ locale: 'en', t }, new Map()) };
		expect(await matchWatchView(Number(matchId), ctx)).toBeNull();

		const listed = await send(streamsRoute.GET, editor, { method: 'GET' });
		const available = (listed.body.data as { available: { id: string }[] }).available;
		expect(available.map((s) => s.id)).toContain('demo-highlight');

		const attached = await send(streamsRoute.POST, editor, {
			body: { streamId: 'demo-highlight' },
		});
		expect(attached.status).toBe(201);
		expect(attached.body.data).toMatchObject({ id: 'demo-highlight', matchId: Number(matchId) });
		const watch = await matchWatchView(Number(matchId), ctx);
		expect(watch).toMatchObject({
			streamId: 'demo-highlight',
			accessUrl: '/api/watch/demo-highlight',
		});

		expect(
			(await send(streamsRoute.POST, editor, { body: { streamId: 'demo-highlight' } })).status,
		).toBe(200);
		const moved = await send(streamsRoute.POST, editor, {
			body: { streamId: 'demo-highlight' },
			params: { id: other },
		});
		expect(moved.status).toBe(409);
		expect(moved.body).toMatchObject({ error: 'attached_elsewhere', matchId: Number(matchId) });

		expect((await send(streamsRoute.POST, editor, { body: { streamId: 'no-such' } })).status).toBe(
			404,
		);
		const film = rowsOf<{ id: string }>(
			await db().db.execute(sql`SELECT id FROM streams WHERE kind = 'movie' LIMIT 1`),
		);
		if (film[0]) {
			const refused = await send(streamsRoute.POST, editor, { body: { streamId: film[0].id } });
			expect(refused.status).toBe(400);
			expect(refused.body['fields']).toEqual(['streamId']);
		}
		const bad = await send(streamsRoute.POST, editor, { body: { streamId: 'Bad Id' } });
		expect(bad.status).toBe(400);
		expect(bad.body['fields']).toEqual(['streamId']);

		const detached = await send(streamRoute.DELETE, editor, {
			method: 'DELETE',
			params: { id: matchId, streamId: 'demo-highlight' },
		});
		expect(detached.status).toBe(200);
		expect(await matchWatchView(Number(matchId), ctx)).toBeNull();
		expect(
			(
				await send(streamRoute.DELETE, editor, {
					method: 'DELETE',
					params: { id: matchId, streamId: 'demo-highlight' },
				})
			).status,
		).toBe(404);

		expect((await auditRows('match.stream.attach')).map((r) => [r.actor_email, r.target])).toEqual([
			['ed@example.com', `match:${matchId}`],
		]);
		expect(await auditRows('match.stream.detach')).toHaveLength(1);

		const scorer = await staffToken('sc@example.com', 'scorer');
		expect(
			(await send(streamsRoute.POST, scorer, { body: { streamId: 'demo-highlight' } })).status,
		).toBe(403);
	});

	it('the audit log: newest first, filtered by actor, action (prefix at a dot) and target, paged; admins only', async () => {
		const admin = await staffToken('boss@example.com', 'admin');
		const editor = await staffToken('ed@example.com', 'editor');
		await send(streamsRoute.POST, editor, { body: { streamId: 'demo-highlight' } });
		await send(lineupRoute.POST, admin, {
			body: { home: { formation: '4-3-3', starters: names('H') } },
		});
		await send(lineupRoute.POST, editor, {
			body: { away: { formation: '4-3-3', starters: names('A') } },
			params: { id: other },
		});
		const get = async (query: string, token = admin) =>
			send(auditRoute.GET, token, { method: 'GET', path: `/api/cms/audit${query}`, params: {} });

		const all = await get('');
		expect(all.status).toBe(200);
		const rows = all.body.data as unknown as {
			id: number;
			action: string;
			actorEmail: string;
			target: string;
		}[];
		const mine = rows.filter((r) => r.action.startsWith('match.'));
		expect(mine.map((r) => r.action)).toEqual([
			'match.lineup.publish',
			'match.lineup.publish',
			'match.stream.attach',
		]);
		expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));

		const byActor = (await get('?actor=ED@example.com&action=match')).body.data as unknown as {
			action: string;
		}[];
		expect(byActor.map((r) => r.action)).toEqual(['match.lineup.publish', 'match.stream.attach']);
		const byAction = (await get('?action=match.lineup')).body.data as unknown as {
			target: string;
		}[];
		expect(byAction.map((r) => r.target)).toEqual([`match:${other}`, `match:${matchId}`]);
		expect(((await get('?action=match.line')).body.data as unknown as unknown[]).length).toBe(0);
		const byTarget = (await get(`?target=match:${matchId}`)).body.data as unknown as {
			action: string;
		}[];
		expect(byTarget.map((r) => r.action)).toEqual(['match.lineup.publish', 'match.stream.attach']);

		const older = (await get(`?action=match&before=${mine[0]!.id}`)).body.data as unknown as {
			id: number;
		}[];
		expect(older.map((r) => r.id)).toEqual([mine[1]!.id, mine[2]!.id]);

		const bad = await get('?before=abc');
		expect(bad.status).toBe(400);
		expect(bad.body['fields']).toEqual(['before']);
		expect((await get('', editor)).status).toBe(403);
	});
});
