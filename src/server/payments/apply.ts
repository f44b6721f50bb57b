import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/auth';
import { checkouts, deals, payments, plans, subscriptions } from '../db/schema/payments';
import { paymentsNow as now } from '../clock';
import { mayApply, type PaymentEvent } from './events';
import { syncUserPlan } from '../entitlements';
import { periodEndFrom } from './periods';

/** What applying an event changed, for after-commit work (the confirmation e-mail). */
export interface Applied {
	paidCheckoutId?: string;
	/** The user whose plan may have changed: the webhook publishes it to every process. */
	userId?: string;
}

/**
 * Applies one verified, first-time event inside the webhook's transaction. Every write is
 * conditional (status checks, ordering by event time), so applying is safe even if the
 * same business fact arrives under a different event id.
 */
export async function applyEvent(
	tx: Database,
	provider: string,
	event: PaymentEvent,
): Promise<Applied> {
	const at = new Date(now());
	switch (event.type) {
		case 'checkout.paid': {
			const [checkout] = await tx
				.select()
				.from(checkouts)
				.where(and(eq(checkouts.id, event.checkoutId), eq(checkouts.provider, provider)))
				.for('update');
			if (!checkout || checkout.status === 'paid') return {};
			const [plan] = await tx.select().from(plans).where(eq(plans.id, checkout.planId));
			if (!plan) return {};
			// Money was taken: honour it even if the checkout had expired or failed meanwhile.
			await tx
				.update(checkouts)
				.set({ status: 'paid', failureReason: null, updatedAt: at })
				.where(eq(checkouts.id, checkout.id));
			const ledger = await tx
				.insert(payments)
				.values({
					userId: checkout.userId,
					checkoutId: checkout.id,
					planId: checkout.planId,
					amount: checkout.amount,
					currency: checkout.currency,
					provider,
					providerRef: event.providerRef,
					createdAt: event.created,
				})
				.onConflictDoNothing()
				.returning({ id: payments.id });
			if (ledger.length === 0) return {};
			if (checkout.dealCode) {
				await tx
					.update(deals)
					.set({ uses: sql`${deals.uses} + 1` })
					.where(eq(deals.code, checkout.dealCode));
			}
			await upsertSubscription(tx, provider, event.created, {
				providerRef: event.providerRef,
				userId: checkout.userId,
				planId: checkout.planId,
				matchId: checkout.matchId,
				status: 'active',
				// The price bought: kept on the subscription, so a later price edit changes nothing.
				amount: checkout.amount,
				currency: checkout.currency,
				currentPeriodEnd: periodEndFrom(
					plan,
					event.created,
					checkout.matchId === null ? null : await kickoffOf(tx, checkout.matchId),
				),
			});
			await syncUserPlan(tx, checkout.userId);
			return { paidCheckoutId: checkout.id, userId: checkout.userId };
		}
		case 'checkout.failed':
		case 'checkout.expired': {
			// Only an open checkout can fail or expire; a paid one never goes back.
			await tx
				.update(checkouts)
				.set({
					status: event.type === 'checkout.failed' ? 'failed' : 'expired',
					failureReason: event.type === 'checkout.failed' ? event.reason.slice(0, 64) : null,
					updatedAt: at,
				})
				.where(
					and(
						eq(checkouts.id, event.checkoutId),
						eq(checkouts.provider, provider),
						eq(checkouts.status, 'open'),
					),
				);
			return {};
		}
		case 'subscription.updated': {
			const [existing] = await tx
				.select()
				.from(subscriptions)
				.where(
					and(
						eq(subscriptions.provider, provider),
						eq(subscriptions.providerRef, event.providerRef),
					),
				)
				.for('update');
			const userId = existing?.userId ?? event.userId;
			const planId = existing?.planId ?? event.planId;
			if (!userId || !planId) return {};
			if (!existing) {
				// A subscription we have not seen: only trust metadata naming a real user and plan.
				const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
				const [p] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
				if (!u || !p) return {};
			}
			await upsertSubscription(tx, provider, event.created, {
				providerRef: event.providerRef,
				userId,
				planId,
				matchId: existing?.matchId ?? null,
				status: event.status,
				currentPeriodEnd: event.currentPeriodEnd ?? existing?.currentPeriodEnd ?? null,
				cancelAtPeriodEnd: event.cancelAtPeriodEnd,
			});
			await syncUserPlan(tx, userId);
			// Whose plan changed: a cancellation or refund must reach every process's kept
			// answers (the segments' access, the session's plan) at once, not when they expire.
			return { userId };
		}
		default:
			return {};
	}
}

interface SubscriptionState {
	providerRef: string;
	userId: string;
	planId: string;
	matchId: number | null;
	status: 'incomplete' | 'active' | 'past_due' | 'canceled';
	currentPeriodEnd: Date | null;
	/** The price paid each period; only a payment sets it (a status change keeps it). */
	amount?: number;
	currency?: string;
	/** Undefined keeps what is stored (a payment says nothing about cancellation). */
	cancelAtPeriodEnd?: boolean;
}

/** Inserts or moves a subscription forward; an older event never overwrites a newer one. */
async function upsertSubscription(
	tx: Database,
	provider: string,
	created: Date,
	next: SubscriptionState,
): Promise<void> {
	const at = new Date(now());
	const [existing] = await tx
		.select()
		.from(subscriptions)
		.where(
			and(eq(subscriptions.provider, provider), eq(subscriptions.providerRef, next.providerRef)),
		)
		.for('update');
	if (!mayApply(existing, created, next.status)) return;
	if (!existing) {
		await tx.insert(subscriptions).values({
			...next,
			cancelAtPeriodEnd: next.cancelAtPeriodEnd ?? false,
			provider,
			lastEventAt: created,
			createdAt: at,
			updatedAt: at,
		});
		return;
	}
	await tx
		.update(subscriptions)
		.set({
			status: next.status,
			currentPeriodEnd: next.currentPeriodEnd,
			cancelAtPeriodEnd: next.cancelAtPeriodEnd ?? existing.cancelAtPeriodEnd,
			lastEventAt: created,
			updatedAt: at,
		})
		.where(eq(subscriptions.id, existing.id));
}

async function kickoffOf(tx: Database, matchId: number): Promise<Date | null> {
	const [row] = rowsOf<{ kickoff_at: string | Date }>(
		await tx.execute(sql`SELECT kickoff_at FROM matches WHERE id = ${matchId}`),
	);
	return row ? new Date(row.kickoff_at) : null;
}
