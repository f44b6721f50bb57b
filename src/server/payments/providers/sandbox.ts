import { z } from 'zod';
import { localHref } from '~/lib/locale-resolution';
import { paymentsNow as now } from '~/server/clock';
import type { PaymentEvent } from '../events';
import { derivedKey } from '../keys';
import { verifySignature } from '../signature';
import type { PaymentProvider } from './types';

/** Header carrying the sandbox processor's signature (same format as Stripe-Signature). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** The sandbox processor's event payload (what its "server" posts to our webhook). */
export const sandboxEventSchema = z.object({
	id: z.string().regex(/^evt_[A-Za-z0-9]{8,64}$/),
	type: z.enum(['checkout.paid', 'checkout.failed', 'subscription.updated']),
	created: z.number().int().positive(),
	data: z.object({
		checkoutId: z.string().max(64).optional(),
		providerRef: z.string().max(128).optional(),
		reason: z.string().max(64).optional(),
		status: z.enum(['incomplete', 'active', 'past_due', 'canceled']).optional(),
		currentPeriodEnd: z.number().int().positive().nullable().optional(),
		cancelAtPeriodEnd: z.boolean().optional(),
		userId: z.uuid().optional(),
		planId: z.string().max(64).optional(),
	}),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

function toEvent(e: SandboxEvent): PaymentEvent {
	const base = { id: e.id, created: new Date(e.created * 1000), rawType: e.type };
	const d = e.data;
	if (e.type === 'checkout.paid' && d.checkoutId && d.providerRef) {
		return { ...base, type: 'checkout.paid', checkoutId: d.checkoutId, providerRef: d.providerRef };
	}
	if (e.type === 'checkout.failed' && d.checkoutId) {
		return {
			...base,
			type: 'checkout.failed',
			checkoutId: d.checkoutId,
			reason: d.reason ?? 'declined',
		};
	}
	if (e.type === 'subscription.updated' && d.providerRef && d.status) {
		return {
			...base,
			type: 'subscription.updated',
			providerRef: d.providerRef,
			status: d.status,
			currentPeriodEnd: d.currentPeriodEnd ? new Date(d.currentPeriodEnd * 1000) : null,
			cancelAtPeriodEnd: d.cancelAtPeriodEnd ?? false,
			userId: d.userId,
			planId: d.planId,
		};
	}
	throw new Error('Malformed sandbox event');
}

/**
 * The built-in card processor: its hosted page lives on our own site
 * (/[locale]/payment/sandbox/[checkoutId]) and it signs its webhooks like Stripe does.
 */
export const sandboxProvider: PaymentProvider = {
	name: 'sandbox',
	async startCheckout({ checkout, locale }) {
		return {
			providerRef: `sbx_${checkout.id}`,
			redirectUrl: localHref(locale, `/payment/sandbox/${checkout.id}`),
		};
	},
	async parseWebhook(rawBody, headers) {
		verifySignature(
			rawBody,
			headers.get(SANDBOX_SIGNATURE_HEADER),
			derivedKey('sandbox-webhook'),
			Math.floor(now() / 1000),
		);
		return toEvent(sandboxEventSchema.parse(JSON.parse(rawBody)));
	},
	async cancelAtPeriodEnd() {
		// The sandbox never renews on its own; our row's flag is the whole story.
	},
};
