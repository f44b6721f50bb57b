import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as registerRoute from '~/pages/api/auth/register';
import { setClockForTests } from '~/server/clock';
import { CONFIRM_TTL_MS } from '~/server/auth/confirm-token';
import { answerForm, type FormContext } from '~/server/auth/forms';
import { rowsOf } from '~/server/db/rows';
import {
	call,
	db,
	outbox,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
	tokenFromMail,
} from './helpers';

// Issue 28/7: registering mails a confirmation link (in the visitor's language); the link's
// page confirms only on its button's POST; the account page re-sends it, rate limited.

const PASSWORD = 'correct horse battery staple';

const confirmedAt = async (email: string) =>
	rowsOf<{ at: unknown }>(
		await db().db.execute(
			`SELECT email_confirmed_at AS at FROM users WHERE email = '${email}'` as never,
		),
	)[0]?.at ?? null;

const post = (path: string, fields: Record<string, string>) =>
	new Request(`http://matchday.test${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});

const anonymous: FormContext = { locale: 'de', clientAddress: '203.0.113.9', web: null, cms: null };

async function registered(email: string, locale = 'de') {
	const answer = await call(registerRoute.POST, {
		body: { email, password: PASSWORD, name: 'Fan', locale },
	});
	expect(answer.status).toBe(202);
	const [mail] = (await outbox()).filter((m) => m.to === email && m.kind === 'welcome');
	if (!mail) throw new Error('no welcome mail');
	return mail;
}

describe('e-mail confirmation by mailed link (issue 28/7)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('the welcome mail carries the link in the visitor language; its POST confirms once', async () => {
		const mail = await registered('confirm@example.com');
		expect(mail.subject).toBe('Willkommen bei Matchday');
		expect(mail.text).toMatch(/Bestätige deine E-Mail-Adresse/);
		expect(mail.text).toMatch(/http:\/\/matchday\.test\/de\/auth\/confirm-email\?token=/);
		expect(await confirmedAt('confirm@example.com')).toBeNull();
		const token = tokenFromMail(mail);
		const answer = await answerForm(
			'confirm-email',
			post('/de/auth/confirm-email', { token }),
			anonymous,
		);
		expect(answer.status).toBe(303);
		expect(answer.headers.get('location')).toBe('/de/auth/confirm-email?notice=confirmed');
		expect(await confirmedAt('confirm@example.com')).not.toBeNull();
		// Spent: a second use is refused, as is a made-up token.
		for (const t of [token, 'x'.repeat(43)]) {
			const again = await answerForm(
				'confirm-email',
				post('/de/auth/confirm-email', { token: t }),
				anonymous,
			);
			expect(again.headers.get('location')).toBe('/de/auth/confirm-email?error=invalid_token');
		}
	});

	it('an expired link confirms nothing', async () => {
		const mail = await registered('late@example.com', 'en');
		setClockForTests(() => Date.now() + CONFIRM_TTL_MS + 60_000);
		const answer = await answerForm(
			'confirm-email',
			post('/en/auth/confirm-email', { token: tokenFromMail(mail) }),
			{ ...anonymous, locale: 'en' },
		);
		expect(answer.headers.get('location')).toBe('/en/auth/confirm-email?error=invalid_token');
		expect(await confirmedAt('late@example.com')).toBeNull();
	});

	it('the account page re-sends the link (3 an hour), and not once confirmed', async () => {
		await registered('again@example.com', 'fr');
		const [user] = rowsOf<{ id: string }>(
			await db().db.execute(`SELECT id FROM users WHERE email = 'again@example.com'` as never),
		);
		const ctx: FormContext = {
			locale: 'fr',
			clientAddress: '203.0.113.9',
			web: {
				user: {
					id: user!.id,
					email: 'again@example.com',
					name: 'Fan',
					scope: ['user'],
					plan: 'free',
				},
				session: { id: 's', kind: 'web' },
			},
			cms: null,
		};
		const resend = () =>
			answerForm('account', post('/fr/account', { intent: 'confirm-resend' }), ctx);
		const locations: (string | null)[] = [];
		for (let i = 0; i < 4; i++) locations.push((await resend()).headers.get('location'));
		expect(locations).toEqual([
			'/fr/account?notice=confirmSent',
			'/fr/account?notice=confirmSent',
			'/fr/account?notice=confirmSent',
			'/fr/account?error=rate_limited',
		]);
		const resent = (await outbox()).filter((m) => m.kind === 'confirm-email');
		expect(resent).toHaveLength(3);
		expect(resent[0]!.subject).toBe('Confirmez votre adresse e-mail Matchday');
		// Any of the links works (each is its own one-use token); then no more mails.
		await answerForm(
			'confirm-email',
			post('/fr/auth/confirm-email', { token: tokenFromMail(resent[1]!) }),
			{
				...anonymous,
				locale: 'fr',
			},
		);
		expect(await confirmedAt('again@example.com')).not.toBeNull();
		setClockForTests(() => Date.now() + 2 * 60 * 60_000);
		expect((await resend()).headers.get('location')).toBe('/fr/account');
		expect((await outbox()).filter((m) => m.kind === 'confirm-email')).toHaveLength(3);
	});

	it('a spent password-reset link proves the mailbox too', async () => {
		const { requestPasswordReset, resetPassword } = await import('~/server/auth/reset');
		await registered('reset@example.com', 'en');
		await requestPasswordReset({ email: 'reset@example.com', locale: 'en', ip: '203.0.113.9' });
		const [mail] = (await outbox()).filter((m) => m.kind === 'reset-password');
		const done = await resetPassword({
			token: tokenFromMail(mail!),
			password: 'another long secret',
			ip: '203.0.113.9',
		});
		expect(done.ok).toBe(true);
		expect(await confirmedAt('reset@example.com')).not.toBeNull();
	});
});
