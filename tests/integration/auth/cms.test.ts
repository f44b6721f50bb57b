import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as cmsLogoutRoute from '~/pages/api/auth/cms/logout';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as resetRoute from '~/pages/api/auth/reset-password';
import * as refreshRoute from '~/pages/api/auth/refresh-token';
import * as newsRoute from '~/pages/api/cms/news/index';
import * as meRoute from '~/pages/api/me';
import {
	call,
	cookieHeader,
	count,
	outbox,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
	tokenFromMail,
} from './helpers';

const PASSWORD = 'correct horse battery staple';

async function makeAdmin(): Promise<void> {
	await call(registerRoute.POST, {
		body: { email: 'boss@example.com', password: PASSWORD, name: 'Boss' },
	});
	const token = tokenFromMail((await outbox()).find((m) => m.kind === 'admin-setup')!);
	expect((await call(resetRoute.POST, { body: { token, password: PASSWORD } })).status).toBe(200);
}

describe('CMS login (checklist E1, E3)', () => {
	beforeAll(() => setupAuthWorld({ ADMIN_EMAIL: 'boss@example.com' }));
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('E3: no default account exists; admin/admin is the generic 401', async () => {
		expect(await count('users')).toBe(0);
		const r = await call(cmsLoginRoute.POST, { body: { email: 'admin', password: 'admin' } });
		expect(r.status).toBe(401);
		expect(await r.text()).toBe('{"error":"invalid_credentials"}');
	});

	it('E3: 429 after 5 attempts in 15 minutes', async () => {
		await makeAdmin();
		const statuses: number[] = [];
		for (let i = 0; i < 7; i++) {
			statuses.push(
				(
					await call(cmsLoginRoute.POST, {
						body: { email: 'boss@example.com', password: `guess ${i}` },
					})
				).status,
			);
		}
		expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
	});

	it('E1: a normal user cannot log into the CMS; the admin gets a separate cms session', async () => {
		await call(registerRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD, name: 'Fan' },
		});
		const user = await call(cmsLoginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		expect(user.status).toBe(401);
		await makeAdmin();
		const admin = await call(cmsLoginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		expect(admin.status).toBe(200);
		const body = (await admin.clone().json()) as { data: { scope: string[] } };
		expect(body.data.scope).toEqual(['user', 'admin']);
		expect(admin.headers.getSetCookie().every((c) => c.includes('.cms='))).toBe(true);
	});

	it('E1: admin logout revokes only the CMS session; the site session stays', async () => {
		await makeAdmin();
		const site = await call(loginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		const cms = await call(cmsLoginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		const both = `${cookieHeader(site)}; ${cookieHeader(cms)}`;
		const out = await call(cmsLogoutRoute.POST, {
			path: '/api/admin/logout',
			headers: { cookie: both },
		});
		expect(out.status).toBe(200);
		expect(
			(await call(meRoute.GET, { method: 'GET', headers: { cookie: cookieHeader(site) } })).status,
		).toBe(200);
		const cmsToken = ((await cms.json()) as { data: { token: { access_token: string } } }).data
			.token.access_token;
		expect(
			(await call(meRoute.GET, { method: 'GET', headers: { authorization: `Bearer ${cmsToken}` } }))
				.status,
		).toBe(401);
	});

	async function cmsLogin(): Promise<{ response: Response; access: string; refresh: string }> {
		const response = await call(cmsLoginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		const token = (
			(await response.clone().json()) as {
				data: { token: { access_token: string; refresh_token: string } };
			}
		).data.token;
		return { response, access: token.access_token, refresh: token.refresh_token };
	}

	const newsWith = (access: string) =>
		call(newsRoute.GET, {
			method: 'GET',
			path: '/api/cms/news',
			headers: { authorization: `Bearer ${access}` },
		});

	it('issue 28/5: logout at its real path ends the console session (access and refresh)', async () => {
		await makeAdmin();
		const cms = await cmsLogin();
		expect((await newsWith(cms.access)).status).toBe(200);
		const out = await call(cmsLogoutRoute.POST, {
			path: '/api/auth/cms/logout',
			headers: { cookie: cookieHeader(cms.response) },
		});
		expect(out.status).toBe(200);
		expect((await newsWith(cms.access)).status).toBe(401);
		const again = await call(refreshRoute.POST, {
			path: '/api/auth/refresh-token',
			body: { refresh_token: cms.refresh },
		});
		expect(again.status).toBe(401);
	});

	it('issue 28/5: logout with the console bearer token ends that session, not the site one', async () => {
		await makeAdmin();
		const site = await call(loginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		const cms = await cmsLogin();
		const out = await call(cmsLogoutRoute.POST, {
			path: '/api/auth/cms/logout',
			headers: { authorization: `Bearer ${cms.access}` },
		});
		expect(out.status).toBe(200);
		expect((await newsWith(cms.access)).status).toBe(401);
		expect(
			(
				await call(refreshRoute.POST, {
					path: '/api/auth/refresh-token',
					body: { refresh_token: cms.refresh },
				})
			).status,
		).toBe(401);
		expect(
			(await call(meRoute.GET, { method: 'GET', headers: { cookie: cookieHeader(site) } })).status,
		).toBe(200);
	});

	it('issue 28/5: logout with only the refresh cookie (access expired) still ends the session', async () => {
		await makeAdmin();
		const cms = await cmsLogin();
		const refreshOnly = cookieHeader(cms.response)
			.split('; ')
			.filter((c) => !c.startsWith('auth._token.cms='))
			.join('; ');
		await call(cmsLogoutRoute.POST, {
			path: '/api/auth/cms/logout',
			headers: { cookie: refreshOnly },
		});
		expect(
			(
				await call(refreshRoute.POST, {
					path: '/api/auth/refresh-token',
					body: { refresh_token: cms.refresh },
				})
			).status,
		).toBe(401);
	});
});
