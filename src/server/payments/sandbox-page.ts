import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { localHref } from '~/lib/locale-resolution';
import { formatMoney } from '~/lib/payments/money';
import {
	payableSandboxCheckout,
	sandboxFormSchema,
	submitSandboxPayment,
} from './sandbox-processor';

export type SandboxPage =
	| { kind: 'redirect'; to: string }
	| {
			kind: 'render';
			checkoutId: string;
			planId: string;
			amount: string;
			error: string | null;
			challenge: string | null;
			/** Ready to print: the plan's name, the sentences with the amount, the error. */
			texts: { plan: string; threeDs: string; pay: string; error: string | null };
			/** Gives up: the failure page of this checkout. */
			cancelHref: string;
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
	t: Translate;
	form: FormData | null;
}): Promise<SandboxPage> {
	const { t } = input;
	const result = `${localHref(input.locale, '/payment/result')}?checkout=${encodeURIComponent(input.checkoutId)}`;
	const checkout = await payableSandboxCheckout(input.userId, input.checkoutId);
	if (!checkout) return { kind: 'redirect', to: result };
	const amount = formatMoney(checkout.amount, checkout.currency, input.locale);
	const view = {
		kind: 'render' as const,
		checkoutId: checkout.id,
		planId: checkout.planId,
		amount,
		error: null,
		challenge: null,
		texts: {
			plan: t(`payments:plan.${checkout.planId}.name`),
			threeDs: t('payments:sandbox.threeDsText', { amount }),
			pay: t('payments:sandbox.pay', { amount }),
			error: null,
		},
		cancelHref: `${localHref(input.locale, '/payment/failure')}?checkout=${checkout.id}`,
	};
	const failed = (error: string) => ({
		...view,
		error,
		texts: { ...view.texts, error: t(`payments:sandbox.error.${error}`) },
	});
	if (!input.form) return view;
	const parsed = sandboxFormSchema.safeParse(Object.fromEntries(input.form));
	if (!parsed.success) return failed('card_number');
	const outcome = await submitSandboxPayment(checkout, input.locale, parsed.data);
	if (outcome.kind === 'redirect') return outcome;
	if (outcome.kind === 'challenge') return { ...view, challenge: outcome.challenge };
	return failed(outcome.error);
}
