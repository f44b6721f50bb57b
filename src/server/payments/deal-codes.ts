import { randomBytes } from 'node:crypto';
import { SlidingWindowLimiter } from '../auth/rate-limit';
import { type DealInfo, usableDeal } from './plans';

/**
 * Deal codes (finding 14): long and random enough not to be guessed, and every place that
 * redeems one (the pricing pages' `?deal=`, POST /api/checkout) looks codes up under
 * per-client and per-account limits, so guessing is slow as well as hopeless.
 */

/** Crockford-style: no 0/O or 1/I to misread. 32 symbols = 5 bits each. */
export const DEAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Random symbols in a generated code: 20 × 5 = 100 bits. */
export const DEAL_CODE_SYMBOLS = 20;

/**
 * A new deal code for the CMS to store: 20 random symbols in four groups of five
 * (`ABCDE-FGHJK-LMNPQ-RSTUV`). 256 is a multiple of 32, so `byte & 31` is uniform.
 */
export function generateDealCode(): string {
	const symbols = Array.from(randomBytes(DEAL_CODE_SYMBOLS), (b) => DEAL_CODE_ALPHABET[b & 31]);
	const groups: string[] = [];
	for (let i = 0; i < symbols.length; i += 5) groups.push(symbols.slice(i, i + 5).join(''));
	return groups.join('-');
}

const MINUTE = 60_000;

/** Wrong codes allowed per window; right ones are not counted (a visitor may reload). */
export const dealAttempts = {
	perClient: new SlidingWindowLimiter(20, 15 * MINUTE),
	perAccount: new SlidingWindowLimiter(10, 15 * MINUTE),
};

export type DealLookup =
	| { ok: true; deal: DealInfo | undefined }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

/**
 * Looks a code up unless the client (address, trusted-proxy aware) or the account has used
 * up its wrong attempts; a wrong code counts against both. No code: no lookup, no count.
 */
export async function lookUpDeal(
	code: string | null | undefined,
	who: { client: string; userId?: string | null },
): Promise<DealLookup> {
	if (!code) return { ok: true, deal: undefined };
	const checks: [SlidingWindowLimiter, string][] = [[dealAttempts.perClient, who.client]];
	if (who.userId) checks.push([dealAttempts.perAccount, who.userId]);
	for (const [limiter, key] of checks) {
		const decision = limiter.peek(key);
		if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	}
	const deal = await usableDeal(code);
	if (!deal) for (const [limiter, key] of checks) limiter.hit(key);
	return { ok: true, deal };
}

/** Empties the limiters (tests). */
export function resetDealAttemptsForTests(): void {
	dealAttempts.perClient.clear();
	dealAttempts.perAccount.clear();
}
