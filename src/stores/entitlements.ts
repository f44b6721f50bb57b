import { atom } from 'nanostores';
import { paidStamp } from '~/lib/payments/paid-cookie';

/**
 * The visitor's entitlements as the page knows them: a counter that moves when they may have
 * changed since the page was drawn, so whatever shows access (the watch marks, the match
 * centre's player) asks the server again, without a reload. It moves when the tab is looked
 * at again after a payment completed in another tab of this browser (the `md_paid` cookie
 * changed) — the server stays the judge of access; this only says when to ask.
 */
export const $entitlementsEpoch = atom(0);

let seen: string | null = null;

function check(): void {
	if (document.visibilityState !== 'visible') return;
	const now = paidStamp(document.cookie);
	if (now !== seen) {
		seen = now;
		$entitlementsEpoch.set($entitlementsEpoch.get() + 1);
	}
}

/** Starts watching (once per document; later calls do nothing). */
export function watchEntitlements(): void {
	if (seen !== null || typeof document === 'undefined') return;
	seen = paidStamp(document.cookie);
	document.addEventListener('visibilitychange', check);
	window.addEventListener('focus', check);
}
