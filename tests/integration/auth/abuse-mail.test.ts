import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as forgotRoute from '~/pages/api/auth/forgot-password';
import * as registerRoute from '~/pages/api/auth/register';
import { limits } from '~/server/auth/rate-limit';
import { MAIL_NAME_MAX } from '~/server/mail/templates';
import { flushMail } from '~/server/mail/worker';
import {
	call,
	count,
	db,
	median,
	outbox,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from './helpers';

const PASSWORD = 'correct horse battery staple';

describe('abuse limits on account mail (findings 12, 16)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('finding 12: forgot-password takes the same time for a known and an unknown address (medians of 100 each)', async () => {
		const r = await call(registerRoute.POST, {
			body: { email: 'known@example.com', password: PASSWORD, name: 'Fan' },
		});
		expect(r.status).toBe(202);
		await flushMail();
		const time = async (email: string, client: string) => {
			// Every try does the full work: the per-address mail cap would otherwise hide it.
			limits.resetMailsPerEmail.clear();
			const start = performance.now();
			const answer = await call(forgotRoute.POST, { body: { email }, clientAddress: client });
			const elapsed = performance.now() - start;
			expect(answer.status).toBe(202);
			// Whatever ran after the answer finishes before the next try starts.
			await flushMail();
			return elapsed;
		};
		const known: number[] = [];
		const unknown: number[] = [];
		for (let i = 0; i < 100; i++) {
			const client = `198.51.${Math.floor(i / 5)}.${i}`;
			// Interleaved, so both see the same machine load.
			known.push(await time('known@example.com', client));
			unknown.push(await time(`nobody${i}@example.com`, `${client}0`));
		}
		// The known address still got its mails (the work happened, off the request path).
		expect(await count('auth_password_resets')).toBe(100);
		// Before the fix: ~2.2x (a token insert and a mail on the request path). Generous bound.
		const ratio = median(known) / Math.max(median(unknown), 0.2);
		expect(ratio).toBeLessThan(1.6);
	});

	it('finding 16: one address registered from 8 clients gets at most 2 "account exists" mails', async () => {
		const register = (i: number) =>
			call(registerRoute.POST, {
				body: { email: 'owner@example.com', password: PASSWORD, name: `Client ${i}` },
				clientAddress: `192.0.2.${i + 1}`,
			});
		for (let i = 0; i < 9; i++) expect((await register(i)).status).toBe(202);
		const mails = (await outbox()).filter((m) => m.to === 'owner@example.com');
		expect(mails.filter((m) => m.kind === 'welcome')).toHaveLength(1);
		expect(mails.filter((m) => m.kind === 'account-exists')).toHaveLength(2);
		expect(await count('users')).toBe(1);
	});

	it('finding 16: welcome mails per address are capped across deleted and re-made accounts', async () => {
		for (let i = 0; i < 5; i++) {
			const r = await call(registerRoute.POST, {
				body: { email: 'again@example.com', password: PASSWORD, name: 'Fan' },
				clientAddress: `192.0.2.${i + 50}`,
			});
			expect(r.status).toBe(202);
			// The mail is composed by the worker; an account deleted before that gets none.
			await flushMail();
			await db().exec(`DELETE FROM users WHERE email = 'again@example.com'`);
		}
		const mails = (await outbox()).filter((m) => m.to === 'again@example.com');
		expect(mails.filter((m) => m.kind === 'welcome')).toHaveLength(2);
	});

	it('finding 16: the display name is not in the first lines of the welcome mail, and is shortened', async () => {
		const name = `URGENT verify your bank account at https://evil.example now ${'x'.repeat(20)}`;
		const r = await call(registerRoute.POST, {
			body: { email: 'named@example.com', password: PASSWORD, name },
		});
		expect(r.status).toBe(202);
		const [mail] = (await outbox()).filter((m) => m.kind === 'welcome');
		expect(mail).toBeDefined();
		expect(mail!.subject).not.toContain('URGENT');
		const lines = mail!.text.split('\n').filter((l) => l.trim() !== '');
		// Greeting, body and link come first, none of them quoting the visitor.
		for (const line of lines.slice(0, 3)) expect(line).not.toContain('URGENT');
		const quoted = lines.find((l) => l.includes('URGENT'));
		expect(quoted).toBeDefined();
		expect(quoted).not.toContain(name);
		expect(quoted).toContain(`${name.slice(0, MAIL_NAME_MAX - 1)}…`);
		const html = mail!.html.split('\n');
		for (const line of html.slice(0, 3)) expect(line).not.toContain('URGENT');
	});
});
