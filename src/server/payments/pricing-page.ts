import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import type { PricingChooserProps } from '~/lib/payments/pricing-chooser';
import { localHref } from '~/lib/locale-resolution';
import type { PlanRow } from '../db/schema/payments';
import { BRAND_METHODS } from '~/lib/payments/money';
import { pricingView, type PlanView } from './pricing-view';

/** The two pricing pages: what each sells and says (keys under payments:pricing). */
const PAGES = {
	main: {
		path: '/pricing',
		kinds: ['free', 'subscription', 'match_pass'],
		texts: { title: 'title', description: 'description', heading: 'heading', intro: 'intro' },
		other: { path: '/pricing-sport', label: 'sportLink' },
	},
	sport: {
		path: '/pricing-sport',
		kinds: ['sport_pass'],
		texts: {
			title: 'sportTitle',
			description: 'sportDescription',
			heading: 'sportHeading',
			intro: 'sportIntro',
		},
		other: { path: '/pricing', label: 'mainLink' },
	},
} satisfies Record<
	string,
	{
		path: string;
		kinds: PlanRow['kind'][];
		texts: Record<'title' | 'description' | 'heading' | 'intro', string>;
		other: { path: string; label: string };
	}
>;

const ERROR_KEYS = [
	'unknown_plan',
	'not_purchasable',
	'unsupported_currency',
	'invalid_deal',
	'match_required',
	'already_subscribed',
	'checkout_in_progress',
	'generic',
];

export interface PricingPageView {
	title: string;
	description: string;
	heading: string;
	intro: string;
	/** The applied or unlocked offer code, said in words. */
	deal: string | null;
	dealInvalid: boolean;
	/** Seconds to wait when the visitor used up their wrong deal codes (the page answers 429). */
	dealRetryAfter: number | null;
	currencies: { code: string; href: string; current: boolean }[];
	plans: {
		id: string;
		anchor: string;
		name: string;
		summary: string;
		/** The struck-through list price when a discount applies. */
		listPrice: string | null;
		price: string;
		/** "per month", "per year", "one-off", or "" for the free plan. */
		period: string;
		/** "Card, Apple Pay", or null when the plan needs no payment. */
		methods: string | null;
		/** The card's own button: a paid plan preselected in the payment form, or sign-up. */
		action: { href: string; label: string } | null;
		/** The plan we point a visitor to (the yearly subscription: best value). */
		recommended: boolean;
	}[];
	/** The badge on the recommended plan. */
	recommendedLabel: string;
	/** Props of the PricingChooser island; null when nothing here can be bought. */
	chooser: PricingChooserProps | null;
	/** The other pricing page. */
	other: { href: string; label: string };
}

/**
 * /pricing and /pricing-sport ready to render: server prices formatted for the visitor,
 * the chooser's plans and labels. `here` (path and query) is where a login returns to;
 * `plan` is the plan the visitor asked for (preselected when it is for sale here).
 */
export async function pricingPage(
	input: {
		page: keyof typeof PAGES;
		currency: string | null;
		deal: string | null;
		match: string | null;
		plan: string | null;
		here: string;
		visitor: { client: string; userId?: string | null };
	},
	ctx: { locale: Locale; t: Translate; user: unknown | null },
): Promise<PricingPageView> {
	const { locale, t } = ctx;
	const page = PAGES[input.page];
	const view = await pricingView({
		kinds: page.kinds,
		locale,
		currency: input.currency,
		deal: input.deal,
		match: input.page === 'main' ? input.match : null,
		visitor: input.visitor,
	});
	const c = view.currency;
	const period = (p: PlanView) =>
		p.kind === 'free'
			? ''
			: p.interval === 'year'
				? t('payments:pricing.perYear')
				: p.interval === 'month'
					? t('payments:pricing.perMonth')
					: t('payments:pricing.once');
	const purchasable = view.plans.filter((p) => p.kind !== 'free');
	const requested = input.plan;
	const recommendedId = purchasable.find(
		(p) => p.kind === 'subscription' && p.interval === 'year',
	)?.id;
	// A card's button reloads this page with its plan chosen in the form (works without
	// JavaScript), keeping the currency, offer code and match of the visit.
	const chooseHref = (planId: string) => {
		const q = new URLSearchParams({ plan: planId, currency: c });
		if (view.deal) q.set('deal', view.deal.code);
		if (view.matchId !== null) q.set('match', String(view.matchId));
		return `${localHref(locale, page.path)}?${q}#pay`;
	};
	const action = (p: PlanView) =>
		p.kind !== 'free'
			? { href: chooseHref(p.id), label: t('payments:pricing.choose') }
			: ctx.user
				? null
				: { href: localHref(locale, '/register'), label: t('payments:pricing.startFree') };
	return {
		title: t(`payments:pricing.${page.texts.title}`),
		description: t(`payments:pricing.${page.texts.description}`),
		heading: t(`payments:pricing.${page.texts.heading}`),
		intro: t(`payments:pricing.${page.texts.intro}`),
		deal: view.deal
			? view.deal.percentOff > 0
				? t('payments:pricing.dealApplied', { code: view.deal.code, percent: view.deal.percentOff })
				: t('payments:pricing.dealUnlocked', { code: view.deal.code })
			: null,
		dealInvalid: view.dealInvalid || view.dealRetryAfter !== null,
		dealRetryAfter: view.dealRetryAfter,
		currencies: view.currencies.map((cur) => ({
			code: cur,
			href: `?currency=${cur}${view.deal ? `&deal=${view.deal.code}` : ''}`,
			current: cur === c,
		})),
		plans: view.plans.map((p) => ({
			id: p.id,
			anchor: `plan-${p.id}`,
			name: t(`payments:plan.${p.id}.name`),
			summary: t(`payments:plan.${p.id}.summary`),
			listPrice: p.listPrices[c] || null,
			price: p.kind === 'free' ? t('payments:pricing.free') : (p.prices[c] ?? ''),
			period: period(p),
			methods:
				p.paymentMethods.length > 0
					? p.paymentMethods.map((m) => BRAND_METHODS[m] ?? t(`payments:method.${m}`)).join(', ')
					: null,
			action: action(p),
			recommended: p.id === recommendedId,
		})),
		recommendedLabel: t('payments:pricing.recommended'),
		chooser:
			purchasable.length > 0
				? {
						plans: purchasable.map((p) => ({
							id: p.id,
							name: t(`payments:plan.${p.id}.name`),
							prices: p.prices,
							needsMatch: p.kind === 'match_pass',
						})),
						currencies: view.currencies,
						currency: c,
						deal: view.deal?.code ?? null,
						matchId: view.matchId,
						initialPlan: purchasable.some((p) => p.id === requested)
							? requested
							: (view.deal?.planId ?? null),
						locale,
						loginHref: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(input.here)}`,
						labels: {
							label: t('payments:chooser.label'),
							plan: t('payments:chooser.plan'),
							currency: t('payments:pricing.currency'),
							deal: t('payments:chooser.deal'),
							applyDeal: t('payments:chooser.applyDeal'),
							pay: t('payments:chooser.pay'),
							paying: t('payments:chooser.paying'),
							loginFirst: t('payments:chooser.loginFirst'),
							login: t('nav.login'),
							matchHint: t('payments:chooser.matchHint'),
							errors: Object.fromEntries(
								ERROR_KEYS.map((k) => [k, t(`payments:chooser.error.${k}`)]),
							),
						},
					}
				: null,
		other: {
			href: localHref(locale, page.other.path),
			label: t(`payments:pricing.${page.other.label}`),
		},
	};
}
