/**
 * The props of a plan card's buy button (islands/payments/PlanCheckout): built by the server
 * (server/payments/pricing-page.ts), read by the browser, so defined here where both may import.
 */

/** What the checkout form posts: every value a string, as a plain form sends it. */
export interface PlanCheckoutFields {
	planId: string;
	currency: string;
	locale: string;
	/**
	 * Where a refused checkout or a login comes back to (this plan's card). Not `returnTo`:
	 * a paid plan ends on the payment's result page, not back on the pricing page.
	 */
	from: string;
	deal?: string;
	matchId?: string;
	/** The form's Idempotency-Key, made when the page was rendered (JavaScript off). */
	idempotencyKey: string;
}

export interface PlanCheckoutLabels {
	paying: string;
	loginFirst: string;
	login: string;
	/** Error code → sentence; `generic` for any other. */
	errors: Record<string, string>;
}

export interface PlanCheckoutProps {
	/** POST /api/checkout. */
	action: string;
	fields: PlanCheckoutFields;
	label: string;
	/** Said after the label to a screen reader, which hears every card's button alike. */
	planName: string;
	primary: boolean;
	loginHref: string;
	labels: PlanCheckoutLabels;
}
