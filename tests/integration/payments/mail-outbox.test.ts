import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { setClockForTests } from '~/server/clock';
import { config } from '~/server/config';
import { flushMail } from '~/server/mail/worker';
import { receiveWebhook } from '~/server/payments/webhook';
import {
	count,
	makeUser,
	outbox,
	paidDeliveryFor,
	resetPayments,
	rows,
	setupPayments,
	teardownPayments,
} from './helpers';

// Issue 28/6: a payment webhook answered 200 while its confirmation mail was lost for good
// when the transport was down. The mail is now queued in the webhook's transaction and
// sent later by the worker.

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(async () => {
	await resetPayments();
	await rows('TRUNCATE mail_outbox');
	setClockForTests();
});

const folder = () => join(config().DATA_DIR, 'outbox');

it('a paid webhook whose confirmation mail cannot be sent now: 200, the payment applies, and the mail goes out once after recovery', async () => {
	const user = await makeUser();
	const delivery = await paidDeliveryFor(user, 'premium-monthly', 'EUR');
	rmSync(folder(), { recursive: true, force: true });
	writeFileSync(folder(), 'not a folder');
	try {
		const answer = await receiveWebhook('sandbox', delivery.body, delivery.headers);
		expect(answer.status).toBe(200);
		expect(await count('payments')).toBe(1);
		const [queued] = await rows<{ kind: string; attempts: number; sent_at: unknown }>(
			'SELECT kind, attempts, sent_at FROM mail_outbox',
		);
		// Tried at once after the commit, failed, kept for the worker.
		expect(queued).toMatchObject({ kind: 'payment-confirmation', attempts: 1, sent_at: null });
	} finally {
		rmSync(folder(), { force: true });
	}
	setClockForTests(() => Date.now() + 31_000);
	await flushMail();
	setClockForTests(() => Date.now() + 60 * 60_000);
	await flushMail();
	const mails = outbox().filter((m) => m.kind === 'payment-confirmation');
	expect(mails).toEqual([expect.objectContaining({ to: user.email })]);
	// The provider's retry of the same event queues nothing more.
	const again = await receiveWebhook('sandbox', delivery.body, delivery.headers);
	expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
	await flushMail();
	expect(outbox().filter((m) => m.kind === 'payment-confirmation')).toHaveLength(1);
	expect(await count('mail_outbox')).toBe(1);
});
