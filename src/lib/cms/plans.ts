import { text } from '~/lib/input-schema';
import { z } from '~/lib/zod';
import { CURRENCIES, type Currency } from '~/lib/payments/money';

/**
 * The console's rules for plans and deals (issue 13), shared by the pages' form posts and
 * `/api/cms/plans` and `/api/cms/deals`. Amounts are minor units; currencies are the ISO
 * 4217 codes the site sells in (money.ts): a price in any other could never be paid.
 */

/** Payment methods a plan may accept: the ones the pricing page can name (payments:method). */
export const PAYMENT_METHODS = ['card', 'sepa_debit', 'apple_pay', 'google_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A ceiling that keeps amounts inside PostgreSQL's integer (IDR prices are large). */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_DEAL_USES = 1_000_000;
export const MAX_DEAL_PLANS = 20;
/** A deal may run at most this long (days). */
export const MAX_DEAL_DAYS = 5 * 366;

const isoCurrency = z
	.string()
	.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals')
	.refine((c) => (CURRENCIES as readonly string[]).includes(c), {
		message: `must be one of ${CURRENCIES.join(', ')}`,
	});

const amount = z
	.number()
	.int('must be a whole number of minor units')
	.min(0, 'must be 0 or more')
	.max(MAX_AMOUNT);

/** Currency → amount; a currency left out is not sold (plans) or not discounted (deals). */
const priceMap = z
	.record(z.string(), amount)
	.superRefine((prices, ctx) => {
		for (const code of Object.keys(prices)) {
			const parsed = isoCurrency.safeParse(code);
			if (!parsed.success)
				ctx.addIssue({
					code: 'custom',
					path: [code],
					message: parsed.error.issues[0]?.message ?? 'invalid currency',
				});
		}
	})
	.transform((p) => p as Partial<Record<Currency, number>>);

const planId = z
	.string()
	.max(60)
	.regex(/^[a-z0-9-]+$/, 'must be a plan id');

/** PUT /api/cms/plans/{id}: the plan's whole price list and its payment methods. */
export const planUpdateBody = z.object({
	prices: priceMap,
	paymentMethods: z
		.array(z.enum(PAYMENT_METHODS))
		.max(PAYMENT_METHODS.length)
		.refine((m) => new Set(m).size === m.length, 'must not repeat a method'),
});
export type PlanUpdate = z.infer<typeof planUpdateBody>;

/** POST /api/cms/deals. The code is never chosen: the server draws a random one. */
export const dealCreateBody = z
	.object({
		/** Refused when sent: a chosen code could be guessed. */
		code: z.undefined({ error: 'is drawn by the server, never chosen' }).optional(),
		planIds: z
			.array(planId)
			.min(1, 'must name at least one plan')
			.max(MAX_DEAL_PLANS)
			.refine((ids) => new Set(ids).size === ids.length, 'must not repeat a plan'),
		kind: z.enum(['percent', 'fixed']),
		percentOff: z.number().int().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100').optional(),
		fixedPrices: priceMap.optional(),
		expiresAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
		/** Paid uses allowed; null or absent: no limit. */
		maxUses: z.number().int().min(1, 'must be 1 or more').max(MAX_DEAL_USES).nullable().optional(),
		/** A note for the console (who the deal is for); shown as text only. */
		note: text(200).optional(),
	})
	.superRefine((d, ctx) => {
		if (d.kind === 'percent' && d.percentOff === undefined)
			ctx.addIssue({
				code: 'custom',
				path: ['percentOff'],
				message: 'is required for a percent deal',
			});
		if (d.kind === 'fixed' && Object.keys(d.fixedPrices ?? {}).length === 0)
			ctx.addIssue({
				code: 'custom',
				path: ['fixedPrices'],
				message: 'needs a price in at least one currency',
			});
	});
export type DealCreate = z.infer<typeof dealCreateBody>;

/** Why an expiry is refused at `at` (ms), or null: in the future, within MAX_DEAL_DAYS. */
export function expiryProblem(expiresAt: Date, at: number): string | null {
	if (Number.isNaN(expiresAt.getTime())) return 'must be a date';
	if (expiresAt.getTime() <= at) return 'must be in the future';
	if (expiresAt.getTime() > at + MAX_DEAL_DAYS * 86_400_000) return 'must be within five years';
	return null;
}

export type DealState = 'active' | 'expired' | 'used_up' | 'ended';

/** What a deal is now: ended early beats expired beats used up. */
export function dealState(
	d: { endedAt: Date | null; expiresAt: Date | null; maxUses: number | null; uses: number },
	at: number,
): DealState {
	if (d.endedAt && d.endedAt.getTime() <= at) return 'ended';
	if (d.expiresAt && d.expiresAt.getTime() <= at) return 'expired';
	if (d.maxUses !== null && d.uses >= d.maxUses) return 'used_up';
	return 'active';
}

/** The first field an issue names, dotted (`prices.EUR`), for the 400's `fields`. */
export function issueField(issue: { path: readonly PropertyKey[] } | undefined, fallback: string) {
	const path = issue?.path.map(String).join('.');
	return path || fallback;
}
