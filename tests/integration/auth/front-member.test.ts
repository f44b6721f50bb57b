import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as logoutRoute from '~/pages/api/auth/logout';
import * as logoutAllRoute from '~/pages/api/auth/logout-all';
import * as passwordRoute from '~/pages/api/auth/password';
import * as registerRoute from '~/pages/api/auth/register';
import * as meRoute from '~/pages/api/me';
import { disableUser } from '~/server/auth/account';
import { verifyAccessToken, verifyAccessTokenSync } from '~/server/auth/tokens';
import { publishAuthChange, resetVouchesForTests, vouch } from '~/server/auth/vouches';
import { memberHit } from '~/server/front/cache';
import {
	cacheKey,
	cacheRoute,
	clearRouteCache,
	memberKey,
	store,
} from '~/server/cache/route-cache';
import { clearReminderCache, expiryReminder } from '~/server/payments/billing';
import { call, resetAuthWorld, setFakeClock, setupAuthWorld, teardownAuthWorld } from './helpers';

// Signed-in visitors answered by the front server from the member cache without Astro or
// the database (src/server/front/cache.ts `memberHit`, src/server/auth/vouches.ts): only for
// a token whose signature and claims hold and whose session this process checked lately,
// and never again after a revocation, which withdraws the vouch at once.

const PASSWORD = 'correct horse battery staple';
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');
const PAGE = '/en/league/1';

interface Login {
	id: string;
	token: { access_token: string; refresh_token: string };
}

async function signUp(email = 'fan@example.com'): Promise<Login> {
	await call(registerRoute.POST, { body: { email, password: PASSWORD, name: 'Fan' } });
	return logIn(email);
}
async function logIn(email = 'fan@example.com', password = PASSWORD): Promise<Login> {
	const response = await call(loginRoute.POST, { body: { email, password } });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Login }).data;
}
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const cookie = (access: string) => `i18n_redirected=en; auth._token.local=${access}`;
const claimsOf = (access: string) =>
	JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as {
		sub: string;
		sid: string;
		ver: number;
	};

/** What the Astro path does for a page view: the database check, then the reminder lookup. */
async function astroVisit(access: string): Promise<void> {
	const response = await call(meRoute.GET, { method: 'GET', headers: bearer(access) });
	expect(response.status).toBe(200);
	await expiryReminder(claimsOf(access).sub);
}

const hit = (access: string, path = PAGE, authorization?: string) =>
	memberHit(path, path, cookie(access), authorization);

async function storeMemberPage(path = PAGE): Promise<void> {
	const response = new Response('<p>members</p>', {
		headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" },
	});
	cacheRoute(response.headers, { maxAge: 60, tags: ['lists'] });
	await store(memberKey(cacheKey(path, undefined, undefined)), response);
}

describe('signed-in hits in the front server', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		resetVouchesForTests();
		clearRouteCache();
		clearReminderCache();
		await storeMemberPage();
	});

	it('answers only once the session was checked here, with the headers Astro would send', async () => {
		const { token } = await signUp();
		expect(hit(token.access_token)).toBeUndefined();
		await astroVisit(token.access_token);
		const found = hit(token.access_token);
		expect(found).toBeDefined();
		expect(new TextDecoder().decode(found!.page.body)).toBe('<p>members</p>');
		const headers = new Map(found!.headers);
		expect(headers.get('cache-control')).toBe('private, no-store');
		expect(headers.get('x-frame-options')).toBe('DENY');
		expect(headers.get('x-content-type-options')).toBe('nosniff');
		expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
		expect(headers.has('x-route-cache')).toBe(false);
	});

	it('B1: forged, expired and mis-addressed tokens of a vouched session are never answered', async () => {
		const { token } = await signUp();
		await astroVisit(token.access_token);
		const [header, payload, signature] = token.access_token.split('.') as [string, string, string];
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
			string,
			unknown
		>;
		const attacker = new TextEncoder().encode('-----BEGIN PUBLIC KEY-----MIIBIjANBgkqhkiG9w0B');
		const sign = (body: Record<string, unknown>, key: Uint8Array, head = {}) =>
			new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...head }).sign(key);
		const edited = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
		const forged = [
			new UnsecuredJWT(claims).encode(),
			`${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`,
			await sign(claims, attacker),
			await sign(claims, SECRET, { jku: 'https://evil.example/jwks.json' }),
			`${header}.${edited}.${signature}`,
			`${header}.${payload}.${signature}.extra`,
			await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET),
			await sign({ ...claims, aud: 'someone-else' }, SECRET),
			await sign({ ...claims, iss: 'evil' }, SECRET),
			await sign({ ...claims, nbf: Math.floor(Date.now() / 1000) + 600 }, SECRET),
			await sign({ ...claims, ver: 7 }, SECRET),
			await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET),
			await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(SECRET),
			token.refresh_token,
			'not.a.jwt',
		];
		for (const t of forged) {
			expect(hit(t), t).toBeUndefined();
			// The synchronous check refuses what jose refuses (the last ones pass both, but
			// name a version the session was not vouched for).
			if ((await verifyAccessToken(t)) === null) expect(verifyAccessTokenSync(t), t).toBeNull();
		}
		expect(verifyAccessTokenSync(token.access_token)).toMatchObject(
			(await verifyAccessToken(token.access_token))!,
		);
		// Past its expiry the real token is refused too.
		const clock = setFakeClock();
		clock.advance(86_401 * 1000);
		expect(hit(token.access_token)).toBeUndefined();
	});

	it('leaves API calls, protected pages and visitors with a banner to Astro', async () => {
		const { token } = await signUp();
		await astroVisit(token.access_token);
		await storeMemberPage('/en/account');
		expect(hit(token.access_token, '/en/account')).toBeUndefined();
		expect(hit(token.access_token, PAGE, `Bearer ${token.access_token}`)).toBeUndefined();
		// A plan change (in any process) drops what is known of the banner: Astro asks again.
		await publishAuthChange({ t: 'plan', id: claimsOf(token.access_token).sub });
		expect(hit(token.access_token)).toBeUndefined();
		await expiryReminder(claimsOf(token.access_token).sub);
		expect(hit(token.access_token)).toBeDefined();
	});

	it('logout stops the token at once, in the front as in Astro', async () => {
		const { token } = await signUp();
		await astroVisit(token.access_token);
		expect(hit(token.access_token)).toBeDefined();
		expect(
			(await call(logoutRoute.POST, { headers: bearer(token.access_token), body: {} })).status,
		).toBeLessThan(300);
		expect(hit(token.access_token)).toBeUndefined();
		expect(
			(await call(meRoute.GET, { method: 'GET', headers: bearer(token.access_token) })).status,
		).toBe(401);
	});

	it('logout everywhere, password change and disabling stop every token of the user', async () => {
		const { token: a } = await signUp();
		const b = (await logIn()).token;
		await astroVisit(a.access_token);
		await astroVisit(b.access_token);
		expect(
			(await call(logoutAllRoute.POST, { headers: bearer(a.access_token), body: {} })).status,
		).toBeLessThan(300);
		expect(hit(a.access_token)).toBeUndefined();
		expect(hit(b.access_token)).toBeUndefined();

		const c = (await logIn()).token;
		await astroVisit(c.access_token);
		expect(hit(c.access_token)).toBeDefined();
		const changed = await call(passwordRoute.POST, {
			headers: bearer(c.access_token),
			body: { current_password: PASSWORD, new_password: 'another long passphrase 99' },
		});
		expect(changed.status).toBeLessThan(300);
		expect(hit(c.access_token)).toBeUndefined();

		const d = (await logIn('fan@example.com', 'another long passphrase 99')).token;
		await astroVisit(d.access_token);
		expect(hit(d.access_token)).toBeDefined();
		await disableUser(claimsOf(d.access_token).sub);
		expect(hit(d.access_token)).toBeUndefined();
	});

	it('a check that began before a revocation cannot vouch after it', async () => {
		const { token } = await signUp();
		const { sid, sub, ver } = claimsOf(token.access_token);
		await astroVisit(token.access_token);
		const before = Date.now() - 50;
		await publishAuthChange({ t: 'session', id: sid });
		expect(hit(token.access_token)).toBeUndefined();
		vouch(sid, sub, ver, Date.now() + 3_600_000, before);
		expect(hit(token.access_token)).toBeUndefined();
		await publishAuthChange({ t: 'user', id: sub });
		vouch(sid, sub, ver, Date.now() + 3_600_000, before);
		expect(hit(token.access_token)).toBeUndefined();
	});
});
