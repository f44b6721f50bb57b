import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '~/lib/idempotency';
import type { PlanCheckoutProps } from '~/lib/payments/plan-checkout';
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
		/**
		 * The card's one way in: a paid plan's checkout form (the PlanCheckout island), or the
		 * free plan's sign-up link; null when there is nothing to do here.
		 */
		action:
			| { kind: 'buy'; checkout: PlanCheckoutProps }
			| { kind: 'link'; href: string; label: string }
			| null;
		/** Why a plan has no button here (the match pass is bought on its match's page). */
		note: string | null;
		/** The plan a link asked for (?plan=): its card is marked. */
		chosen: boolean;
		/** A checkout of this plan came back refused (?checkout_error=, JavaScript off). */
		error: string | null;
		/** The plan we point a visitor to (the yearly subscription: best value). */
		recommended: boolean;
	}[];
	/** The badge on the recommended plan. */
	recommendedLabel: string;
	/** A refused checkout that names no card on this page. */
	error: string | null;
	/** The offer code form (a GET of this page with ?deal=): works without JavaScript. */
	dealForm: {
		label: string;
		submit: string;
		value: string;
		/** Kept through the reload: the currency and the match of the visit. */
		hidden: Record<string, string>;
	};
	/** The other pricing page. */
	other: { href: string; label: string };
}

/**
 * /pricing and /pricing-sport ready to render: server prices formatted for the visitor, and
 * on every paid plan's card its own checkout form. `here` (path and query) is where a login
 * returns to; `plan` is the plan a link asked for (its card is marked); `checkoutError` the
 * code a plain checkout form came back with.
 */
export async function pricingPage(
	input: {
		page: keyof typeof PAGES;
		currency: string | null;
		deal: string | null;
		match: string | null;
		plan: string | null;
		checkoutError?: string | null;
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
	const recommendedId = view.plans.find(
		(p) => p.kind === 'subscription' && p.interval === 'year',
	)?.id;
	// The plan a link asked for, else the one an offer code is for: its card is marked.
	const requested =
		view.plans.find((p) => p.id === input.plan && p.kind !== 'free')?.id ??
		view.deal?.planId ??
		null;
	const errorText = (code: string) =>
		t(`payments:chooser.error.${ERROR_KEYS.includes(code) ? code : 'generic'}`);
	const checkoutError = input.checkoutError ? errorText(input.checkoutError) : null;
	const labels = {
		paying: t('payments:chooser.paying'),
		loginFirst: t('payments:chooser.loginFirst'),
		login: t('nav.login'),
		errors: Object.fromEntries(ERROR_KEYS.map((k) => [k, errorText(k)])),
	};
	// A refused checkout (or a login) comes back to this page with the plan marked, its card
	// in view, the currency, offer code and match of the visit kept.
	const cardHref = (planId: string) => {
		const q = new URLSearchParams({ plan: planId, currency: c });
		if (view.deal) q.set('deal', view.deal.code);
		if (view.matchId !== null) q.set('match', String(view.matchId));
		return `${localHref(locale, page.path)}?${q}#plan-${planId}`;
	};
	const action = (p: PlanView): PricingPageView['plans'][number]['action'] => {
		if (p.kind === 'free')
			return ctx.user
				? null
				: {
						kind: 'link',
						href: localHref(locale, '/register'),
						label: t('payments:pricing.startFree'),
					};
		if (p.kind === 'match_pass' && view.matchId === null) return null;
		const from = cardHref(p.id);
		return {
			kind: 'buy',
			checkout: {
				action: '/api/checkout',
				fields: {
					planId: p.id,
					currency: c,
					locale,
					from,
					...(view.deal ? { deal: view.deal.code } : {}),
					...(p.kind === 'match_pass' ? { matchId: String(view.matchId) } : {}),
					[IDEMPOTENCY_FIELD]: newIdempotencyKey(),
				},
				label: t('payments:chooser.pay'),
				planName: t(`payments:plan.${p.id}.name`),
				primary: p.id === (requested ?? recommendedId),
				loginHref: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(from)}`,
				labels,
			},
		};
	};
	const plans = view.plans.map((p) => ({
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
		note: p.kind === 'match_pass' && view.matchId === null ? t('payments:chooser.matchHint') : null,
		chosen: p.id === requested,
		error: p.id === requested ? checkoutError : null,
		recommended: p.id === recommendedId,
	}));
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
		plans,
		recommendedLabel: t('payments:pricing.recommended'),
		error: requested === null ? checkoutError : null,
		dealForm: {
			label: t('payments:chooser.deal'),
			submit: t('payments:chooser.applyDeal'),
			value: view.deal?.code ?? '',
			hidden: {
				currency: c,
				...(view.matchId !== null ? { match: String(view.matchId) } : {}),
			},
		},
		other: {
			href: localHref(locale, page.other.path),
			label: t(`payments:pricing.${page.other.label}`),
		},
	};
}
