import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { makeNames } from '~/server/views/names';
import type { DbHandle } from '~/server/db/client';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';
import { resetStripeClientForTests } from '~/server/payments/providers/stripe';
import { receiveWebhook } from '~/server/payments/webhook';
import { attachReplayLive } from '~/server/streams/match-streams';
import { matchWatchView } from '~/server/streams/match-watch';
import { watchAccess } from '~/server/streams/watch-view';
import { seedMatches } from '../live/helpers';
import { makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';
import { startStripeStub, type StripeStub } from './stripe-server';

/**
 * Issue 14's Stripe path: the match pass and the competition passes bought through a
 * Checkout Session (official SDK, local Stripe-shaped server), applied by signed webhooks,
 * then checked where it matters: may this visitor watch this match's stream?
 */
let stub: StripeStub;
let handle: DbHandle;
beforeAll(async () => {
	stub = await startStripeStub();
	handle = await setupPayments(stub.env);
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

const t = useTranslations('en');
// English keeps the data's names: no national teams to look up.
const ctx = { locale: 'en' as const, t, names: makeNames({ locale: 'en', t }, new Map()) };
let events = 0;

async function aLiveMatch(competitionSlug: string): Promise<number> {
	const [id] = await seedMatches(handle, 1);
	await rows(
		`UPDATE competitions SET slug = '${competitionSlug}' WHERE id = (SELECT s.competition_id FROM seasons s JOIN matches m ON m.season_id = s.id WHERE m.id = ${id})`,
	);
	await attachReplayLive(handle.db, Number(id));
	return Number(id);
}

/** The session the provider created for our checkout, as the stub recorded it. */
function sessionRequest(checkoutId: string): URLSearchParams {
	const call = stub.requests.find(
		(r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === checkoutId,
	);
	if (!call) throw new Error(`no Checkout Session for ${checkoutId}`);
	return call.form;
}

async function deliver(type: string, object: Record<string, unknown>): Promise<number> {
	events += 1;
	const { payload, headers } = stub.signed({
		id: `evt_pass_${events}`,
		object: 'event',
		type,
		created: Math.floor(Date.now() / 1000) + events,
		data: { object },
	});
	return (await receiveWebhook('stripe', payload, headers)).status;
}

describe('passes through Stripe Checkout', () => {
	it('the match pass: a one-off payment session at the server price; the webhook opens that match only', async () => {
		const matchId = await aLiveMatch('euro-stripe');
		const other = await aLiveMatch('euro-stripe-2');
		const buy = (await matchWatchView(matchId, ctx))?.lock?.buy;
		expect(buy?.fields.planId).toBe('match-pass');

		const user = await makeUser();
		const opened = await openCheckout(
			user,
			checkoutRequestSchema.parse({ ...buy?.fields, currency: 'EUR' }),
		);
		if (!opened.ok) throw new Error(opened.error);
		expect(opened.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/);
		const form = sessionRequest(opened.checkoutId);
		expect(form.get('mode')).toBe('payment');
		expect(form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
		const [price] = await rows<{ amount: number }>(
			`SELECT amount FROM plan_prices WHERE plan_id = 'match-pass' AND currency = 'EUR'`,
		);
		expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(price?.amount));
		expect(form.get('metadata[planId]')).toBe('match-pass');

		expect(await watchAccess(`live-m${matchId}`, user.id, undefined)).toMatchObject({
			allowed: false,
		});
		expect(
			await deliver('checkout.session.completed', {
				id: 'cs_match_pass',
				object: 'checkout.session',
				client_reference_id: opened.checkoutId,
				payment_status: 'paid',
				subscription: null,
				payment_intent: 'pi_matchpass_1',
				metadata: { checkoutId: opened.checkoutId },
			}),
		).toBe(200);
		expect(await watchAccess(`live-m${matchId}`, user.id, undefined)).toMatchObject({
			allowed: true,
			live: true,
		});
		expect(await watchAccess(`live-m${other}`, user.id, undefined)).toMatchObject({
			allowed: false,
		});
		const [sub] = await rows<{ provider: string; provider_ref: string; match_id: number }>(
			`SELECT provider, provider_ref, match_id FROM subscriptions WHERE plan_id = 'match-pass'`,
		);
		expect(sub).toEqual({ provider: 'stripe', provider_ref: 'pi_matchpass_1', match_id: matchId });
	});

	it('a competition pass: a subscription session; the webhook opens that competition, its end closes it', async () => {
		const euro = await aLiveMatch('euro');
		const worldCup = await aLiveMatch('world-cup');
		const user = await makeUser();
		const opened = await openCheckout(
			user,
			checkoutRequestSchema.parse({ planId: 'pass-euro', currency: 'GBP', locale: 'de' }),
		);
		if (!opened.ok) throw new Error(opened.error);
		const form = sessionRequest(opened.checkoutId);
		expect(form.get('mode')).toBe('subscription');
		expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
		expect(form.get('subscription_data[metadata][planId]')).toBe('pass-euro');
		expect(form.get('locale')).toBe('de');

		expect(
			await deliver('checkout.session.completed', {
				id: 'cs_euro',
				object: 'checkout.session',
				client_reference_id: opened.checkoutId,
				payment_status: 'paid',
				subscription: 'sub_euro_pass',
				metadata: {},
			}),
		).toBe(200);
		expect(await watchAccess(`live-m${euro}`, user.id, undefined)).toMatchObject({
			allowed: true,
		});
		expect(await watchAccess(`live-m${worldCup}`, user.id, undefined)).toEqual({
			allowed: false,
			reason: 'plan',
		});

		// Stripe ends the subscription (card failed for good, or cancelled): the stream closes.
		expect(
			await deliver('customer.subscription.deleted', {
				id: 'sub_euro_pass',
				object: 'subscription',
				status: 'canceled',
				cancel_at_period_end: false,
				metadata: { userId: user.id, planId: 'pass-euro' },
				items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) }] },
			}),
		).toBe(200);
		expect(await watchAccess(`live-m${euro}`, user.id, undefined)).toEqual({
			allowed: false,
			reason: 'plan',
		});
	});
});
