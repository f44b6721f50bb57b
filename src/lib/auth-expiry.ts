/**
 * Token expiry as the browser sees it (pure: shared by the $auth store and its tests).
 * The access token counts as expired 500 ms early, so a request never leaves with a token
 * that dies on the way.
 */
export const EXPIRY_SKEW_MS = 500;

/**
 * The refresh token's expiry (ms since epoch), readable by scripts: the browser's hint
 * that a member's session exists (the tokens themselves are HttpOnly). Written by the
 * server (server/auth/cookies.ts, strategy `local`).
 */
export const REFRESH_EXPIRY_COOKIE = 'auth._refresh_token_expiration.local';

export type TokenStatus = 'valid' | 'expired' | 'unknown';

/** Status of a token whose expiry (ms since epoch) is `expiresAt`, at time `now`. */
export function tokenStatus(expiresAt: number | null | undefined, now: number): TokenStatus {
	if (expiresAt === null || expiresAt === undefined || !Number.isFinite(expiresAt))
		return 'unknown';
	return now < expiresAt - EXPIRY_SKEW_MS ? 'valid' : 'expired';
}

/** Reads a numeric cookie from a `document.cookie`-style string. */
export function numericCookie(cookies: string, name: string): number | null {
	for (const part of cookies.split(';')) {
		const [key, ...rest] = part.trim().split('=');
		if (key === name) {
			let value: number;
			try {
				value = Number(decodeURIComponent(rest.join('=')));
			} catch {
				return null; // A mangled cookie means "unknown", never an exception.
			}
			return Number.isFinite(value) && value > 0 ? value : null;
		}
	}
	return null;
}
