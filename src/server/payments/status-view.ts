import type { Locale } from '~/i18n/locales';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { localHref } from '~/lib/locale-resolution';
import { checkoutForOwner, checkoutReturnPath } from './checkout';
import { entitlementsFor } from '../entitlements';
import { formatMoney } from '~/lib/payments/money';

export interface PaymentStatusView {
	checkoutId: string;
	state: 'waiting' | 'paid' | 'failed' | 'expired';
	planId: string;
	amount: string;
	reason: string | null;
	activeUntil: string | null;
}

/**
 * What /payment/result, /success and /failure show: the state the server holds for the
 * owner's checkout, never what the URL says. Undefined for a fake or foreign id.
 */
export async function paymentStatusView(
	userId: string,
	checkoutId: string | null,
	locale: Locale,
): Promise<PaymentStatusView | undefined> {
	if (!checkoutId) return undefined;
	const c = await checkoutForOwner(userId, checkoutId);
	if (!c) return undefined;
	let activeUntil: string | null = null;
	if (c.status === 'paid') {
		const e = (await entitlementsFor(userId)).find((x) => x.planId === c.planId);
		if (e?.currentPeriodEnd) {
			activeUntil = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
				dateStyle: 'long',
				timeZone: 'UTC',
			}).format(e.currentPeriodEnd);
		}
	}
	return {
		checkoutId: c.id,
		state: c.status === 'open' ? 'waiting' : c.status,
		planId: c.planId,
		amount: formatMoney(c.amount, c.currency, locale),
		reason: c.failureReason,
		activeUntil,
	};
}

/** A payment status page ready to render (/payment/result, /success, /failure). */
export interface PaymentStatusPage {
	checkoutId: string;
	state: PaymentStatusView['state'];
	heading: string;
	/** What happened, in one sentence. */
	message: string;
	plan: string;
	amount: string;
	/** Links the actions of each state lead to. */
	links: { watch: string; account: string; check: string; tryAgain: string };
	/** /payment/result: the page of the state the server holds (303), null while waiting. */
	redirect: string | null;
}

/**
 * The owner's checkout as a status page: headings and messages in the visitor's language.
 * Undefined (404) without a user, or for a fake or foreign id.
 */
export async function paymentStatusPage(
	input: {
		userId: string | null;
		checkoutId: string | null;
		page: 'result' | 'success' | 'failure';
	},
	ctx: { locale: Locale; t: Translate },
): Promise<PaymentStatusPage | undefined> {
	const { locale, t } = ctx;
	const view = input.userId
		? await paymentStatusView(input.userId, input.checkoutId, locale)
		: undefined;
	if (!view) return undefined;
	const plan = t(`payments:plan.${view.planId}.name`);
	const reasonKey = `payments:status.reason.${view.reason ?? 'declined'}`;
	const reason =
		t(reasonKey) === reasonKey.split(':')[1] ? t('payments:status.reason.declined') : t(reasonKey);
	const message =
		view.state === 'waiting'
			? t('payments:status.waiting')
			: view.state === 'paid'
				? view.activeUntil
					? t('payments:status.paid', { plan, date: view.activeUntil })
					: t('payments:status.paidNoDate', { plan })
				: view.state === 'failed'
					? t('payments:status.failed', { reason })
					: t('payments:status.expired');
	const heading =
		input.page === 'result' || view.state === 'waiting'
			? t('payments:status.resultHeading')
			: view.state === 'paid'
				? t('payments:status.successHeading')
				: t('payments:status.failureHeading');
	// The result page routes to the page of the state the SERVER holds; waiting refreshes itself.
	// Paid: back to the page bought from (recorded with the checkout, only the owner's).
	const back =
		input.page === 'result' && view.state === 'paid'
			? await checkoutReturnPath(view.checkoutId)
			: null;
	const redirect =
		input.page !== 'result' || view.state === 'waiting'
			? null
			: view.state === 'paid' && back
				? back
				: `${localHref(locale, view.state === 'paid' ? '/payment/success' : '/payment/failure')}?checkout=${view.checkoutId}`;
	return {
		checkoutId: view.checkoutId,
		state: view.state,
		heading,
		message,
		plan,
		amount: view.amount,
		links: {
			watch: localHref(locale, '/tv'),
			account: localHref(locale, '/account'),
			check: `${localHref(locale, '/payment/result')}?checkout=${view.checkoutId}`,
			tryAgain: localHref(locale, '/pricing'),
		},
		redirect,
	};
}
