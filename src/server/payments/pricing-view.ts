import type { Locale } from '~/i18n/locales';
import type { PlanRow } from '../db/schema/payments';
import {
	CURRENCIES,
	defaultCurrency,
	formatMoney,
	isCurrency,
	type Currency,
} from '~/lib/payments/money';
import { lookUpDeal } from './deal-codes';
import { plansForSale } from './plans';

export interface PlanView {
	id: string;
	kind: PlanRow['kind'];
	interval: PlanRow['interval'];
	sport: string | null;
	paymentMethods: string[];
	/** Formatted for the visitor's locale, per currency (after the deal's discount). */
	prices: Record<string, string>;
	/** Formatted list price, when a discount applies. */
	listPrices: Record<string, string | null>;
	amounts: Record<string, number>;
}

export interface PricingView {
	currency: Currency;
	currencies: readonly Currency[];
	deal: { code: string; percentOff: number; planId: string } | null;
	dealInvalid: boolean;
	/** Seconds to wait when the visitor used up their wrong deal codes, else null. */
	dealRetryAfter: number | null;
	matchId: number | null;
	plans: PlanView[];
}

/**
 * Everything /pricing and /pricing-sport render: the plans for sale with server prices,
 * formatted with Intl for the visitor's locale, in the chosen currency.
 */
export async function pricingView(input: {
	kinds: PlanRow['kind'][];
	locale: Locale;
	currency: string | null;
	deal: string | null;
	match: string | null;
	/** Who asks: a `deal` is looked up under their guessing limits (finding 14). */
	visitor: { client: string; userId?: string | null };
}): Promise<PricingView> {
	const lookup = await lookUpDeal(input.deal, input.visitor);
	const deal = lookup.ok ? lookup.deal : undefined;
	const plans = await plansForSale(input.kinds, deal);
	const upper = input.currency?.toUpperCase();
	const currency = isCurrency(upper) ? upper : defaultCurrency(input.locale);
	const match = Number(input.match);
	return {
		currency,
		currencies: CURRENCIES,
		deal: deal ? { code: deal.code, percentOff: deal.percentOff, planId: deal.planId } : null,
		dealInvalid: Boolean(input.deal) && !deal,
		dealRetryAfter: lookup.ok ? null : lookup.retryAfter,
		matchId: Number.isInteger(match) && match > 0 && match < 2 ** 31 ? match : null,
		plans: plans.map((p) => ({
			id: p.id,
			kind: p.kind,
			interval: p.interval,
			sport: p.sport,
			paymentMethods: p.paymentMethods,
			amounts: p.prices,
			prices: Object.fromEntries(
				Object.entries(p.prices).map(([c, a]) => [c, formatMoney(a, c, input.locale)]),
			),
			listPrices: Object.fromEntries(
				Object.entries(p.listPrices).map(([c, a]) => [
					c,
					a !== p.prices[c] ? formatMoney(a, c, input.locale) : null,
				]),
			),
		})),
	};
}
