import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { getDb, type Database } from './db/client';
import { users } from './db/schema/auth';
import { plans, subscriptions, type SubscriptionStatus } from './db/schema/payments';
import { paymentsNow as now } from './clock';

/*
 * What a user may watch, read from their subscriptions and passes. Accounts (the plan on a
 * visitor's profile), payments (checkout, billing, webhooks) and streams (playback) all ask
 * it, so it sits below all three instead of inside payments: auth importing payments while
 * payments imported auth was a cycle.
 */

export interface Entitlement {
	subscriptionId: number;
	planId: string;
	kind: 'free' | 'subscription' | 'sport_pass' | 'match_pass';
	sport: string | null;
	matchId: number | null;
	rank: number;
	status: SubscriptionStatus;
	currentPeriodEnd: Date | null;
	cancelAtPeriodEnd: boolean;
	provider: string;
	providerRef: string;
}

/** Statuses that still grant access until the period ends (past_due: the provider retries). */
const GRANTING: SubscriptionStatus[] = ['active', 'past_due'];

/**
 * What the user may watch right now: their subscriptions and passes that are active and
 * not past their period end, best plan first. THE source of truth for access; the `plan`
 * column on users is a cached copy for display.
 */
export async function entitlementsFor(
	userId: string,
	at: number = now(),
	db?: Database,
): Promise<Entitlement[]> {
	const conn = db ?? (await getDb());
	const rows = await conn
		.select({ s: subscriptions, p: plans })
		.from(subscriptions)
		.innerJoin(plans, eq(plans.id, subscriptions.planId))
		.where(
			and(
				eq(subscriptions.userId, userId),
				inArray(subscriptions.status, GRANTING),
				or(
					isNull(subscriptions.currentPeriodEnd),
					gt(subscriptions.currentPeriodEnd, new Date(at)),
				),
			),
		);
	return rows
		.map(({ s, p }) => ({
			subscriptionId: s.id,
			planId: s.planId,
			kind: p.kind,
			sport: p.sport,
			matchId: s.matchId,
			rank: p.rank,
			status: s.status,
			currentPeriodEnd: s.currentPeriodEnd,
			cancelAtPeriodEnd: s.cancelAtPeriodEnd,
			provider: s.provider,
			providerRef: s.providerRef,
		}))
		.sort((a, b) => b.rank - a.rank);
}

/**
 * The user's plan id as shown on the account and in `Astro.locals.user.plan`: the best
 * active plan, or 'free'. Accounts' `planOf(user)` should return `planOf(user.id)` from here.
 */
export async function planOf(userId: string, at: number = now()): Promise<string> {
	return (await entitlementsFor(userId, at))[0]?.planId ?? 'free';
}

/** Copies the current plan onto users.plan, inside the caller's transaction. */
export async function syncUserPlan(tx: Database, userId: string): Promise<void> {
	const best = (await entitlementsFor(userId, now(), tx))[0]?.planId ?? 'free';
	await tx.update(users).set({ plan: best }).where(eq(users.id, userId));
}
