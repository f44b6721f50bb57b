import { atom } from 'nanostores';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '~/lib/idempotency';

/**
 * The checkout request of the pricing cards (client-only): one at a time on a page, named by
 * its plan so only that card's button says it is opening or why it failed.
 */
export type CheckoutState =
	| { status: 'idle' }
	| { status: 'pending'; planId: string }
	| { status: 'error'; planId: string; error: string }
	| { status: 'login'; planId: string };

export const $checkout = atom<CheckoutState>({ status: 'idle' });

export interface CheckoutBody {
	planId: string;
	currency: string;
	deal?: string | null;
	matchId?: number | null;
	locale: string;
}

/** Waits before each automatic retry of a checkout whose answer was lost (ms). */
const RETRY_DELAYS = [500, 1500];

/**
 * POSTs the checkout, again with the SAME key when the answer is lost (a network error) or
 * the server asks to try again (503): the server answers a repeated key with the first
 * answer, so a retry can never open a second checkout (issue 28/2).
 */
async function postCheckout(body: CheckoutBody, key: string): Promise<Response> {
	for (let attempt = 0; ; attempt++) {
		const last = attempt >= RETRY_DELAYS.length;
		try {
			const response = await fetch('/api/checkout', {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					Accept: 'application/json',
					[IDEMPOTENCY_HEADER]: key,
				},
				credentials: 'same-origin',
				body: JSON.stringify(body),
			});
			if (response.status !== 503 || last) return response;
		} catch (error) {
			if (last) throw error;
		}
		await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS[attempt]));
	}
}

/**
 * Asks our server to open a checkout and follows its redirect to the provider's page.
 * Only the plan, currency and code are sent: the server decides the price. One click is
 * one intent: one Idempotency-Key, kept through the automatic retries.
 */
export async function startCheckout(body: CheckoutBody): Promise<void> {
	if ($checkout.get().status === 'pending') return; // a double click sends one request
	const { planId } = body;
	$checkout.set({ status: 'pending', planId });
	try {
		const response = await postCheckout(body, newIdempotencyKey());
		if (response.status === 401) {
			$checkout.set({ status: 'login', planId });
			return;
		}
		const data = (await response.json().catch(() => ({}))) as {
			redirectUrl?: string;
			error?: string;
		};
		if (!response.ok || !data.redirectUrl) {
			$checkout.set({ status: 'error', planId, error: data.error ?? 'generic' });
			return;
		}
		window.location.assign(data.redirectUrl);
	} catch {
		$checkout.set({ status: 'error', planId, error: 'generic' });
	}
}

/** Forgets a checkout that was left for the provider's page (the visitor came back with Back). */
export function resetCheckout(): void {
	$checkout.set({ status: 'idle' });
}
