import type { Locale } from '../../i18n/locales';
import { LOCALE_TAGS } from '../../i18n/locales';
import { checkoutForOwner } from './checkout';
import { entitlementsFor } from '../entitlements';
import { formatMoney } from './money';

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
			activeUntil = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
				e.currentPeriodEnd,
			);
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
