import type { SubscriptionStatus } from '../db/schema/payments';

/**
 * A provider's webhook event reduced to what we act on. Each provider maps its own event
 * shapes to these; the webhook handler knows nothing provider-specific.
 */
export type PaymentEvent = { id: string; created: Date; rawType: string } & (
	| { type: 'checkout.paid'; checkoutId: string; providerRef: string }
	| { type: 'checkout.failed'; checkoutId: string; reason: string }
	| { type: 'checkout.expired'; checkoutId: string }
	| {
			type: 'subscription.updated';
			providerRef: string;
			status: SubscriptionStatus;
			currentPeriodEnd: Date | null;
			cancelAtPeriodEnd: boolean;
			userId?: string;
			planId?: string;
	  }
	| { type: 'ignored' }
);

/** Order of subscription states, used only to break ties between events of the same second. */
export const STATUS_RANK: Record<SubscriptionStatus, number> = {
	incomplete: 0,
	active: 1,
	past_due: 2,
	canceled: 3,
};

/**
 * Whether an event created at `created` with `status` may overwrite the stored state. Older
 * events never win (out-of-order delivery), and a canceled subscription stays canceled: a
 * new purchase gets a new provider reference.
 */
export function mayApply(
	existing: { status: SubscriptionStatus; lastEventAt: Date } | undefined,
	created: Date,
	status: SubscriptionStatus,
): boolean {
	if (!existing) return true;
	if (existing.status === 'canceled' && status !== 'canceled') return false;
	const delta = created.getTime() - existing.lastEventAt.getTime();
	if (delta !== 0) return delta > 0;
	return STATUS_RANK[status] > STATUS_RANK[existing.status];
}
