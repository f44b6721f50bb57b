import Stripe from 'stripe';
import { config } from '~/server/config';
import { paymentsNow as now } from '~/server/clock';
import type { PaymentEvent } from '../events';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from '../signature';
import type { PaymentProvider } from './types';

let client: Stripe | undefined;

/** The SDK client; STRIPE_API_* point it at a local server in tests. */
function stripe(): Stripe {
	if (client) return client;
	const c = config();
	if (!c.STRIPE_SECRET_KEY) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
	client = new Stripe(c.STRIPE_SECRET_KEY, {
		maxNetworkRetries: 1,
		timeout: 20_000,
		telemetry: false,
		...(c.STRIPE_API_HOST ? { host: c.STRIPE_API_HOST } : {}),
		...(c.STRIPE_API_PORT ? { port: c.STRIPE_API_PORT } : {}),
		...(c.STRIPE_API_PROTOCOL ? { protocol: c.STRIPE_API_PROTOCOL } : {}),
	});
	return client;
}

/** Tests that change the Stripe settings between cases. */
export function resetStripeClientForTests(): void {
	client = undefined;
}

type StripeSubStatus = Stripe.Subscription.Status;

function mapStatus(s: StripeSubStatus): 'incomplete' | 'active' | 'past_due' | 'canceled' {
	switch (s) {
		case 'active':
		case 'trialing':
			return 'active';
		case 'past_due':
		case 'unpaid':
			return 'past_due';
		case 'canceled':
		case 'incomplete_expired':
			return 'canceled';
		default:
			return 'incomplete';
	}
}

/** Period end: on the subscription (older API versions) or on its items (2025 and later). */
function periodEnd(sub: Stripe.Subscription): Date | null {
	const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
	const item = sub.items?.data?.[0] as unknown as { current_period_end?: number } | undefined;
	const unix = legacy ?? item?.current_period_end;
	return typeof unix === 'number' ? new Date(unix * 1000) : null;
}

function toEvent(e: Stripe.Event): PaymentEvent {
	const base = { id: e.id, created: new Date(e.created * 1000), rawType: e.type };
	switch (e.type) {
		case 'checkout.session.completed':
		case 'checkout.session.async_payment_succeeded': {
			const s = e.data.object;
			const checkoutId = s.client_reference_id ?? s.metadata?.checkoutId;
			if (!checkoutId || s.payment_status === 'unpaid') return { ...base, type: 'ignored' };
			const ref =
				(typeof s.subscription === 'string' ? s.subscription : s.subscription?.id) ??
				(typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent?.id) ??
				s.id;
			return { ...base, type: 'checkout.paid', checkoutId, providerRef: ref };
		}
		case 'checkout.session.async_payment_failed': {
			const checkoutId = e.data.object.client_reference_id;
			if (!checkoutId) return { ...base, type: 'ignored' };
			return { ...base, type: 'checkout.failed', checkoutId, reason: 'payment_failed' };
		}
		case 'checkout.session.expired': {
			const checkoutId = e.data.object.client_reference_id;
			if (!checkoutId) return { ...base, type: 'ignored' };
			return { ...base, type: 'checkout.expired', checkoutId };
		}
		case 'customer.subscription.created':
		case 'customer.subscription.updated':
		case 'customer.subscription.deleted': {
			const sub = e.data.object;
			return {
				...base,
				type: 'subscription.updated',
				providerRef: sub.id,
				status: e.type === 'customer.subscription.deleted' ? 'canceled' : mapStatus(sub.status),
				currentPeriodEnd: periodEnd(sub),
				cancelAtPeriodEnd: sub.cancel_at_period_end,
				userId: sub.metadata?.userId,
				planId: sub.metadata?.planId,
			};
		}
		default:
			return { ...base, type: 'ignored' };
	}
}

/** Stripe Checkout Sessions and webhooks through the official SDK. */
export const stripeProvider: PaymentProvider = {
	name: 'stripe',
	async startCheckout({ checkout, plan, customerEmail, returnUrl, cancelUrl, locale }) {
		const recurring = plan.kind === 'subscription' || plan.kind === 'sport_pass';
		const metadata = { checkoutId: checkout.id, userId: checkout.userId, planId: plan.id };
		const session = await stripe().checkout.sessions.create(
			{
				mode: recurring ? 'subscription' : 'payment',
				client_reference_id: checkout.id,
				customer_email: customerEmail,
				locale: locale === 'id' ? 'id' : (locale as Stripe.Checkout.SessionCreateParams.Locale),
				line_items: [
					{
						quantity: 1,
						price_data: {
							currency: checkout.currency.toLowerCase(),
							unit_amount: checkout.amount,
							product_data: { name: plan.id },
							...(recurring ? { recurring: { interval: plan.interval ?? 'month' } } : {}),
						},
					},
				],
				metadata,
				...(recurring ? { subscription_data: { metadata } } : {}),
				success_url: returnUrl,
				cancel_url: cancelUrl,
				expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
			},
			// One session per checkout even if our request is retried.
			{ idempotencyKey: `checkout-${checkout.id}` },
		);
		if (!session.url) throw new Error('Stripe returned a session without a URL');
		return { providerRef: session.id, redirectUrl: session.url };
	},
	async parseWebhook(rawBody, headers) {
		const header = headers.get('stripe-signature');
		const secret = config().STRIPE_WEBHOOK_SECRET;
		if (!header) throw new WebhookSignatureError('missing_signature');
		if (!secret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET');
		// The SDK only rejects old timestamps; a replay stamped in the future is refused too.
		const t = Number(/(?:^|,)\s*t=(\d{1,12})/.exec(header)?.[1]);
		if (Number.isFinite(t) && t - Math.floor(now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
			throw new WebhookSignatureError('timestamp_outside_tolerance');
		}
		let event: Stripe.Event;
		try {
			event = stripe().webhooks.constructEvent(
				rawBody,
				header,
				secret,
				WEBHOOK_TOLERANCE_SECONDS,
				undefined,
				now(), // milliseconds, as the SDK expects
			);
		} catch (error) {
			const message = error instanceof Error ? error.message : '';
			throw new WebhookSignatureError(
				/tolerance/i.test(message) ? 'timestamp_outside_tolerance' : 'invalid_signature',
			);
		}
		return toEvent(event);
	},
	async cancelAtPeriodEnd(providerRef) {
		if (!providerRef.startsWith('sub_')) return; // one-off passes have nothing to cancel
		await stripe().subscriptions.update(providerRef, { cancel_at_period_end: true });
	},
};
