import type { Locale } from '../../i18n/locales';
import { localHref } from '../../lib/locale-resolution';
import { formatMoney } from './money';
import { payableSandboxCheckout, sandboxFormSchema, submitSandboxPayment } from './sandbox-processor';

export type SandboxPage =
	| { kind: 'redirect'; to: string }
	| {
			kind: 'render';
			checkoutId: string;
			planId: string;
			amount: string;
			error: string | null;
			challenge: string | null;
	  };

/**
 * The sandbox's hosted card page: GET shows the form, POST runs the card through the
 * sandbox processor. Only the checkout's owner, only while it is open; otherwise the
 * visitor is sent to the result page, which shows the server's state.
 */
export async function sandboxPage(input: {
	userId: string;
	checkoutId: string;
	locale: Locale;
	form: FormData | null;
}): Promise<SandboxPage> {
	const result = `${localHref(input.locale, '/payment/result')}?checkout=${encodeURIComponent(input.checkoutId)}`;
	const checkout = await payableSandboxCheckout(input.userId, input.checkoutId);
	if (!checkout) return { kind: 'redirect', to: result };
	const view = {
		kind: 'render' as const,
		checkoutId: checkout.id,
		planId: checkout.planId,
		amount: formatMoney(checkout.amount, checkout.currency, input.locale),
		error: null,
		challenge: null,
	};
	if (!input.form) return view;
	const parsed = sandboxFormSchema.safeParse(Object.fromEntries(input.form));
	if (!parsed.success) return { ...view, error: 'card_number' };
	const outcome = await submitSandboxPayment(checkout, input.locale, parsed.data);
	if (outcome.kind === 'redirect') return outcome;
	if (outcome.kind === 'challenge') return { ...view, challenge: outcome.challenge };
	return { ...view, error: outcome.error };
}
