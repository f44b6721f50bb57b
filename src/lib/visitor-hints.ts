import { numericCookie, REFRESH_EXPIRY_COOKIE } from './auth-expiry';
import { GUEST_FOLLOWS_KEY } from './follows';

/**
 * What a cached page, the same for everyone, can tell about this browser before any island
 * runs: whether a member is signed in here and whether anything is followed. The client
 * directives use these to leave islands unhydrated when their server HTML is already right
 * (src/scripts/directives/). Pure, so the rules are unit-tested.
 */

/** A member's session lives in this browser (the refresh token's expiry hint is ahead). */
export function hasMemberSession(cookies: string, now: number): boolean {
	return (numericCookie(cookies, REFRESH_EXPIRY_COOKIE) ?? 0) > now;
}

/** A member (follows kept by the server), or a guest with a stored, non-empty list. */
export function mayHaveFollows(
	storage: Pick<Storage, 'getItem'> | null,
	cookies: string,
	now: number,
): boolean {
	if (hasMemberSession(cookies, now)) return true;
	try {
		const stored = storage?.getItem(GUEST_FOLLOWS_KEY);
		return !!stored && stored !== '[]';
	} catch {
		return false; // Storage refused (private mode): nothing stored.
	}
}
