import type { StreamRow } from '../db/schema/streams';
import { entitlementsFor, type Entitlement } from '../entitlements';

export type Access =
	| {
			allowed: true;
			/** When the covering entitlement ends (ms); null: it does not end by date. */
			until: number | null;
	  }
	| {
			allowed: false;
			reason: 'login' | 'plan' | 'region' /** Cheapest plan that would do. */;
			planHint: string;
	  };

/** Whether one entitlement covers a stream (a match pass only covers its own match). */
function covers(e: Entitlement, stream: StreamRow): boolean {
	if (!stream.plans.includes(e.planId)) return false;
	if (e.kind === 'match_pass') return stream.matchId !== null && e.matchId === stream.matchId;
	return true;
}

/** The plan to suggest: a sport pass for the sport, else premium monthly. */
function hint(stream: StreamRow): string {
	const sportPass = `pass-${stream.sport}`;
	if (stream.plans.includes(sportPass)) return sportPass;
	return stream.plans.includes('premium-monthly')
		? 'premium-monthly'
		: (stream.plans[0] ?? 'premium-monthly');
}

/**
 * May this visitor watch this stream? Free streams (no plans listed) are open to all; paid
 * ones need a signed-in user with a covering entitlement. Territory rights apply to both.
 */
export async function streamAccess(
	userId: string | null,
	stream: StreamRow,
	country: string | undefined,
): Promise<Access> {
	// Free and region-locked streams need no look-up of the visitor's plans.
	const needsPlans = userId !== null && stream.plans.length > 0;
	return accessWith(needsPlans ? await entitlementsFor(userId) : null, stream, country);
}

/**
 * The same rule with the visitor's entitlements already read (null: not signed in), so a
 * list of streams costs one look-up (the watch marks, `marks.ts`).
 */
export function accessWith(
	entitlements: Entitlement[] | null,
	stream: StreamRow,
	country: string | undefined,
): Access {
	const planHint = hint(stream);
	if (stream.countries && (!country || !stream.countries.includes(country))) {
		return { allowed: false, reason: 'region', planHint };
	}
	if (stream.plans.length === 0) return { allowed: true, until: null };
	if (!entitlements) return { allowed: false, reason: 'login', planHint };
	const owned = entitlements.filter((e) => covers(e, stream));
	if (owned.length === 0) return { allowed: false, reason: 'plan', planHint };
	// The longest-lasting cover decides; one with no end date lasts.
	const ends = owned.map((e) => e.currentPeriodEnd?.getTime() ?? null);
	return {
		allowed: true,
		until: ends.includes(null) ? null : Math.max(...(ends as number[])),
	};
}
