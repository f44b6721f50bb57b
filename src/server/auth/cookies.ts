import { config } from '../config';
import { now } from '../clock';
import type { TokenSet } from './issue';
import type { SessionKind } from './sessions';

/**
 * Cookie names follow the spec's `auth.` prefix, in the original Nuxt auth module's shape:
 * one strategy for the site (`local`), one for the CMS (`cms`), so an admin logout never
 * touches the site session and vice versa.
 *
 * Trade-off (checklist B5): a `__Host-` prefix would make the browser enforce Secure, Path=/
 * and no Domain. The spec fixes the `auth.` prefix, so we set those attributes ourselves:
 * Path=/, no Domain, HttpOnly, SameSite=Lax, and Secure whenever SITE_URL is https.
 */
export function cookieNames(kind: SessionKind) {
	const strategy = kind === 'cms' ? 'cms' : 'local';
	return {
		access: `auth._token.${strategy}`,
		refresh: `auth._refresh_token.${strategy}`,
		/** Readable by scripts: when the access token expires (ms), never the token itself. */
		accessExpiry: `auth._token_expiration.${strategy}`,
		refreshExpiry: `auth._refresh_token_expiration.${strategy}`,
	};
}

function secure(): boolean {
	return new URL(config().SITE_URL).protocol === 'https:';
}

function serialise(
	name: string,
	value: string,
	options: { httpOnly: boolean; maxAge?: number },
): string {
	const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
	if (options.maxAge !== undefined)
		parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
	if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
	if (options.httpOnly) parts.push('HttpOnly');
	if (secure()) parts.push('Secure');
	return parts.join('; ');
}

/**
 * `Set-Cookie` values for a fresh token set. The refresh cookie has no Max-Age (the spec's
 * refresh max age is "none"); the server still ends every family after REFRESH_FAMILY_TTL.
 */
export function tokenCookies(kind: SessionKind, token: TokenSet): string[] {
	const names = cookieNames(kind);
	const accessSeconds = (token.expires_at - now()) / 1000;
	return [
		serialise(names.access, token.access_token, { httpOnly: true, maxAge: accessSeconds }),
		serialise(names.refresh, token.refresh_token, { httpOnly: true }),
		serialise(names.accessExpiry, String(token.expires_at), {
			httpOnly: false,
			maxAge: accessSeconds,
		}),
		serialise(names.refreshExpiry, String(token.refresh_expires_at), { httpOnly: false }),
	];
}

/** `Set-Cookie` values that delete every cookie of a strategy. */
export function clearCookies(kind: SessionKind): string[] {
	const names = cookieNames(kind);
	return Object.values(names).map((name) =>
		serialise(name, '', { httpOnly: !name.includes('expiration'), maxAge: 0 }),
	);
}

/** Reads one cookie from a `Cookie` header. */
export function readCookie(header: string | null, name: string): string | undefined {
	if (!header) return undefined;
	for (const part of header.split(';')) {
		const index = part.indexOf('=');
		if (index < 0) continue;
		if (part.slice(0, index).trim() !== name) continue;
		try {
			return decodeURIComponent(part.slice(index + 1).trim());
		} catch {
			return undefined;
		}
	}
	return undefined;
}

/** Holds a reset link's token between the link and the form (see forms.ts). */
export const RESET_COOKIE = 'auth._reset_token.local';

export function resetTokenCookie(token: string, maxAge: number): string {
	return serialise(RESET_COOKIE, token, { httpOnly: true, maxAge });
}

/** Holds a console login that still owes its second factor (auth/totp.ts, 5 minutes). */
export const PENDING_COOKIE = 'auth._pending.cms';

export function pendingLoginCookie(token: string, maxAge: number): string {
	return serialise(PENDING_COOKIE, token, { httpOnly: true, maxAge });
}
