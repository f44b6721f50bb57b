import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import { beginEnrolment, confirmEnrolment } from '~/server/auth/second-factor';
import { totpCode } from '~/server/auth/totp';
import { now, setClockForTests } from '~/server/clock';
import { addStaff } from '~/server/cms/staff';
import { resetConfigForTests } from '~/server/config';
import { call, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from './helpers';

/*
 * Issue 28/7: login limits count failures only, per client address and per account, and a
 * staff member with the password and their second factor is never locked out by someone
 * else's wrong passwords.
 */
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'desk@example.com';
const OFFICE = '198.51.100.20';

async function staff(email = EMAIL) {
	const added = await addStaff({ email, role: 'editor', password: PASSWORD });
	if (!added.ok) throw new Error('staff');
	return { id: added.member.id, email: added.member.email };
}

/** Enrols two-step verification; the secret, to compute codes with. */
async function enrol(user: { id: string; email: string }): Promise<string> {
	const shown = await beginEnrolment(user);
	if (!shown) throw new Error('enrolled');
	const done = await confirmEnrolment(user, totpCode(shown.secret, now() - 30_000), '192.0.2.1');
	if (!done.ok) throw new Error('enrolment');
	return shown.secret;
}

function cms(body: Record<string, string>, clientAddress: string) {
	return call(cmsLoginRoute.POST, { body: { email: EMAIL, ...body }, clientAddress });
}

/** Moves the auth clock one TOTP step on, so every login has a fresh code. */
function nextStep(): void {
	const at = now() + 30_000;
	setClockForTests(() => at);
}

describe('login limits count failures, not logins (issue 28/7)', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '', CMS_REQUIRE_TOTP: '0' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		process.env.CMS_REQUIRE_TOTP = '0';
		resetConfigForTests();
	});
	afterEach(() => setClockForTests());

	it('20 successful console logins from one office address in a row all succeed', async () => {
		const secret = await enrol(await staff());
		await staff('plain@example.com');
		for (let i = 0; i < 20; i++) {
			nextStep();
			const withCode = await cms({ password: PASSWORD, code: totpCode(secret, now()) }, OFFICE);
			expect(withCode.status, `login ${i + 1} with a code`).toBe(200);
			const plain = await call(cmsLoginRoute.POST, {
				body: { email: 'plain@example.com', password: PASSWORD },
				clientAddress: OFFICE,
			});
			expect(plain.status, `login ${i + 1} without a second factor`).toBe(200);
		}
	});

	it('5 wrong passwords from 5 addresses, then the right password and code get in', async () => {
		const secret = await enrol(await staff());
		for (let i = 0; i < 5; i++)
			expect((await cms({ password: `guess ${i}` }, `203.0.113.${i + 1}`)).status).toBe(401);
		// The account is locked: a password alone, even the right one, is not even checked…
		const alone = await cms({ password: PASSWORD }, OFFICE);
		expect(alone.status).toBe(429);
		expect(Number(alone.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(((await alone.json()) as { error: string }).error).toBe('account_locked');
		// …but the password with the second factor passes, and lifts the account's limit.
		nextStep();
		const owner = await cms({ password: PASSWORD, code: totpCode(secret, now()) }, OFFICE);
		expect(owner.status).toBe(200);
		const after = await cms({ password: PASSWORD }, OFFICE);
		expect(after.status).toBe(401);
		expect(((await after.json()) as { error: string }).error).toBe('code_required');
	});

	it('the console form of a locked account asks for password and code together', async () => {
		const { answerForm } = await import('~/server/auth/forms');
		const secret = await enrol(await staff());
		for (let i = 0; i < 5; i++) await cms({ password: `guess ${i}` }, `203.0.113.${i + 1}`);
		const ctx = { locale: 'en' as const, clientAddress: OFFICE, web: null, cms: null };
		const post = (fields: Record<string, string>) =>
			new Request('http://matchday.test/en/cms/login', {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(fields).toString(),
			});
		const alone = await answerForm('cms-login', post({ email: EMAIL, password: PASSWORD }), ctx);
		expect(alone.headers.get('location')).toBe('/en/cms/login?step=locked&error=account_locked');
		nextStep();
		const both = await answerForm(
			'cms-login',
			post({ email: EMAIL, password: PASSWORD, code: totpCode(secret, now()) }),
			ctx,
		);
		expect(both.headers.get('location')).toBe('/en/cms');
		expect(both.headers.getSetCookie().join(';')).toContain('auth._token.cms=');
	});

	it('a guesser stays limited: 429 with Retry-After, and a locked account tells nothing', async () => {
		const secret = await enrol(await staff());
		// One address: five failures, then refused outright.
		const one: number[] = [];
		for (let i = 0; i < 7; i++) one.push((await cms({ password: `guess ${i}` }, OFFICE)).status);
		expect(one).toEqual([401, 401, 401, 401, 401, 429, 429]);
		const refused = await cms({ password: PASSWORD }, OFFICE);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		// Many addresses: the account is locked; a wrong password with a code, the right
		// password with a wrong code and the right password alone all get the same answer.
		const right = totpCode(secret, now() + 30_000);
		const wrongCode = right === '123456' ? '654321' : '123456';
		const answers = [
			await cms({ password: 'guess x', code: right }, '203.0.113.50'),
			await cms({ password: PASSWORD, code: wrongCode }, '203.0.113.51'),
			await cms({ password: PASSWORD }, '203.0.113.52'),
		];
		for (const answer of answers) {
			expect(answer.status).toBe(429);
			expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
			expect(await answer.json()).toMatchObject({ error: 'account_locked' });
		}
	});

	it('parallel guesses from one address cannot all pass before the first is known wrong', async () => {
		await staff();
		const statuses = await Promise.all(
			Array.from({ length: 10 }, (_, i) => cms({ password: `guess ${i}` }, OFFICE)),
		);
		expect(statuses.filter((r) => r.status === 401)).toHaveLength(5);
		expect(statuses.filter((r) => r.status === 429)).toHaveLength(5);
	});

	it('member login: successful logins from one address never count; failures do', async () => {
		await call(registerRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD, name: 'Fan' },
			clientAddress: '192.0.2.77',
		});
		const member = (password: string) =>
			call(loginRoute.POST, {
				body: { email: 'fan@example.com', password },
				clientAddress: OFFICE,
			});
		// The per-client limit is 50 attempts per 15 minutes: 55 logins pass it only if
		// successes are not counted.
		for (let i = 0; i < 55; i++)
			expect((await member(PASSWORD)).status, `login ${i + 1}`).toBe(200);
		const failures: number[] = [];
		for (let i = 0; i < 11; i++) failures.push((await member(`guess ${i}`)).status);
		expect(failures).toEqual([...Array(10).fill(401), 429]);
	});
});
