import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as forgotRoute from '~/pages/api/auth/forgot-password';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as resetRoute from '~/pages/api/auth/reset-password';
import * as meRoute from '~/pages/api/me';
import {
	call,
	count,
	median,
	outbox,
	resetAuthWorld,
	setFakeClock,
	setupAuthWorld,
	teardownAuthWorld,
	tokenFromMail,
} from './helpers';

const PASSWORD = 'correct horse battery staple';

async function registerUser(email: string, password = PASSWORD) {
	const r = await call(registerRoute.POST, { body: { email, password, name: 'Fan' } });
	expect(r.status).toBe(202);
}
async function loginStatus(email: string, password: string, clientAddress = '203.0.113.50') {
	return (await call(loginRoute.POST, { body: { email, password }, clientAddress })).status;
}
async function forgot(email: string, extra: Parameters<typeof call>[1] = {}) {
	return call(forgotRoute.POST, { body: { email }, ...extra });
}
async function resetMail(email: string) {
	const before = (await outbox()).length;
	expect((await forgot(email)).status).toBe(202);
	const mails = await outbox();
	expect(mails.length).toBe(before + 1);
	return mails.filter((m) => m.kind === 'reset-password' && m.to === email).at(-1)!;
}

describe('passwords and reset links (checklist A3-A8)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('A3: unknown address gets the same 202 and body, and no mail is queued', async () => {
		await registerUser('known@example.com');
		const mailsBefore = (await outbox()).length;
		const known = await forgot('known@example.com');
		const unknown = await forgot('unknown@example.com');
		expect(unknown.status).toBe(202);
		expect(known.status).toBe(202);
		expect(await unknown.text()).toBe(await known.text());
		const mails = await outbox();
		expect(mails.length).toBe(mailsBefore + 1);
		expect(mails.filter((m) => m.to === 'unknown@example.com')).toEqual([]);
		expect(await count('auth_password_resets')).toBe(1);
	});

	it('A3: forgot-password timing for known vs unknown is within noise (medians, 30 runs)', async () => {
		await registerUser('known@example.com');
		const time = async (email: string, i: number) => {
			const start = performance.now();
			await forgot(email, { clientAddress: `198.51.100.${i}` });
			return performance.now() - start;
		};
		const known: number[] = [];
		const unknown: number[] = [];
		for (let i = 0; i < 15; i++) {
			known.push(await time('known@example.com', i));
			unknown.push(await time(`nobody${i}@example.com`, i + 100));
		}
		// Generous: the known path writes one row; mail delivery is off the request path.
		expect(median(known) / Math.max(median(unknown), 0.5)).toBeLessThan(5);
	});

	it('A4: a reset link works once, sequentially; the reset mail is in the visitor language', async () => {
		await registerUser('a4@example.com');
		const mail = await (async () => {
			expect(
				(await call(forgotRoute.POST, { body: { email: 'a4@example.com', locale: 'de' } })).status,
			).toBe(202);
			return (await outbox()).filter((m) => m.kind === 'reset-password').at(-1)!;
		})();
		expect(mail.subject).not.toBe('Reset your Matchday password');
		expect(mail.text).toContain('http://matchday.test/de/auth/reset-password?token=');
		const token = tokenFromMail(mail);
		const first = await call(resetRoute.POST, {
			body: { token, password: 'first new passphrase' },
		});
		expect(first.status).toBe(200);
		const second = await call(resetRoute.POST, {
			body: { token, password: 'second new passphrase' },
		});
		expect(second.status).toBe(400);
		expect(((await second.json()) as { error: string }).error).toBe('invalid_token');
		expect(await loginStatus('a4@example.com', 'first new passphrase')).toBe(200);
	});

	it('A4: two concurrent resets with one token: exactly one wins and its password is final', async () => {
		await registerUser('race@example.com');
		const token = tokenFromMail(await resetMail('race@example.com'));
		const [a, b] = await Promise.all([
			call(resetRoute.POST, { body: { token, password: 'password number one' } }),
			call(resetRoute.POST, { body: { token, password: 'password number two' } }),
		]);
		expect([a.status, b.status].sort()).toEqual([200, 400]);
		const winner = a.status === 200 ? 'password number one' : 'password number two';
		const loser = a.status === 200 ? 'password number two' : 'password number one';
		expect(await loginStatus('race@example.com', winner)).toBe(200);
		expect(await loginStatus('race@example.com', loser)).toBe(401);
	});

	it('A5: expired, tampered and other-user tokens are 400 and change nothing', async () => {
		const clock = setFakeClock();
		await registerUser('a5@example.com');
		await registerUser('other@example.com');
		const token = tokenFromMail(await resetMail('a5@example.com'));
		const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
		const bad = await call(resetRoute.POST, {
			body: { token: tampered, password: 'tampered passphrase' },
		});
		expect(bad.status).toBe(400);
		const body = await bad.text();
		expect(body).not.toContain('a5@example.com');
		// Another user's (already spent) link does nothing to this account.
		const otherToken = tokenFromMail(await resetMail('other@example.com'));
		expect(
			(
				await call(resetRoute.POST, {
					body: { token: otherToken, password: 'other new passphrase' },
				})
			).status,
		).toBe(200);
		expect(
			(await call(resetRoute.POST, { body: { token: otherToken, password: 'hijack passphrase' } }))
				.status,
		).toBe(400);
		clock.advance(3601 * 1000);
		const expired = await call(resetRoute.POST, {
			body: { token, password: 'too late passphrase' },
		});
		expect(expired.status).toBe(400);
		expect(await loginStatus('a5@example.com', PASSWORD)).toBe(200);
		expect(await loginStatus('a5@example.com', 'hijack passphrase')).toBe(401);
	});

	it('A6: the mailed link uses SITE_URL, whatever Host or X-Forwarded-Host say', async () => {
		await registerUser('a6@example.com');
		const poisoned: Record<string, string>[] = [
			{ host: 'evil.com' },
			{ host: 'site:x@evil.com' },
			{ 'x-forwarded-host': 'evil.com' },
		];
		for (const headers of poisoned) {
			expect((await forgot('a6@example.com', { headers })).status).toBe(202);
		}
		const mails = (await outbox()).filter((m) => m.kind === 'reset-password');
		expect(mails.length).toBe(3);
		for (const mail of mails) {
			expect(mail.text).not.toContain('evil.com');
			expect(mail.html).not.toContain('evil.com');
			expect(mail.text).toContain('http://matchday.test/en/auth/reset-password?token=');
		}
	});

	it('A7: length, common and byte-72 rules; emoji accepted; never 500', async () => {
		const attempt = (email: string, password: string) =>
			call(registerRoute.POST, { body: { email, password, name: 'P' } });
		expect((await attempt('p1@example.com', 'short77')).status).toBe(400);
		expect((await attempt('p2@example.com', 'password123')).status).toBe(400);
		expect((await attempt('p2b@example.com', 'PassWord123')).status).toBe(400);
		const sixtyFour = 'a1B2'.repeat(16);
		expect((await attempt('p3@example.com', sixtyFour)).status).toBe(202);
		expect(await loginStatus('p3@example.com', sixtyFour)).toBe(200);
		// 1 MB: refused before any hash, as 413 (body cap) - never 500.
		const huge = await attempt('p4@example.com', 'x'.repeat(1024 * 1024));
		expect(huge.status).toBe(413);
		// 2 KB: under the body cap, over the password cap: 400 without hashing.
		expect((await attempt('p4@example.com', 'y'.repeat(2000))).status).toBe(400);
		const prefix = 'z'.repeat(72);
		expect((await attempt('p5@example.com', `${prefix}-first`)).status).toBe(202);
		expect(await loginStatus('p5@example.com', `${prefix}-second`)).toBe(401);
		expect(await loginStatus('p5@example.com', `${prefix}-first`)).toBe(200);
		expect(await loginStatus('p5@example.com', `${prefix}-FIRST`)).toBe(401);
		const emoji = '⚽🥅 goal goal 🎉';
		expect((await attempt('p6@example.com', emoji)).status).toBe(202);
		expect(await loginStatus('p6@example.com', emoji)).toBe(200);
		expect(await count('users')).toBe(3);
	});

	it('A8: brute force hits 429 + Retry-After, spoofed XFF is not the key, the owner can still reset', async () => {
		await registerUser('victim@example.com');
		const statuses: number[] = [];
		let retryAfter: string | null = null;
		for (let i = 0; i < 30; i++) {
			const r = await call(loginRoute.POST, {
				body: { email: 'victim@example.com', password: `wrong guess ${i}` },
				headers: { 'x-forwarded-for': `10.0.${i}.1` },
				clientAddress: `192.0.2.${(i % 3) + 1}`,
			});
			statuses.push(r.status);
			if (r.status === 429) retryAfter = r.headers.get('retry-after');
		}
		expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
		expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
		expect(Number(retryAfter)).toBeGreaterThan(0);
		// Per-client limit keyed by the socket address, not by the spoofed header.
		const { limits } = await import('~/server/auth/rate-limit');
		expect(limits.loginPerClient.peek('10.0.0.1').ok).toBe(true);
		// The correct password is refused while locked...
		expect(await loginStatus('victim@example.com', PASSWORD)).toBe(429);
		// ...but the owner can reset, and then log in at once.
		const token = tokenFromMail(await resetMail('victim@example.com'));
		expect(
			(await call(resetRoute.POST, { body: { token, password: 'owner is back again' } })).status,
		).toBe(200);
		expect(await loginStatus('victim@example.com', 'owner is back again')).toBe(200);
	});

	it('A8: X-Forwarded-For is used only behind a configured trusted proxy', async () => {
		const { clientIp, parseTrustedProxies } = await import('~/server/auth/client-ip');
		const trusted = parseTrustedProxies('10.0.0.1, ::1');
		expect(clientIp('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9');
		expect(clientIp('10.0.0.1', '1.2.3.4', trusted)).toBe('1.2.3.4');
		expect(clientIp('10.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.1', trusted)).toBe('1.2.3.4');
		expect(clientIp('::ffff:10.0.0.1', 'garbage', trusted)).toBe('10.0.0.1');
	});

	it('reset ends every session: the old access token stops working at once', async () => {
		await registerUser('b4@example.com');
		const login = await call(loginRoute.POST, {
			body: { email: 'b4@example.com', password: PASSWORD },
		});
		const { data } = (await login.json()) as { data: { token: { access_token: string } } };
		const auth = { authorization: `Bearer ${data.token.access_token}` };
		expect((await call(meRoute.GET, { method: 'GET', headers: auth })).status).toBe(200);
		const token = tokenFromMail(await resetMail('b4@example.com'));
		expect(
			(await call(resetRoute.POST, { body: { token, password: 'a brand new secret' } })).status,
		).toBe(200);
		expect((await call(meRoute.GET, { method: 'GET', headers: auth })).status).toBe(401);
	});

	it('reset-token rows store only the hash', async () => {
		await registerUser('hash@example.com');
		const token = tokenFromMail(await resetMail('hash@example.com'));
		const { db } = await import('./helpers');
		const rows = await db().db.execute('SELECT token_hash FROM auth_password_resets' as never);
		const list =
			(rows as unknown as { rows?: { token_hash: string }[] }).rows ??
			(rows as unknown as { token_hash: string }[]);
		expect(list.length).toBe(1);
		expect(list[0]?.token_hash).not.toBe(token);
		expect(list[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
	});
});
