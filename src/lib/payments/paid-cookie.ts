/**
 * `md_paid`: when this browser last completed a payment (ms), readable by scripts. Set by
 * the payment result pages; the pages' entitlement store (src/stores/entitlements.ts)
 * compares it with the value it saw at load, so a tab left open learns that a plan or a
 * pass was bought in another one and asks again, without a reload. It says nothing a
 * page could not learn from the server: only that something was paid, and when.
 */
export const PAID_COOKIE = 'md_paid';
export const PAID_COOKIE_MAX_AGE = 60 * 60 * 24;

/** The cookie's value in a `document.cookie` string, or '' when absent. */
export function paidStamp(cookies: string): string {
	return new RegExp(`(?:^|;\\s*)${PAID_COOKIE}=(\\d{1,16})(?:;|$)`).exec(cookies)?.[1] ?? '';
}
