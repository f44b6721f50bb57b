import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelSubscription } from '~/server/payments/billing';
import { openCheckout } from '~/server/payments/checkout';
import { planOf } from '~/server/entitlements';
import { resetStripeClientForTests } from '~/server/payments/providers/stripe';
import { receiveWebhook } from '~/server/payments/webhook';
import { count, makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';
import { startStripeStub, type StripeStub } from './stripe-server';

/**
 * The Stripe provider through the official SDK, against a small local server answering the
 * documented endpoints it uses: POST /v1/checkout/sessions and POST /v1/subscriptions/:id.
 */
let stub: StripeStub;

beforeAll(async () => {
	stub = await startStripeStub();
	await setupPayments(stub.env);
	resetStripeClientForTests();
});
afterAll(async () => {
	await teardownPayments();
	resetStripeClientForTests();
	process.env.PAYMENT_PROVIDER = 'sandbox';
	await stub.close();
});
beforeEach(async () => {
	await resetPayments();
	stub.requests.length = 0;
});

const signed = (event: Record<string, unknown>, at?: number) => stub.signed(event, at);

describe('Stripe provider', () => {
	it('creates a Checkout Session with the server price and our checkout id', async () => {
		const user = await makeUser();
		const result = await openCheckout(user, {
			planId: 'premium-yearly',
			currency: 'TRY',
			locale: 'tr',
		});
		expect(result).toMatchObject({
			ok: true,
			redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/cs_test_/),
		});
		const call = stub.requests.find((r) => r.path === '/v1/checkout/sessions');
		expect(call?.form.get('mode')).toBe('subscription');
		expect(call?.form.get('line_items[0][price_data][unit_amount]')).toBe('349000');
		expect(call?.form.get('line_items[0][price_data][currency]')).toBe('try');
		expect(call?.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
		expect(call?.form.get('client_reference_id')).toBe(result.ok ? result.checkoutId : '');
		expect(call?.idempotency).toBe(`checkout-${result.ok ? result.checkoutId : ''}`);
		const [c] = await rows<{ provider: string; provider_ref: string }>(
			'SELECT provider, provider_ref FROM checkouts',
		);
		expect(c).toEqual({ provider: 'stripe', provider_ref: 'cs_test_1' });
	});

	it('checkout.session.completed via constructEvent grants the plan once; bad signatures and old timestamps do not', async () => {
		const user = await makeUser();
		const opened = await openCheckout(user, {
			planId: 'premium-monthly',
			currency: 'USD',
			locale: 'en',
		});
		if (!opened.ok) throw new Error(opened.error);
		const event = {
			id: 'evt_stripe_1',
			object: 'event',
			type: 'checkout.session.completed',
			created: Math.floor(Date.now() / 1000),
			data: {
				object: {
					id: 'cs_test_1',
					object: 'checkout.session',
					client_reference_id: opened.checkoutId,
					payment_status: 'paid',
					subscription: 'sub_abc123',
					metadata: {},
				},
			},
		};
		const old = signed(event, Math.floor(Date.now() / 1000) - 301);
		expect((await receiveWebhook('stripe', old.payload, old.headers)).body).toMatchObject({
			error: 'timestamp_outside_tolerance',
		});
		const future = signed(event, Math.floor(Date.now() / 1000) + 600);
		expect((await receiveWebhook('stripe', future.payload, future.headers)).body).toMatchObject({
			error: 'timestamp_outside_tolerance',
		});
		const good = signed(event);
		const tampered = await receiveWebhook(
			'stripe',
			good.payload.replace('paid', 'pai_'),
			good.headers,
		);
		expect(tampered.status).toBe(400);
		expect(await count('payment_events')).toBe(0);
		expect((await receiveWebhook('stripe', good.payload, good.headers)).status).toBe(200);
		expect((await receiveWebhook('stripe', good.payload, good.headers)).body).toMatchObject({
			duplicate: true,
		});
		expect(await planOf(user.id)).toBe('premium-monthly');
		expect(await count('payments')).toBe(1);

		// customer.subscription.deleted, then a stale updated: stays canceled.
		const t = Math.floor(Date.now() / 1000);
		const sub = (type: string, status: string, created: number, id: string) =>
			signed({
				id,
				object: 'event',
				type,
				created,
				data: {
					object: {
						id: 'sub_abc123',
						object: 'subscription',
						status,
						cancel_at_period_end: false,
						metadata: {},
						items: { data: [{ current_period_end: t + 86400 * 30 }] },
					},
				},
			});
		const del = sub('customer.subscription.deleted', 'canceled', t + 5, 'evt_stripe_2');
		const stale = sub('customer.subscription.updated', 'active', t + 2, 'evt_stripe_3');
		expect((await receiveWebhook('stripe', del.payload, del.headers)).status).toBe(200);
		expect((await receiveWebhook('stripe', stale.payload, stale.headers)).status).toBe(200);
		expect(await planOf(user.id)).toBe('free');
	});

	it('cancel calls subscriptions.update with cancel_at_period_end', async () => {
		const user = await makeUser();
		const opened = await openCheckout(user, {
			planId: 'premium-monthly',
			currency: 'EUR',
			locale: 'en',
		});
		if (!opened.ok) throw new Error(opened.error);
		const { payload, headers } = signed({
			id: 'evt_stripe_9',
			object: 'event',
			type: 'checkout.session.completed',
			created: Math.floor(Date.now() / 1000),
			data: {
				object: {
					id: 'cs_x',
					object: 'checkout.session',
					client_reference_id: opened.checkoutId,
					payment_status: 'paid',
					subscription: 'sub_cancelme',
				},
			},
		});
		await receiveWebhook('stripe', payload, headers);
		const [s] = await rows<{ id: number }>('SELECT id FROM subscriptions');
		expect(await cancelSubscription(user.id, Number(s?.id))).toBe(true);
		const call = stub.requests.find((r) => r.path === '/v1/subscriptions/sub_cancelme');
		expect(call?.form.get('cancel_at_period_end')).toBe('true');
		const other = await makeUser();
		expect(await cancelSubscription(other.id, Number(s?.id))).toBe(false);
	});
});
