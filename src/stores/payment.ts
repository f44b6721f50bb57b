import { atom } from 'nanostores';

/** The pricing island's checkout request state (client-only). */
export type CheckoutState =
	| { status: 'idle' }
	| { status: 'pending' }
	| { status: 'error'; error: string }
	| { status: 'login' };

export const $checkout = atom<CheckoutState>({ status: 'idle' });

export interface CheckoutBody {
	planId: string;
	currency: string;
	deal?: string | null;
	matchId?: number | null;
	locale: string;
}

/**
 * Asks our server to open a checkout and follows its redirect to the provider's page.
 * Only the plan, currency and code are sent: the server decides the price.
 */
export async function startCheckout(body: CheckoutBody): Promise<void> {
	if ($checkout.get().status === 'pending') return; // a double click sends one request
	$checkout.set({ status: 'pending' });
	try {
		const response = await fetch('/api/checkout', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			credentials: 'same-origin',
			body: JSON.stringify(body),
		});
		if (response.status === 401) {
			$checkout.set({ status: 'login' });
			return;
		}
		const data = (await response.json().catch(() => ({}))) as {
			redirectUrl?: string;
			error?: string;
		};
		if (!response.ok || !data.redirectUrl) {
			$checkout.set({ status: 'error', error: data.error ?? 'generic' });
			return;
		}
		window.location.assign(data.redirectUrl);
	} catch {
		$checkout.set({ status: 'error', error: 'generic' });
	}
}
