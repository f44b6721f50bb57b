import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as forgotRoute from '~/pages/api/auth/forgot-password';
import * as registerRoute from '~/pages/api/auth/register';
import * as resetRoute from '~/pages/api/auth/reset-password';
import { flushMail } from '~/server/mail/worker';
import { type ReceivedMail, startSmtpStandIn } from '../../helpers/smtp-stand-in';
import { call, outbox, setupAuthWorld, teardownAuthWorld } from './helpers';

describe('password reset over real SMTP (in-process smtp-server)', () => {
	let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
	let received: ReceivedMail[] = [];

	beforeAll(async () => {
		smtp = await startSmtpStandIn();
		received = smtp.received;
		const port = smtp.port;
		await setupAuthWorld({
			SMTP_URL: `smtp://127.0.0.1:${port}`,
			MAIL_FROM: 'Matchday <no-reply@matchday.test>',
		});
	});
	afterAll(async () => {
		await teardownAuthWorld();
		await smtp.close();
	});

	it('delivers the reset mail in the visitor language; its link resets the password', async () => {
		await call(registerRoute.POST, {
			body: {
				email: 'smtp@example.com',
				password: 'correct horse battery',
				name: 'S',
				locale: 'es',
			},
		});
		await flushMail();
		received.length = 0;
		const answer = await call(forgotRoute.POST, {
			body: { email: 'smtp@example.com', locale: 'es' },
		});
		expect(answer.status).toBe(202);
		await flushMail();
		expect(received.length).toBe(1);
		const mail = received[0]!;
		expect(mail.to).toEqual(['smtp@example.com']);
		expect(mail.from).toBe('no-reply@matchday.test');
		// Quoted-printable soft breaks are undone before reading the link.
		const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
		expect(body).toMatch(/Subject: =\?UTF-8\?Q\?Restablece|Subject: Restablece/);
		const token = /\/es\/auth\/reset-password\?token=([\w-]+)/.exec(body)?.[1];
		expect(token).toBeDefined();
		const reset = await call(resetRoute.POST, { body: { token, password: 'nuevo secreto largo' } });
		expect(reset.status).toBe(200);
		// Nothing went to the outbox folder: SMTP was used.
		expect(await outbox()).toEqual([]);
	});
});
