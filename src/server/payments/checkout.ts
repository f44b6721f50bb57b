import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '~/i18n/locales';
import { text } from '~/lib/input-schema';
import { localHref } from '~/lib/locale-resolution';
import { safeRedirect } from '~/lib/safe-redirect';
import { matchPath } from '~/lib/urls';
import { config } from '../config';
import { getDb } from '../db/client';
import { checkouts, type CheckoutRow } from '../db/schema/payments';
import { checkoutReturns } from '../db/schema/watching';
import { paymentsNow as now } from '../clock';
import { entitlementsFor } from '../entitlements';
import { isCurrency } from '~/lib/payments/money';
import { lookUpDeal } from './deal-codes';
import { dealCovers, getPlan, priceOf } from './plans';
import { activeProvider, providerByName } from './providers';

/** The checkout request body. Anything else the browser sends (an amount!) is dropped. */
export const checkoutRequestSchema = z.object({
	planId: text(64).min(1),
	currency: text(3).length(3),
	deal: text(40).optional().nullable(),
	matchId: z.coerce
		.number()
		.int()
		.positive()
		.max(2 ** 31 - 1)
		.optional()
		.nullable(),
	locale: z.enum(LOCALES).default('en'),
	/** The page the visitor was buying for (a same-site path): where a paid checkout returns. */
	returnTo: text(2048).optional().nullable(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export type CheckoutError =
	| 'unknown_plan'
	| 'not_purchasable'
	| 'unsupported_currency'
	| 'invalid_deal'
	| 'match_required'
	| 'already_subscribed'
	| 'checkout_in_progress';

export type CheckoutResult =
	| { ok: true; checkoutId: string; redirectUrl: string; reused: boolean }
	| { ok: false; status: 400 | 409; error: CheckoutError }
	| { ok: false; status: 429; error: 'rate_limited'; retryAfter: number };

const newId = () => `co_${randomBytes(12).toString('base64url')}`;

/**
 * Opens (or returns the already-open) checkout for a user and plan. The price is the
 * server's: plan row, currency row, and the deal's discount. A partial unique index allows
 * one OPEN checkout per user and plan, so a double click yields the same checkout.
 * A deal code is looked up under the guessing limits of the account and, when given, of
 * the client address (finding 14).
 */
export async function openCheckout(
	user: { id: string; email: string },
	input: CheckoutRequest,
	client?: string,
): Promise<CheckoutResult> {
	const bad = (error: CheckoutError, status: 400 | 409 = 400) => ({
		ok: false as const,
		status,
		error,
	});
	const plan = await getPlan(input.planId);
	if (!plan) return bad('unknown_plan');
	const lookup = await lookUpDeal(input.deal, {
		client: client ?? `account:${user.id}`,
		userId: user.id,
	});
	if (!lookup.ok)
		return { ok: false, status: 429, error: 'rate_limited', retryAfter: lookup.retryAfter };
	const deal = lookup.deal;
	if (input.deal && !dealCovers(deal, plan.id)) return bad('invalid_deal');
	// A hidden plan does not exist for someone without its code.
	if (!plan.listed && !deal) return bad('unknown_plan');
	if (plan.kind === 'free') return bad('not_purchasable');
	if (!isCurrency(input.currency)) return bad('unsupported_currency');
	const amount = await priceOf(plan.id, input.currency, deal);
	if (amount === undefined) return bad('unsupported_currency');
	const matchId = plan.kind === 'match_pass' ? (input.matchId ?? null) : null;
	if (plan.kind === 'match_pass') {
		if (!matchId || !(await matchExists(matchId))) return bad('match_required');
	}
	const owned = await entitlementsFor(user.id);
	if (owned.some((e) => e.planId === plan.id && (matchId === null || e.matchId === matchId))) {
		return bad('already_subscribed', 409);
	}

	const db = await getDb();
	const at = now();
	const existing = await openCheckoutOf(user.id, plan.id);
	if (existing) {
		const same =
			existing.currency === input.currency &&
			existing.amount === amount &&
			existing.matchId === matchId &&
			existing.expiresAt.getTime() > at;
		if (same) {
			if (!existing.redirectUrl) return bad('checkout_in_progress', 409);
			return { ok: true, checkoutId: existing.id, redirectUrl: existing.redirectUrl, reused: true };
		}
		// Changed currency or deal, or stale: retire it so the new one can be the open one.
		await db
			.update(checkouts)
			.set({ status: 'expired', updatedAt: new Date(at) })
			.where(and(eq(checkouts.id, existing.id), eq(checkouts.status, 'open')));
	}

	const provider = activeProvider();
	const id = newId();
	const inserted = await db
		.insert(checkouts)
		.values({
			id,
			userId: user.id,
			planId: plan.id,
			dealCode: deal?.code ?? null,
			matchId,
			currency: input.currency,
			amount,
			status: 'open',
			provider: provider.name,
			createdAt: new Date(at),
			updatedAt: new Date(at),
			expiresAt: new Date(at + config().CHECKOUT_TTL_MINUTES * 60_000),
		})
		.onConflictDoNothing()
		.returning();
	const row = inserted[0];
	if (!row) {
		// A concurrent request (double click) won the race: hand back its checkout.
		const winner = await openCheckoutOf(user.id, plan.id);
		if (winner?.redirectUrl) {
			return { ok: true, checkoutId: winner.id, redirectUrl: winner.redirectUrl, reused: true };
		}
		return bad('checkout_in_progress', 409);
	}
	const origin = new URL(config().SITE_URL).origin;
	const locale: Locale = input.locale;
	// Back to the page the visitor bought from once paid (a match pass: its match).
	const back =
		safeRedirect(input.returnTo, '') ||
		(matchId !== null ? localHref(locale, matchPath({ id: matchId })) : '');
	if (back) await db.insert(checkoutReturns).values({ checkoutId: row.id, path: back });
	const started = await provider.startCheckout({
		checkout: row,
		plan,
		locale,
		customerEmail: user.email,
		returnUrl: `${origin}${localHref(locale, '/payment/result')}?checkout=${row.id}`,
		cancelUrl: `${origin}${localHref(locale, '/payment/failure')}?checkout=${row.id}`,
	});
	await db
		.update(checkouts)
		.set({
			providerRef: started.providerRef,
			redirectUrl: started.redirectUrl,
			updatedAt: new Date(now()),
		})
		.where(eq(checkouts.id, row.id));
	return { ok: true, checkoutId: row.id, redirectUrl: started.redirectUrl, reused: false };
}

async function openCheckoutOf(userId: string, planId: string): Promise<CheckoutRow | undefined> {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(checkouts)
		.where(
			and(eq(checkouts.userId, userId), eq(checkouts.planId, planId), eq(checkouts.status, 'open')),
		);
	return row;
}

async function matchExists(id: number): Promise<boolean> {
	const db = await getDb();
	try {
		const result = await db.execute(sql`SELECT 1 AS one FROM matches WHERE id = ${id}`);
		const rows =
			(result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
		return rows.length > 0;
	} catch {
		return false;
	}
}

/** The page a paid checkout returns to (its owner's), or null. */
export async function checkoutReturnPath(checkoutId: string): Promise<string | null> {
	const db = await getDb();
	const [row] = await db
		.select({ path: checkoutReturns.path })
		.from(checkoutReturns)
		.where(eq(checkoutReturns.checkoutId, checkoutId));
	return row ? safeRedirect(row.path, '') || null : null;
}

export type CheckoutView = Pick<
	CheckoutRow,
	'id' | 'planId' | 'amount' | 'currency' | 'status' | 'failureReason' | 'createdAt'
> & { redirectUrl: string | null };

/**
 * A checkout as its OWNER may see it (undefined for anyone else, so a foreign id looks
 * exactly like an unknown one). Status is what the server holds; an open checkout past its
 * time reads as expired.
 */
export async function checkoutForOwner(
	userId: string,
	checkoutId: string,
): Promise<CheckoutView | undefined> {
	if (!/^co_[A-Za-z0-9_-]{8,40}$/.test(checkoutId)) return undefined;
	const db = await getDb();
	const [row] = await db
		.select()
		.from(checkouts)
		.where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
	if (!row) return undefined;
	const status = row.status === 'open' && row.expiresAt.getTime() <= now() ? 'expired' : row.status;
	return {
		id: row.id,
		planId: row.planId,
		amount: row.amount,
		currency: row.currency,
		status,
		failureReason: row.failureReason,
		createdAt: row.createdAt,
		redirectUrl: row.status === 'open' ? row.redirectUrl : null,
	};
}

/** Whether the provider that opened a checkout is still available (for its hosted page). */
export function providerAvailable(name: string): boolean {
	return providerByName(name) !== undefined;
}
