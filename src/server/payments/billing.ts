import { and, desc, eq } from 'drizzle-orm';
import { DataCache } from '../cache/data-cache';
import { TaggedStore } from '../cache/core';
import { planTag } from '../cache/tags';
import { publishAuthChange } from '../auth/vouches';
import { config } from '../config';
import { getDb } from '../db/client';
import { payments, subscriptions } from '../db/schema/payments';
import { paymentsNow as now } from '../clock';
import { entitlementsFor, syncUserPlan, type Entitlement } from '../entitlements';
import { providerByName } from './providers';

export interface BillingSummary {
	/** The best current plan, or null on the free plan. */
	current: (Entitlement & { renews: boolean }) | null;
	history: { id: number; planId: string; amount: number; currency: string; createdAt: Date }[];
}

/** Only real recurring billing renews: the sandbox never charges again on its own. */
function renews(e: Entitlement): boolean {
	return (
		(e.kind === 'subscription' || e.kind === 'sport_pass') &&
		!e.cancelAtPeriodEnd &&
		e.provider === 'stripe'
	);
}

/** Everything the account page shows about billing: plan, dates and payment history. */
export async function billingSummary(userId: string): Promise<BillingSummary> {
	const db = await getDb();
	const [best] = await entitlementsFor(userId);
	const history = await db
		.select({
			id: payments.id,
			planId: payments.planId,
			amount: payments.amount,
			currency: payments.currency,
			createdAt: payments.createdAt,
		})
		.from(payments)
		.where(eq(payments.userId, userId))
		.orderBy(desc(payments.createdAt))
		.limit(50);
	return { current: best ? { ...best, renews: renews(best) } : null, history };
}

/**
 * Cancels at the end of the paid period (the user keeps what they paid for). Only the
 * owner's own subscription; returns false for anything else.
 */
export async function cancelSubscription(userId: string, subscriptionId: number): Promise<boolean> {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(subscriptions)
		.where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
	if (!row || row.status === 'canceled') return false;
	const provider = providerByName(row.provider);
	if (provider) await provider.cancelAtPeriodEnd(row.providerRef);
	await db.transaction(async (tx) => {
		await tx
			.update(subscriptions)
			.set({ cancelAtPeriodEnd: true, updatedAt: new Date(now()) })
			.where(eq(subscriptions.id, row.id));
		await syncUserPlan(tx as never, userId);
	});
	await publishAuthChange({ t: 'plan', id: userId });
	return true;
}

export interface ExpiryReminder {
	planId: string;
	endsAt: Date;
	/** Cookie value that dismisses this reminder (and only this period's). */
	dismissKey: string;
}

/**
 * A reminder when the user's plan ends within EXPIRY_REMINDER_DAYS and will not renew.
 * `dismissed` is the value of the dismissal cookie, if any.
 */
export async function expiryReminder(
	userId: string,
	dismissed?: string,
): Promise<ExpiryReminder | null> {
	const startedAt = quiet.generation;
	const best = await bestForReminder(userId);
	const at = now();
	if (!best?.currentPeriodEnd || renews(best) || best.currentPeriodEnd.getTime() <= at) {
		keepQuiet(userId, at + QUIET_MS, startedAt);
		return null;
	}
	const left = best.currentPeriodEnd.getTime() - at;
	const window = config().EXPIRY_REMINDER_DAYS * 86_400_000;
	if (left > window) {
		keepQuiet(userId, Math.min(at + QUIET_MS, best.currentPeriodEnd.getTime() - window), startedAt);
		return null;
	}
	const dismissKey = `${best.subscriptionId}-${Math.floor(best.currentPeriodEnd.getTime() / 1000)}`;
	if (dismissed === dismissKey) return null;
	return { planId: best.planId, endsAt: best.currentPeriodEnd, dismissKey };
}

/**
 * The reminder is asked on every page a signed-in visitor opens, so the plan it looks at is
 * kept per user for a few seconds instead of costing a query each time. Only the reminder
 * reads it: access to streams and checkout always ask the database. Every process drops a
 * user's entry when their plan changes (webhook, cancel: `publishAuthChange({ t: 'plan' })`
 * invalidates `planTag(id)` here and, through Redis, in the others). A cache of its own, so
 * that many signed-in visitors never push football data out of the shared one.
 */
const REMINDER_CACHE_MS = 15_000;
const reminderPlans = new DataCache(10_000);

function bestForReminder(userId: string): Promise<Entitlement | undefined> {
	return reminderPlans.cached(userId, REMINDER_CACHE_MS, [planTag(userId)], async () => {
		const [best] = await entitlementsFor(userId);
		return best;
	});
}

/**
 * Users with no reminder to show whatever their cookies say, and until when: the front
 * server serves them the member cache's pages without asking (src/server/front/cache.ts).
 * Dropped with the plan's tag when the plan changes, in every process.
 */
const QUIET_MS = 10 * 60_000;
const quiet = new TaggedStore<true>(100_000);

function keepQuiet(userId: string, until: number, startedAt: number): void {
	if (until > now())
		quiet.set(userId, true, { expires: until, tags: [planTag(userId)], startedAt });
}

/** True when `userId` has no reminder to show now (known from a recent lookup). */
export function reminderQuiet(userId: string): boolean {
	return quiet.peek(userId, now()) === true;
}

/** Forgets what the reminder knows of every user's plan (tests). */
export function clearReminderCache(): void {
	reminderPlans.clear();
	quiet.clear();
}

/** Name of the cookie that hides the reminder until the plan's end. */
export const REMINDER_COOKIE = 'plan_reminder_dismissed';

/** Cookie lifetime for a dismissal: until the period it dismisses ends. */
export function dismissMaxAge(dismissKey: string): number {
	const end = Number(dismissKey.split('-').pop());
	if (!Number.isFinite(end)) return 0;
	return Math.max(0, Math.min(end - Math.floor(now() / 1000), 60 * 86_400));
}
