import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as followsRoute from '~/pages/api/me/follows';

const { GET, PUT, POST, DELETE } = followsRoute;
import * as matchesRoute from '~/pages/api/follows/matches';
import {
	call,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';
import { type FootballFixture, member, seedFootball } from './world';

// Runs on in-memory PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
describe(`follows API (${process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
	let world: FootballFixture;
	beforeAll(async () => {
		await setupAuthWorld();
	});
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		world = await seedFootball();
	});

	const send = (
		method: string,
		headers: Record<string, string>,
		body?: unknown,
		path = '/api/me/follows',
	) => {
		const handler = { GET, PUT, POST, DELETE }[method as 'GET' | 'PUT' | 'POST' | 'DELETE'];
		return call(handler, { method, headers, path, ...(body === undefined ? {} : { body }) });
	};

	it('refuses guests with 401', async () => {
		expect((await send('GET', {})).status).toBe(401);
		expect((await send('POST', {}, { follows: [] })).status).toBe(401);
	});

	it('adds, lists in order with names and paths, and keeps it no-store', async () => {
		const auth = await member('fan@example.com');
		const added = await send('POST', auth, {
			follows: [
				{ kind: 'team', id: world.teams.blue },
				{ kind: 'competition', id: world.league },
			],
		});
		expect(added.status).toBe(200);
		await send('POST', auth, { follows: [{ kind: 'match', id: world.matches.other }] });
		const listed = await send('GET', auth);
		expect(listed.headers.get('cache-control')).toContain('no-store');
		const body = (await listed.json()) as { data: { follows: unknown[] } };
		expect(body.data.follows).toEqual([
			{ kind: 'team', id: world.teams.blue, name: 'Blue FC', path: '/team/blue-fc' },
			{ kind: 'competition', id: world.league, name: 'Test League', path: '/league/test-league' },
			{
				kind: 'match',
				id: world.matches.other,
				name: 'Green FC – Blue FC',
				path: `/match/${world.matches.other}`,
			},
		]);
	});

	it('merges a guest list at login without losing or repeating, ignoring unknown targets', async () => {
		const auth = await member('fan@example.com');
		await send('POST', auth, { follows: [{ kind: 'team', id: world.teams.red }] });
		const merged = await send('POST', auth, {
			follows: [
				{ kind: 'team', id: world.teams.green },
				{ kind: 'team', id: world.teams.red },
				{ kind: 'team', id: 999_999 },
			],
		});
		const body = (await merged.json()) as {
			data: { follows: { id: number }[]; ignored: unknown[] };
		};
		expect(body.data.follows.map((f) => f.id)).toEqual([world.teams.red, world.teams.green]);
		expect(body.data.ignored).toEqual([{ kind: 'team', id: 999_999 }]);
		expect(await count('follows')).toBe(2);
	});

	it('reorders and removes with PUT, removes one with DELETE (404 when not followed)', async () => {
		const auth = await member('fan@example.com');
		const { red, blue, green } = world.teams;
		await send('POST', auth, {
			follows: [red, blue, green].map((id) => ({ kind: 'team', id })),
		});
		const put = await send('PUT', auth, {
			follows: [green, red].map((id) => ({ kind: 'team', id })),
		});
		const order = (await put.json()) as { data: { follows: { id: number }[] } };
		expect(order.data.follows.map((f) => f.id)).toEqual([green, red]);
		const del = (q: string) =>
			call(followsRoute.DELETE, { method: 'DELETE', headers: auth, path: `/api/me/follows?${q}` });
		expect((await del(`kind=team&id=${green}`)).status).toBe(200);
		expect((await del(`kind=team&id=${green}`)).status).toBe(404);
		expect(await count('follows')).toBe(1);
	});

	it('keeps one member’s follows from another', async () => {
		const a = await member('a@example.com');
		const b = await member('b@example.com');
		await send('POST', a, { follows: [{ kind: 'team', id: world.teams.red }] });
		const other = (await (await send('GET', b)).json()) as { data: { follows: unknown[] } };
		expect(other.data.follows).toEqual([]);
	});

	it('answers 400 naming the field for bad bodies and queries', async () => {
		const auth = await member('fan@example.com');
		const bad = await send('POST', auth, { follows: [{ kind: 'player', id: 1 }] });
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { fields: string[] }).fields).toEqual(['follows']);
		const tooMany = await send('PUT', auth, {
			follows: Array.from({ length: 101 }, (_, i) => ({ kind: 'team', id: i + 1 })),
		});
		expect(tooMany.status).toBe(400);
		const badId = await call(followsRoute.DELETE, {
			method: 'DELETE',
			headers: auth,
			path: '/api/me/follows?kind=team&id=0',
		});
		expect(badId.status).toBe(400);
		expect(((await badId.json()) as { fields: string[] }).fields).toEqual(['id']);
	});

	it('removes a member’s follows with the account', async () => {
		const auth = await member('fan@example.com');
		await send('POST', auth, { follows: [{ kind: 'team', id: world.teams.red }] });
		await db().exec('DELETE FROM users');
		expect(await count('follows')).toBe(0);
	});

	it('lists My matches for a list: next soonest first, then latest results; cacheable', async () => {
		const get = (f: string) =>
			call(matchesRoute.GET, { method: 'GET', path: `/api/follows/matches?f=${f}` });
		const response = await get(`team:${world.teams.red}`);
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toBe('public, max-age=30');
		const body = (await response.json()) as {
			data: { next: { id: number; home: string }[]; recent: { id: number; score: unknown }[] };
		};
		expect(body.data.next.map((m) => m.id)).toEqual([world.matches.next]);
		expect(body.data.recent).toMatchObject([{ id: world.matches.past, score: [2, 1] }]);
		const league = (await (await get(`competition:${world.league}`)).json()) as {
			data: { next: { id: number }[] };
		};
		expect(league.data.next.map((m) => m.id)).toEqual([world.matches.next, world.matches.other]);
		expect((await get('team:abc')).status).toBe(400);
		const empty = (await (await get('')).json()) as { data: { next: unknown[] } };
		expect(empty.data.next).toEqual([]);
	});
});
