import type { Locale } from '~/i18n/locales';
import type { CheckoutRow, PlanRow } from '~/server/db/schema/payments';
import type { PaymentEvent } from '../events';

export interface StartCheckoutInput {
	checkout: CheckoutRow;
	plan: PlanRow;
	locale: Locale;
	customerEmail: string;
	/** Absolute URLs on our site the provider sends the browser back to. */
	returnUrl: string;
	cancelUrl: string;
}

/**
 * What every card processor offers us. Adding a provider means one module implementing
 * this and one line in ./index.ts.
 */
export interface PaymentProvider {
	readonly name: 'sandbox' | 'stripe';
	/** Creates the provider's hosted payment page; the browser is sent to `redirectUrl`. */
	startCheckout(
		input: StartCheckoutInput,
	): Promise<{ providerRef: string | null; redirectUrl: string }>;
	/**
	 * Verifies the signature over the raw body (throws WebhookSignatureError) and maps the
	 * payload to a PaymentEvent (throws on a malformed one).
	 */
	parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
	/** Stops renewal at the end of the paid period. */
	cancelAtPeriodEnd(providerRef: string): Promise<void>;
}
