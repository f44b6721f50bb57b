import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as statusRoute from '~/pages/api/cms/matches/[id]/status';
import * as scorerRoute from '~/pages/api/cms/matches/[id]/scorers/[userId]';
import * as scorersRoute from '~/pages/api/cms/matches/[id]/scorers/index';
import { addStaff } from '~/server/cms/staff';
import { rowsOf } from '~/server/db/rows';
import {
	call,
	cookieHeader,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const PASSWORD = 'correct horse battery staple';
let ids: string[] = [];

async function token(email: string, role: 'admin' | 'editor' | 'scorer'): Promise<string> {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}
const auth = (t: string) => ({ authorization: `Bearer ${t}` });

async function assign(t: string, matchId: string, email: unknown) {
	const r = await call(scorersRoute.POST, {
		body: { email },
		params: { id: matchId },
		headers: auth(t),
	});
	return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('scorer assignments', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, live_events, cms_scorer_assignments');
		ids = await seedMatches(db(), 2);
	});

	it('an admin assigns a scorer (audited); the scorer may then score only that match; unassigning frees them', async () => {
		const admin = await token('admin@example.com', 'admin');
		const scorer = await token('scorer@example.com', 'scorer');
		const [a, b] = ids as [string, string];

		const added = await assign(admin, a, 'Scorer@Example.com');
		expect(added.status).toBe(201);
		const { userId } = added.body.data as { userId: string };
		expect((await assign(admin, a, 'scorer@example.com')).status).toBe(200);
		const list = await call(scorersRoute.GET, { params: { id: a }, headers: auth(admin) });
		expect(((await list.json()) as { data: unknown[] }).data).toEqual([
			{ userId, email: 'scorer@example.com' },
		]);

		const score = (id: string) =>
			call(statusRoute.POST, { body: { status: 'live' }, params: { id }, headers: auth(scorer) });
		expect((await score(b)).status).toBe(403);
		expect((await score(a)).status).toBe(201);

		const removed = await call(scorerRoute.DELETE, {
			method: 'DELETE',
			params: { id: a, userId },
			headers: auth(admin),
		});
		expect(removed.status).toBe(200);
		const again = await call(scorerRoute.DELETE, {
			method: 'DELETE',
			params: { id: a, userId },
			headers: auth(admin),
		});
		expect(again.status).toBe(404);
		// No assignment left: any match again.
		expect((await score(b)).status).toBe(201);

		const audit = rowsOf<{ action: string; target: string; before: unknown; after: unknown }>(
			await db().db.execute(
				sql`SELECT action, target, before, after FROM cms_audit WHERE action LIKE 'match.%assign' ORDER BY id`,
			),
		);
		expect(audit).toEqual([
			{
				action: 'match.assign',
				target: `match:${a}`,
				before: null,
				after: { scorer: 'scorer@example.com' },
			},
			{
				action: 'match.unassign',
				target: `match:${a}`,
				before: { scorer: 'scorer@example.com' },
				after: null,
			},
		]);
	});

	it('400 naming `email` for a bad address or a non-scorer; 404 for an unknown match; 403 for an editor, a scorer and a cross-site call', async () => {
		const admin = await token('admin@example.com', 'admin');
		const editor = await token('editor@example.com', 'editor');
		const scorer = await token('scorer@example.com', 'scorer');
		for (const email of ['not an address', 'editor@example.com', 'nobody@example.com', 42]) {
			const r = await assign(admin, ids[0]!, email);
			expect(r.status, String(email)).toBe(400);
			expect(r.body.fields).toEqual(['email']);
		}
		expect((await assign(admin, '999999', 'scorer@example.com')).status).toBe(404);
		expect((await assign(editor, ids[0]!, 'scorer@example.com')).status).toBe(403);
		expect((await assign(scorer, ids[0]!, 'scorer@example.com')).status).toBe(403);
		const bad = await call(scorerRoute.DELETE, {
			method: 'DELETE',
			params: { id: ids[0]!, userId: 'x' },
			headers: auth(admin),
		});
		expect(bad.status).toBe(400);

		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'admin@example.com', password: PASSWORD },
		});
		const evil = await call(scorersRoute.POST, {
			body: { email: 'scorer@example.com' },
			params: { id: ids[0]! },
			path: `/api/cms/matches/${ids[0]}/scorers`,
			headers: {
				cookie: cookieHeader(login),
				origin: 'https://evil.example',
				'sec-fetch-site': 'cross-site',
			},
		});
		expect(evil.status).toBe(403);
		expect(rowsOf(await db().db.execute(sql`SELECT 1 FROM cms_scorer_assignments`))).toHaveLength(
			0,
		);
	});
});
