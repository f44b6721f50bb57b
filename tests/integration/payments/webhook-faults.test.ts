import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planOf } from '~/server/entitlements';
import { receiveWebhook, setWebhookFaultForTests } from '~/server/payments/webhook';
import {
	count,
	makeUser,
	paidDeliveryFor,
	resetPayments,
	setupPayments,
	teardownPayments,
} from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

describe('D6: the database fails in the middle of the handler', () => {
	it('answers 5xx, rolls the dedupe row back, and the retry succeeds exactly once', async () => {
		const user = await makeUser();
		const { body, headers } = await paidDeliveryFor(user, 'premium-yearly', 'USD');
		// A real statement failure inside the transaction, after the dedupe row was written:
		// the server aborts the transaction exactly as on a cut connection.
		setWebhookFaultForTests(async (tx) => {
			await tx.execute(sql`SELECT 1 / 0`);
		});
		const failed = await receiveWebhook('sandbox', body, headers);
		expect(failed.status).toBeGreaterThanOrEqual(500);
		expect(JSON.stringify(failed.body)).not.toMatch(/division|SELECT/i);
		expect(await count('payment_events')).toBe(0);
		expect(await count('payments')).toBe(0);
		expect(await planOf(user.id)).toBe('free');

		setWebhookFaultForTests();
		const retried = await receiveWebhook('sandbox', body, headers);
		expect(retried).toMatchObject({ status: 200, body: { duplicate: false } });
		const again = await receiveWebhook('sandbox', body, headers);
		expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(await count('payment_events')).toBe(1);
		expect(await count('payments')).toBe(1);
		expect(await planOf(user.id)).toBe('premium-yearly');
	});

	it('a connection lost after the dedupe insert behaves the same', async () => {
		const user = await makeUser();
		const { body, headers } = await paidDeliveryFor(user, 'pass-football', 'GBP');
		// What postgres-js throws when the socket is cut; PGlite has no socket to cut.
		setWebhookFaultForTests(async () => {
			throw Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
		});
		expect((await receiveWebhook('sandbox', body, headers)).status).toBeGreaterThanOrEqual(500);
		expect(await count('payment_events')).toBe(0);
		setWebhookFaultForTests();
		expect((await receiveWebhook('sandbox', body, headers)).status).toBe(200);
		expect(await count('payments')).toBe(1);
	});
});
