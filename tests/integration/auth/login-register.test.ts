import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as meRoute from '~/pages/api/me';
import * as registerRoute from '~/pages/api/auth/register';
import {
	call,
	count,
	median,
	outbox,
	resetAuthWorld,
	setCookies,
	setupAuthWorld,
	teardownAuthWorld,
} from './helpers';

const PASSWORD = 'correct horse battery staple';

async function registerUser(email = 'fan@example.com', password = PASSWORD, name = 'Fan') {
	return call(registerRoute.POST, { body: { email, password, name } });
}

describe('register and login (checklist A1, A2, A9)', () => {
	beforeAll(() => setupAuthWorld({ ADMIN_EMAIL: 'boss@example.com' }));
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('registers, then logs in with the spec answer, cookies and no-store', async () => {
		const registered = await registerUser();
		expect(registered.status).toBe(202);
		const response = await call(loginRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toContain('no-store');
		const body = (await response.json()) as {
			data: Record<string, unknown> & { token: Record<string, unknown> };
		};
		expect(body.data).toMatchObject({
			email: 'fan@example.com',
			name: 'Fan',
			scope: ['user'],
			plan: 'free',
		});
		expect(typeof body.data['id']).toBe('string');
		expect(typeof body.data.token['access_token']).toBe('string');
		expect(typeof body.data.token['refresh_token']).toBe('string');
		expect(body.data).not.toHaveProperty('passwordHash');
		const cookies = setCookies(response);
		const access = cookies.get('auth._token.local') ?? '';
		const refresh = cookies.get('auth._refresh_token.local') ?? '';
		for (const line of [access, refresh]) {
			expect(line).toContain('HttpOnly');
			expect(line).toContain('SameSite=Lax');
			expect(line).toContain('Path=/');
		}
		expect(cookies.get('auth._token_expiration.local')).not.toContain('HttpOnly');
		const me = await call(meRoute.GET, {
			method: 'GET',
			headers: { authorization: `Bearer ${String(body.data.token['access_token'])}` },
		});
		expect(me.status).toBe(200);
		expect(((await me.json()) as { data: { email: string } }).data.email).toBe('fan@example.com');
	});

	it('A1: unknown address and wrong password give the same bytes and headers', async () => {
		await registerUser();
		const unknown = await call(loginRoute.POST, {
			body: { email: 'nobody@example.com', password: PASSWORD },
		});
		const wrong = await call(loginRoute.POST, {
			body: { email: 'fan@example.com', password: 'wrong password!' },
		});
		expect(unknown.status).toBe(401);
		expect(wrong.status).toBe(401);
		const a = await unknown.text();
		const b = await wrong.text();
		expect(a).toBe('{"error":"invalid_credentials"}');
		expect(b).toBe(a);
		expect([...unknown.headers.entries()]).toEqual([...wrong.headers.entries()]);
	});

	it('A1: timing of unknown vs wrong password is within noise (medians, 30 runs)', async () => {
		await registerUser();
		const time = async (email: string) => {
			const start = performance.now();
			await call(loginRoute.POST, {
				body: { email, password: 'wrong password!' },
				clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
			});
			return performance.now() - start;
		};
		const known: number[] = [];
		const unknown: number[] = [];
		for (let i = 0; i < 15; i++) {
			known.push(await time('fan@example.com'));
			unknown.push(await time(`ghost${i}@example.com`));
			// stay under the per-address limit: this is about timing, not lockout
			await resetAuthWorldLimitsOnly();
		}
		const ratio = median(known) / median(unknown);
		expect(ratio).toBeGreaterThan(0.5);
		expect(ratio).toBeLessThan(2);
	});

	it('A2: a taken address (case/space variants) answers the same, creates nothing, mails the owner', async () => {
		const first = await registerUser('user@example.com');
		const firstBody = await first.text();
		const again = await registerUser(' User@Example.COM ', 'another good passphrase', 'Mallory');
		expect(again.status).toBe(first.status);
		expect(await again.text()).toBe(firstBody);
		expect(await count('users')).toBe(1);
		const mails = await outbox();
		expect(mails.map((m) => m.kind).sort()).toEqual(['account-exists', 'welcome']);
		expect(mails.every((m) => m.to === 'user@example.com')).toBe(true);
		const login = await call(loginRoute.POST, {
			body: { email: 'USER@example.com ', password: PASSWORD },
		});
		expect(login.status).toBe(200);
	});

	it('A9: extra fields are ignored; bad values are 400 without a stack trace', async () => {
		const response = await call(registerRoute.POST, {
			body: {
				email: 'x@example.com',
				password: PASSWORD,
				name: 'X',
				role: 'admin',
				plan: 'premium',
				emailVerified: true,
				scope: ['admin'],
			},
		});
		expect(response.status).toBe(202);
		const rows = await import('./helpers').then((h) =>
			h.db().db.execute('SELECT scope, plan FROM users' as never),
		);
		const list =
			(rows as unknown as { rows?: { scope: string[]; plan: string }[] }).rows ??
			(rows as unknown as { scope: string[]; plan: string }[]);
		expect(list[0]).toMatchObject({ plan: 'free' });
		expect(list[0]?.scope).toEqual(['user']);
		const bad = [
			{ email: "' OR 1=1--", password: PASSWORD, name: 'a' },
			{ email: { $gt: '' }, password: PASSWORD, name: 'a' },
			{ email: 'n@example.com', password: PASSWORD, name: 'nul\u0000byte' },
			{ email: 'n@example.com', password: PASSWORD, name: 'x'.repeat(10_000) },
			{ email: 'n@example.com', password: { $gt: '' }, name: 'a' },
		];
		for (const body of bad) {
			const r = await call(registerRoute.POST, { body });
			expect(r.status).toBe(400);
			const text = await r.text();
			expect(text).not.toMatch(/at \w+ \(|stack|SELECT|postgres/i);
		}
		const login = await call(loginRoute.POST, {
			body: { email: { $gt: '' }, password: { $gt: '' } },
		});
		expect(login.status).toBe(400);
		const sqlish = await call(loginRoute.POST, {
			body: { email: "' OR 1=1--", password: "' OR 1=1--" },
		});
		expect(sqlish.status).toBe(401);
		expect(await count('users')).toBe(1);
	});

	it('ADMIN_EMAIL registration gets the admin scope but no usable password until the mailbox sets one', async () => {
		await registerUser('Boss@Example.com', PASSWORD, 'Boss');
		const login = await call(loginRoute.POST, {
			body: { email: 'boss@example.com', password: PASSWORD },
		});
		expect(login.status).toBe(401);
		const mails = await outbox();
		expect(mails[0]?.kind).toBe('admin-setup');
		expect(mails[0]?.text).toContain(`http://matchday.test/en/auth/reset-password?token=`);
	});
});

async function resetAuthWorldLimitsOnly(): Promise<void> {
	const { resetRateLimitsForTests } = await import('~/server/auth/rate-limit');
	resetRateLimitsForTests();
}
