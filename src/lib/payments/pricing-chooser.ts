/**
 * The props of the pricing island (islands/payments/PricingChooser): built by the server
 * (server/payments/pricing-page.ts), read by the browser, so defined here where both may import.
 */

export interface ChooserPlan {
	id: string;
	name: string;
	/** Formatted price per currency (from the server). */
	prices: Record<string, string>;
	needsMatch: boolean;
}

export interface ChooserLabels {
	label: string;
	plan: string;
	currency: string;
	deal: string;
	applyDeal: string;
	pay: string;
	paying: string;
	loginFirst: string;
	login: string;
	matchHint: string;
	errors: Record<string, string>;
}

export interface PricingChooserProps {
	plans: ChooserPlan[];
	currencies: readonly string[];
	currency: string;
	deal: string | null;
	matchId: number | null;
	initialPlan: string | null;
	locale: string;
	loginHref: string;
	labels: ChooserLabels;
}
