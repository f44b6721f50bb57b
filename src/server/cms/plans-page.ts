import type { Translate } from '~/i18n/server';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { PAYMENT_METHODS } from '~/lib/cms/plans';
import { dateTimeFormat } from '~/lib/intl';
import { localHref } from '~/lib/locale-resolution';
import { paymentsNow as now } from '../clock';
import { config } from '../config';
import { BRAND_METHODS, CURRENCIES, formatMoney } from '../payments/money';
import { listDeals } from './deals';
import type { Actor } from './guard';
import { type ConsoleFormResult, dealFromConsole, planFromConsole } from './plans-console';
import { listPlans } from './plans';

/** The plans and deals pages, translated and formatted (the pages are markup). */

export interface Notice {
	ok: boolean;
	text: string;
}

async function handlePost(
	request: Request,
	run: (form: FormData) => Promise<ConsoleFormResult>,
	t: Translate,
): Promise<{ status: number; notice: Notice | null }> {
	if (request.method !== 'POST') return { status: 200, notice: null };
	const result = await run(await request.formData());
	if (result.ok)
		return {
			status: 200,
			notice: { ok: true, text: t(`cmsplans:done.${result.intent}`, { subject: result.subject }) },
		};
	return {
		status: result.status,
		notice: {
			ok: false,
			text: t('cmsplans:failed', { field: result.field, message: result.message }),
		},
	};
}

const methodName = (t: Translate, m: string) => BRAND_METHODS[m] ?? t(`payments:method.${m}`);

export async function plansPage(request: Request, actor: Actor, t: Translate, locale: Locale) {
	const { status, notice } = await handlePost(request, (f) => planFromConsole(f, actor), t);
	const plans = await listPlans();
	return {
		status,
		notice,
		plans: plans.map((p) => ({
			id: p.id,
			name: t(`payments:plan.${p.id}.name`),
			kind: t(`cmsplans:kind.${p.kind}`),
			listed: p.listed,
			free: p.kind === 'free',
			prices: CURRENCIES.map((c) => ({
				currency: c,
				amount: p.prices[c] ?? null,
				shown:
					p.prices[c] === undefined ? t('cmsplans:notSold') : formatMoney(p.prices[c], c, locale),
			})),
			methods: PAYMENT_METHODS.map((m) => ({
				id: m,
				name: methodName(t, m),
				on: p.paymentMethods.includes(m),
			})),
		})),
	};
}

export async function dealsPage(request: Request, actor: Actor, t: Translate, locale: Locale) {
	const { status, notice } = await handlePost(request, (f) => dealFromConsole(f, actor), t);
	const [plans, deals] = await Promise.all([listPlans(), listDeals()]);
	const name = (id: string) => t(`payments:plan.${id}.name`);
	const day = dateTimeFormat(LOCALE_TAGS[locale], {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'UTC',
	});
	const origin = new URL(config().SITE_URL).origin;
	const kindOf = new Map(plans.map((p) => [p.id, p.kind]));
	const today = new Date(now());
	const iso = (d: Date) => d.toISOString().slice(0, 10);
	return {
		status,
		notice,
		plans: plans.filter((p) => p.kind !== 'free').map((p) => ({ id: p.id, name: name(p.id) })),
		currencies: CURRENCIES,
		minUntil: iso(today),
		defaultUntil: iso(new Date(today.getTime() + 30 * 86_400_000)),
		deals: deals.map((d) => {
			// Sport passes are sold on their own page; the link opens the page that shows the plan.
			const sport = d.planIds.every((id) => kindOf.get(id) === 'sport_pass');
			const path = localHref(locale, sport ? '/pricing-sport' : '/pricing');
			return {
				code: d.code,
				link: `${origin}${path}?deal=${encodeURIComponent(d.code)}`,
				plans: d.planIds.map(name).join(', '),
				offer: d.fixedPrices
					? Object.entries(d.fixedPrices)
							.map(([c, a]) => formatMoney(a, c, locale))
							.join(' · ')
					: d.percentOff > 0
						? t('cmsplans:percentOff', { percent: d.percentOff })
						: t('cmsplans:listPrice'),
				expires: d.expiresAt ? day.format(d.expiresAt) : t('cmsplans:never'),
				uses:
					d.maxUses === null
						? t('cmsplans:usesOpen', { uses: d.uses })
						: t('cmsplans:usesOf', { uses: d.uses, max: d.maxUses }),
				state: d.state,
				stateLabel: t(`cmsplans:state.${d.state}`),
				endable: d.state !== 'ended' && d.state !== 'expired',
			};
		}),
	};
}
