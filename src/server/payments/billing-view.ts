import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { localHref } from '~/lib/locale-resolution';
import { billingSummary } from './billing';
import { formatMoney } from '~/lib/payments/money';

/** The account page's plan and billing, ready to render (AccountBilling.astro). */
export interface BillingView {
	/** The best current plan, or null on the free plan. */
	current: {
		planId: string;
		name: string;
		/** When it renews, ends or expires; null without an end date. */
		note: string | null;
		/** The cancel form's fields; null when there is nothing to cancel. */
		cancel: { subscriptionId: number; locale: Locale } | null;
	} | null;
	upgradeHref: string;
	history: { date: string; plan: string; amount: string }[];
}

/** Plan, dates and payment history in the visitor's language. */
export async function billingView(
	userId: string,
	ctx: { locale: Locale; t: Translate },
): Promise<BillingView> {
	const { locale, t } = ctx;
	const summary = await billingSummary(userId);
	const fmt = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' });
	const current = summary.current;
	const end = current?.currentPeriodEnd ? fmt.format(current.currentPeriodEnd) : null;
	return {
		current: current && {
			planId: current.planId,
			name: t(`payments:plan.${current.planId}.name`),
			note: end
				? current.cancelAtPeriodEnd
					? t('payments:account.canceledNote', { date: end })
					: current.renews
						? t('payments:account.renews', { date: end })
						: t('payments:account.expires', { date: end })
				: null,
			cancel:
				!current.cancelAtPeriodEnd && current.kind !== 'match_pass'
					? { subscriptionId: current.subscriptionId, locale }
					: null,
		},
		upgradeHref: localHref(locale, '/pricing'),
		history: summary.history.map((p) => ({
			date: fmt.format(p.createdAt),
			plan: t(`payments:plan.${p.planId}.name`),
			amount: formatMoney(p.amount, p.currency, locale),
		})),
	};
}
