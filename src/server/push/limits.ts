import { eq } from 'drizzle-orm';
import { hitAll, type RateDecision, SlidingWindowLimiter } from '../auth/rate-limit';
import { type Database, getDb } from '../db/client';
import { pushSubscriptions } from '../db/schema/push';

const MINUTE = 60_000;

/**
 * Push subscriptions' limits (issue 28/7: one address created 300 subscriptions with 100
 * targets each in 40 s). In memory, per process, like the accounts' limits. A browser saves
 * its alerts a few times a visit and a household adds a few browsers a day; far more is a
 * script, and each subscription is a row the alert fan-out reads at every event.
 */
export const pushLimits = {
	/** Saves and deletions per client address. */
	writesPerClient: new SlidingWindowLimiter(60, 10 * MINUTE),
	/** New subscriptions (an endpoint not seen before) per client address. */
	newPerClient: new SlidingWindowLimiter(20, 60 * MINUTE),
	/** New subscriptions per signed-in account, from wherever they come. */
	newPerAccount: new SlidingWindowLimiter(20, 60 * MINUTE),
};

/**
 * Most subscriptions one account keeps: a new browser beyond it replaces the account's
 * oldest subscription (an old phone, a reinstalled browser) rather than being refused.
 */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** Most targets (teams and matches) one subscription carries: the follows list's own cap. */
export const MAX_PUSH_TARGETS = 100;

/** Counts a deletion (or a one-click stop) of the client. */
export function pushWriteLimit(ip: string): RateDecision {
	return pushLimits.writesPerClient.hit(ip);
}

/** Counts a save; a subscription of an endpoint not yet stored also counts as a new one. */
export async function subscribeLimit(
	endpoint: string,
	userId: string | null,
	ip: string,
	db?: Database,
): Promise<RateDecision> {
	const d = db ?? (await getDb());
	const [known] = await d
		.select({ id: pushSubscriptions.id })
		.from(pushSubscriptions)
		.where(eq(pushSubscriptions.endpoint, endpoint));
	const checks: [SlidingWindowLimiter, string][] = [[pushLimits.writesPerClient, ip]];
	if (!known) {
		checks.push([pushLimits.newPerClient, ip]);
		if (userId) checks.push([pushLimits.newPerAccount, userId]);
	}
	return hitAll(checks);
}
