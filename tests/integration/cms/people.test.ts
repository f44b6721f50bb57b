import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as meRoute from '~/pages/api/me';
import * as peopleRoute from '~/pages/api/cms/people/index';
import * as personRoute from '~/pages/api/cms/people/[id]/index';
import * as grantRoute from '~/pages/api/cms/people/[id]/complimentary';
import * as sessionsRoute from '~/pages/api/cms/people/[id]/sessions';
import * as disabledRoute from '~/pages/api/cms/people/[id]/disabled';
import { readAudit } from '~/server/cms/audit';
import { addStaff } from '~/server/cms/staff';
import { entitlementsFor } from '~/server/entitlements';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';

const PASSWORD = 'correct horse battery staple';
type Json = Record<string, unknown> & {
	data: Record<string, unknown> & { token: { access_token: string } };
};

async function token(route: typeof cmsLoginRoute | typeof loginRoute, email: string) {
	const r = await call(route.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	return ((await r.json()) as Json).data.token.access_token;
}

async function fan(email: string): Promise<string> {
	const r = await call(registerRoute.POST, { body: { email, password: PASSWORD, name: 'Fan' } });
	expect(r.status).toBeLessThan(300);
	const rows = (await db().db.execute(
		`SELECT id FROM users WHERE email = '${email}'` as never,
	)) as unknown as { rows: { id: string }[] } | { id: string }[];
	const list = 'rows' in rows ? rows.rows : rows;
	return list[0]!.id;
}

function bearer(t: string) {
	return { authorization: `Bearer ${t}` };
}

async function send(
	route: Record<string, unknown>,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	t: string,
	options: { id?: string; body?: unknown; path?: string } = {},
) {
	const r = await call(route[method] as never, {
		method,
		headers: bearer(t),
		params: options.id ? { id: options.id } : {},
		path: options.path ?? '/api/cms/people',
		...(options.body !== undefined ? { body: options.body } : {}),
	});
	return { status: r.status, body: (await r.json()) as Record<string, unknown> & { data: never } };
}

function isoDay(offsetDays: number): string {
	return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('People (admins): find, grant, revoke, disable', () => {
	let admin = '';
	beforeAll(() =>
		setupAuthWorld({ REDIS_URL: '', CMS_REQUIRE_TOTP: '0', REGISTER_PER_CLIENT_PER_HOUR: '1000' }),
	);
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit');
		await addStaff({ email: 'chief@example.com', role: 'admin', password: PASSWORD });
		admin = await token(cmsLoginRoute, 'chief@example.com');
	});

	it('finds users by part of the e-mail, case-insensitive, 20 a page; % is literal', async () => {
		for (let i = 0; i < 23; i++) await fan(`fan${String(i).padStart(2, '0')}@club.example`);
		await fan('other@else.example');
		const first = await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?q=CLUB' });
		expect(first.status).toBe(200);
		expect((first.body.data as { email: string }[]).length).toBe(20);
		expect(first.body.hasMore).toBe(true);
		const second = await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?q=club&page=1' });
		expect((second.body.data as { email: string }[]).map((p) => p.email)).toEqual([
			'fan20@club.example',
			'fan21@club.example',
			'fan22@club.example',
		]);
		expect(second.body.hasMore).toBe(false);
		const prefix = await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?q=other@' });
		expect((prefix.body.data as { email: string }[]).map((p) => p.email)).toEqual([
			'other@else.example',
		]);
		const wildcard = await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?q=%25' });
		expect(wildcard.body.data).toEqual([]);
		const bad = await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?page=-1' });
		expect(bad.status).toBe(400);
		expect(bad.body.fields).toEqual(['page']);
	});

	it('only admins: an editor and a fan token get 403; a bad id is 400; an unknown one 404', async () => {
		await addStaff({ email: 'ed@example.com', role: 'editor', password: PASSWORD });
		const editor = await token(cmsLoginRoute, 'ed@example.com');
		expect((await send(peopleRoute, 'GET', editor)).status).toBe(403);
		await fan('fan@example.com');
		const site = await token(loginRoute, 'fan@example.com');
		expect((await send(peopleRoute, 'GET', site)).status).toBe(403);
		const badId = await send(personRoute, 'GET', admin, { id: '12' });
		expect(badId.status).toBe(400);
		expect(badId.body.fields).toEqual(['id']);
		const unknown = await send(personRoute, 'GET', admin, {
			id: '00000000-0000-4000-8000-000000000000',
		});
		expect(unknown.status).toBe(404);
	});

	it('a complimentary plan becomes the user’s entitlement until its date; audited with before/after', async () => {
		const id = await fan('fan@example.com');
		expect(await entitlementsFor(id)).toEqual([]);
		const until = isoDay(30);
		const r = await send(grantRoute, 'POST', admin, {
			id,
			body: { planId: 'premium-monthly', until },
		});
		expect(r.status).toBe(201);
		const [best] = await entitlementsFor(id);
		expect(best).toMatchObject({
			planId: 'premium-monthly',
			provider: 'complimentary',
			status: 'active',
		});
		expect(best?.currentPeriodEnd?.toISOString().slice(0, 10)).toBe(isoDay(31));
		const detail = await send(personRoute, 'GET', admin, { id });
		expect(detail.body.data).toMatchObject({ plan: 'premium-monthly', payments: [] });
		const [row] = await readAudit({ target: 'user:fan@example.com' });
		expect(row).toMatchObject({
			action: 'people.complimentary',
			actorEmail: 'chief@example.com',
			before: { plan: 'free' },
			after: { plan: 'premium-monthly', granted: 'premium-monthly' },
		});
		// Past dates, unknown or ungrantable plans are refused, naming the field.
		const past = await send(grantRoute, 'POST', admin, {
			id,
			body: { planId: 'premium-monthly', until: isoDay(-2) },
		});
		expect([past.status, past.body.fields]).toEqual([400, ['until']]);
		const free = await send(grantRoute, 'POST', admin, { id, body: { planId: 'free', until } });
		expect([free.status, free.body.fields]).toEqual([400, ['planId']]);
		const junk = await send(grantRoute, 'POST', admin, {
			id,
			body: { planId: 'premium-monthly', until: '2026-02-31x' },
		});
		expect([junk.status, junk.body.fields]).toEqual([400, ['until']]);
	});

	it('disable: login refused, the open session ends at once, audited; enable lets them back', async () => {
		const id = await fan('fan@example.com');
		const site = await token(loginRoute, 'fan@example.com');
		const me = () => call(meRoute.GET, { method: 'GET', headers: bearer(site) });
		expect((await me()).status).toBe(200);
		const off = await send(disabledRoute, 'PUT', admin, { id, body: { disabled: true } });
		expect(off.status).toBe(200);
		expect((await me()).status).toBe(401);
		const login = await call(loginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		expect(login.status).toBe(401);
		expect((await readAudit({ target: 'user:fan@example.com' }))[0]).toMatchObject({
			action: 'people.disable',
			before: { disabled: false },
			after: { disabled: true },
		});
		const on = await send(disabledRoute, 'PUT', admin, { id, body: { disabled: false } });
		expect(on.status).toBe(200);
		expect(
			(await call(loginRoute.POST, { body: { email: 'fan@example.com', password: PASSWORD } }))
				.status,
		).toBe(200);
		// An admin cannot lock themselves out; a body without the flag names it.
		const adminId = (
			(await send(peopleRoute, 'GET', admin, { path: '/api/cms/people?q=chief' })).body.data as {
				id: string;
			}[]
		)[0]!.id;
		expect(
			(await send(disabledRoute, 'PUT', admin, { id: adminId, body: { disabled: true } })).status,
		).toBe(409);
		const missing = await send(disabledRoute, 'PUT', admin, { id, body: {} });
		expect([missing.status, missing.body.fields]).toEqual([400, ['disabled']]);
	});

	it('revoke sessions: every token of the user stops working; audited', async () => {
		const id = await fan('fan@example.com');
		const a = await token(loginRoute, 'fan@example.com');
		const b = await token(loginRoute, 'fan@example.com');
		const r = await send(sessionsRoute, 'DELETE', admin, { id });
		expect(r.status).toBe(200);
		for (const t of [a, b])
			expect((await call(meRoute.GET, { method: 'GET', headers: bearer(t) })).status).toBe(401);
		expect((await readAudit({ target: 'user:fan@example.com' }))[0]).toMatchObject({
			action: 'people.sessions.revoke',
			after: { sessionsEnded: 2 },
		});
	});

	it('a cross-site cookie request is refused (CSRF)', async () => {
		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'chief@example.com', password: PASSWORD },
		});
		const cookie = login.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
		const id = await fan('fan@example.com');
		const r = await call(disabledRoute.PUT as never, {
			method: 'PUT',
			params: { id },
			body: { disabled: true },
			headers: { cookie, origin: 'https://evil.example' },
			path: '/api/cms/people',
		});
		expect(r.status).toBe(403);
		expect((await send(personRoute, 'GET', admin, { id })).body.data).toMatchObject({
			disabled: false,
		});
	});
});
