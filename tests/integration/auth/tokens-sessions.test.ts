import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as logoutRoute from '~/pages/api/auth/logout';
import * as passwordRoute from '~/pages/api/auth/password';
import * as refreshRoute from '~/pages/api/auth/refresh-token';
import * as registerRoute from '~/pages/api/auth/register';
import * as sessionsRoute from '~/pages/api/auth/sessions/index';
import * as revokeRoute from '~/pages/api/auth/sessions/[id]';
import * as meRoute from '~/pages/api/me';
import { disableUser } from '~/server/auth/account';
import { tokenCookies } from '~/server/auth/cookies';
import { publishAuthChange } from '~/server/auth/vouches';
import { resetConfigForTests } from '~/server/config';
import {
	call,
	cookieHeader,
	count,
	resetAuthWorld,
	setCookies,
	setFakeClock,
	setupAuthWorld,
	teardownAuthWorld,
} from './helpers';

const PASSWORD = 'correct horse battery staple';
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');

interface Tokens {
	access_token: string;
	refresh_token: string;
}
interface LoginData {
	id: string;
	token: Tokens;
}

async function signUpAndLogIn(
	email = 'fan@example.com',
): Promise<{ data: LoginData; response: Response }> {
	await call(registerRoute.POST, { body: { email, password: PASSWORD, name: 'Fan' } });
	const response = await call(loginRoute.POST, { body: { email, password: PASSWORD } });
	expect(response.status).toBe(200);
	const { data } = (await response.clone().json()) as { data: LoginData };
	return { data, response };
}
async function logIn(email = 'fan@example.com'): Promise<LoginData> {
	const response = await call(loginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await response.json()) as { data: LoginData }).data;
}
const me = (access: string, path = '/api/me') =>
	call(meRoute.GET, { method: 'GET', path, headers: { authorization: `Bearer ${access}` } });
const refresh = (refresh_token: string) => call(refreshRoute.POST, { body: { refresh_token } });
async function refreshed(refresh_token: string): Promise<Tokens> {
	const response = await refresh(refresh_token);
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: { token: Tokens } }).data.token;
}

describe('sessions and tokens (checklist B1-B7)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('B1: forged, expired, mis-addressed and refresh-typed tokens are all 401', async () => {
		const { data } = await signUpAndLogIn();
		expect((await me(data.token.access_token)).status).toBe(200);
		const [header, payload, signature] = data.token.access_token.split('.') as [
			string,
			string,
			string,
		];
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
			string,
			unknown
		>;
		const attacker = new TextEncoder().encode(
			'-----BEGIN PUBLIC KEY-----MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
		);
		const sign = (
			body: Record<string, unknown>,
			key: Uint8Array,
			head: Record<string, unknown> = {},
		) => new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...head }).sign(key);
		const edited = Buffer.from(
			JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000', role: 'admin' }),
		).toString('base64url');
		const forged = [
			new UnsecuredJWT(claims).encode(),
			`${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`,
			await sign(claims, attacker),
			await sign(claims, attacker, {
				kid: 'https://evil.example/key',
				jku: 'https://evil.example/jwks.json',
			}),
			`${header}.${edited}.${signature}`,
			await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET),
			await sign({ ...claims, aud: 'someone-else' }, SECRET),
			await sign({ ...claims, iss: 'evil' }, SECRET),
			await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET),
			data.token.refresh_token,
			'',
			'not.a.jwt',
		];
		for (const token of forged) expect((await me(token)).status).toBe(401);
		// `alg: HS512` with our secret is still refused: one algorithm only.
		const hs512 = await new SignJWT(claims)
			.setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
			.sign(SECRET);
		expect((await me(hs512)).status).toBe(401);
	});

	it('B1: an access token past its exp (fake clock) is 401', async () => {
		const clock = setFakeClock();
		const { data } = await signUpAndLogIn();
		clock.advance(86_401 * 1000);
		expect((await me(data.token.access_token)).status).toBe(401);
	});

	it('B2: replaying a spent refresh token revokes the whole family and logs an event', async () => {
		const { data } = await signUpAndLogIn();
		const second = await refreshed(data.token.refresh_token);
		expect(second.refresh_token).not.toBe(data.token.refresh_token);
		const clock = setFakeClock(Date.now() + 10_000); // past the grace window
		expect((await refresh(data.token.refresh_token)).status).toBe(401);
		expect((await refresh(second.refresh_token)).status).toBe(401);
		expect((await me(second.access_token)).status).toBe(401);
		expect((await me(data.token.access_token)).status).toBe(401);
		const events = await count("auth_security_events WHERE kind = 'refresh_reuse'");
		expect(events).toBe(1);
		clock.advance(0);
		// Re-login works.
		expect((await me((await logIn()).token.access_token)).status).toBe(200);
	});

	it('B3: two tabs refreshing at once get the same single successor; later replays revoke', async () => {
		const clock = setFakeClock();
		const { data } = await signUpAndLogIn();
		const [a, b] = await Promise.all([
			refresh(data.token.refresh_token),
			refresh(data.token.refresh_token),
		]);
		expect(a.status).toBe(200);
		expect(b.status).toBe(200);
		const ta = ((await a.json()) as { data: { token: Tokens } }).data.token;
		const tb = ((await b.json()) as { data: { token: Tokens } }).data.token;
		expect(ta.refresh_token).toBe(tb.refresh_token);
		// Exactly one live token in the family: R1 (used) + R2 (live).
		expect(await count('auth_refresh_tokens WHERE used_at IS NULL')).toBe(1);
		// R2 -> R3 after a while; then the second-to-last (R2) is replayed outside the grace.
		clock.advance(60_000);
		const r3 = await refreshed(ta.refresh_token);
		clock.advance(6_000);
		expect((await refresh(ta.refresh_token)).status).toBe(401);
		expect((await refresh(r3.refresh_token)).status).toBe(401);
	});

	it('B3: within the grace, a duplicate only works for the immediate predecessor of an unused successor', async () => {
		const clock = setFakeClock();
		const { data } = await signUpAndLogIn();
		const r2 = await refreshed(data.token.refresh_token);
		clock.advance(1000);
		const r3 = await refreshed(r2.refresh_token);
		clock.advance(1000);
		// R1 is two steps back (its successor R2 is spent): reuse, family revoked.
		expect((await refresh(data.token.refresh_token)).status).toBe(401);
		expect((await refresh(r3.refresh_token)).status).toBe(401);
	});

	it('B4: logout kills the access and refresh tokens at once', async () => {
		const { data } = await signUpAndLogIn();
		const auth = { authorization: `Bearer ${data.token.access_token}` };
		expect((await call(logoutRoute.POST, { headers: auth })).status).toBe(200);
		expect((await me(data.token.access_token)).status).toBe(401);
		expect((await refresh(data.token.refresh_token)).status).toBe(401);
	});

	it('B4: a password change ends every other session; this device gets fresh tokens', async () => {
		const { data: phone } = await signUpAndLogIn();
		const laptop = await logIn();
		const change = await call(passwordRoute.POST, {
			headers: { authorization: `Bearer ${laptop.token.access_token}` },
			body: { current_password: PASSWORD, new_password: 'a different long secret' },
		});
		expect(change.status).toBe(200);
		const fresh = ((await change.json()) as { data: LoginData }).data;
		for (const old of [phone, laptop]) {
			expect((await me(old.token.access_token)).status).toBe(401);
			expect((await refresh(old.token.refresh_token)).status).toBe(401);
		}
		expect((await me(fresh.token.access_token)).status).toBe(200);
		const wrong = await call(passwordRoute.POST, {
			headers: { authorization: `Bearer ${fresh.token.access_token}` },
			body: { current_password: 'not my password', new_password: 'another long secret' },
		});
		expect(wrong.status).toBe(401);
	});

	it('B4: a family older than its absolute lifetime cannot be refreshed', async () => {
		const clock = setFakeClock();
		const { data } = await signUpAndLogIn();
		let token = data.token.refresh_token;
		for (let day = 0; day < 29; day++) {
			clock.advance(24 * 3600 * 1000);
			token = (await refreshed(token)).refresh_token;
		}
		clock.advance(2 * 24 * 3600 * 1000);
		expect((await refresh(token)).status).toBe(401);
	});

	it('B5: cookie attributes, no-store, fresh values after login, planted values useless', async () => {
		await call(registerRoute.POST, {
			body: { email: 'fix@example.com', password: PASSWORD, name: 'F' },
		});
		const planted =
			'auth._token.local=planted-by-attacker; auth._refresh_token.local=planted-refresh-token-value-123';
		const response = await call(loginRoute.POST, {
			body: { email: 'fix@example.com', password: PASSWORD },
			headers: { cookie: planted },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toBe('no-store');
		const cookies = setCookies(response);
		for (const name of ['auth._token.local', 'auth._refresh_token.local']) {
			const line = cookies.get(name) ?? '';
			expect(line).toMatch(/HttpOnly/);
			expect(line).toMatch(/SameSite=Lax/);
			expect(line).toMatch(/Path=\//);
			expect(line).not.toMatch(/Domain=/);
			expect(line).not.toContain('planted');
		}
		// The planted values never authenticate.
		const withPlanted = await call(meRoute.GET, { method: 'GET', headers: { cookie: planted } });
		expect(withPlanted.status).toBe(401);
		const withReal = await call(meRoute.GET, {
			method: 'GET',
			headers: { cookie: cookieHeader(response) },
		});
		expect(withReal.status).toBe(200);
		expect(withReal.headers.get('cache-control')).toBe('no-store');
	});

	it('B5: cookies are Secure when the site is served over https', () => {
		const previous = process.env['SITE_URL'];
		process.env['SITE_URL'] = 'https://matchday.example';
		resetConfigForTests();
		try {
			const lines = tokenCookies('web', {
				access_token: 'a',
				refresh_token: 'r',
				expires_at: Date.now() + 1000,
				refresh_expires_at: Date.now() + 2000,
			});
			for (const line of lines) expect(line).toMatch(/; Secure/);
		} finally {
			process.env['SITE_URL'] = previous;
			resetConfigForTests();
		}
	});

	it('B6: ?access_token= and ?token= are ignored, and tokens never reach the logs', async () => {
		const logs: string[] = [];
		const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
			vi
				.spyOn(console, level)
				.mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))),
		);
		try {
			const { data } = await signUpAndLogIn();
			for (const query of ['access_token', 'token']) {
				const r = await call(meRoute.GET, {
					method: 'GET',
					path: `/api/me?${query}=${data.token.access_token}`,
				});
				expect(r.status).toBe(401);
			}
			// Reuse detection logs a line; it must not carry a token.
			await refreshed(data.token.refresh_token);
			setFakeClock(Date.now() + 10_000);
			await refresh(data.token.refresh_token);
			expect(logs.length).toBeGreaterThan(0);
			for (const line of logs) {
				expect(line).not.toContain(data.token.access_token);
				expect(line).not.toContain(data.token.refresh_token);
			}
		} finally {
			for (const spy of spies) spy.mockRestore();
		}
	});

	it('B7: disabling a user stops their valid JWT on the next call', async () => {
		const { data } = await signUpAndLogIn();
		expect((await me(data.token.access_token)).status).toBe(200);
		await disableUser(data.id);
		expect((await me(data.token.access_token)).status).toBe(401);
		expect((await refresh(data.token.refresh_token)).status).toBe(401);
		expect(
			(await call(loginRoute.POST, { body: { email: 'fan@example.com', password: PASSWORD } }))
				.status,
		).toBe(401);
	});

	it('B7: a scope change in the database shows within the few-second check cache', async () => {
		const clock = setFakeClock();
		const { data } = await signUpAndLogIn();
		const { db } = await import('./helpers');
		await db().exec(`UPDATE users SET scope = '{user,admin}' WHERE id = '${data.id}'`);
		clock.advance(3000);
		const r = await me(data.token.access_token);
		expect(((await r.json()) as { data: { scope: string[] } }).data.scope).toEqual([
			'user',
			'admin',
		]);
	});

	it('a plan change shows on the next call, not after the check cache runs out', async () => {
		const { data } = await signUpAndLogIn();
		const plan = async () =>
			((await (await me(data.token.access_token)).json()) as { data: { plan: string } }).data.plan;
		expect(await plan()).toBe('free'); // now in the check cache
		const { db } = await import('./helpers');
		await db().exec(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
			VALUES ('${data.id}', 'premium-yearly', 'active', now() + interval '30 days', 'complimentary', 'comp_test', now(), now(), now())`);
		await db().exec(`UPDATE users SET plan = 'premium-yearly' WHERE id = '${data.id}'`);
		// What a grant, a webhook or a cancellation announces after its commit.
		await publishAuthChange({ t: 'plan', id: data.id });
		expect(await plan()).toBe('premium-yearly');
	});

	it('sessions list and revoke one device', async () => {
		const { data: first } = await signUpAndLogIn();
		const second = await logIn();
		const list = await call(sessionsRoute.GET, {
			method: 'GET',
			headers: { authorization: `Bearer ${second.token.access_token}` },
		});
		const sessions = ((await list.json()) as { data: { id: string; current: boolean }[] }).data;
		expect(sessions.length).toBe(2);
		const other = sessions.find((s) => !s.current)!;
		const revoked = await call(revokeRoute.DELETE, {
			method: 'DELETE',
			params: { id: other.id },
			headers: { authorization: `Bearer ${second.token.access_token}` },
		});
		expect(revoked.status).toBe(200);
		expect((await me(first.token.access_token)).status).toBe(401);
		expect((await me(second.token.access_token)).status).toBe(200);
	});

	it('H3: no CORS header for a foreign origin; H5: GET logout is 405 and changes nothing', async () => {
		const { data } = await signUpAndLogIn();
		const r = await call(meRoute.GET, {
			method: 'GET',
			headers: {
				authorization: `Bearer ${data.token.access_token}`,
				origin: 'https://evil.example',
			},
		});
		expect(r.headers.get('access-control-allow-origin')).toBeNull();
		expect(r.headers.get('access-control-allow-credentials')).toBeNull();
		const get = await call(logoutRoute.ALL, {
			method: 'GET',
			headers: { authorization: `Bearer ${data.token.access_token}` },
		});
		expect(get.status).toBe(405);
		expect((await me(data.token.access_token)).status).toBe(200);
		// A cookie-borne JSON logout from another site is refused too.
		const login = await call(loginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		const cross = await call(logoutRoute.POST, {
			headers: { cookie: cookieHeader(login), origin: 'https://evil.example' },
		});
		expect(cross.status).toBe(403);
	});
});
