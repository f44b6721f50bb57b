/**
 * The route cache as the production front (scripts/serve.mjs) sees it: everything it needs
 * to answer a hit without entering Astro, and nothing else.
 *
 * The build emits this module as a file of its own, `server/front-cache.mjs` beside the
 * server entry (see astro.config.ts). The front imports that file; the server bundle's
 * middleware imports the same chunks, so both reach ONE route cache per process, by an
 * import a reader can follow (no global hand-off).
 */
import { routeAccess } from '~/lib/auth-routes';
import { frameAncestors } from '~/lib/embed';
import { applySecurityHeaders, isHttpsOrigin, staticFileHeaders } from '~/lib/security-headers';
import { THEME_COOKIE } from '~/lib/theme';
import { TZ_COOKIE } from '~/lib/time-zone';
import { cookieNames, readCookie } from '../auth/cookies';
import { verifyAccessTokenSync } from '../auth/tokens';
import { vouchedFor } from '../auth/vouches';
import { config } from '../config';
import { reminderQuiet } from '../payments/billing';
import { cacheKey, memberKey, type StoredPage, storedPage } from '../cache/route-cache';

export { LOCALE_COOKIE, localeCookieHeader } from '~/lib/locale-cookie';
export { THEME_COOKIE } from '~/lib/theme';
/** Widgets (/{locale}/embed/…): served whatever the cookies, and set none. */
export { isEmbedPath } from '~/lib/embed';
/** The locale of a path (one list of locales: src/i18n/locales.ts); stored pages have one. */
export { localeFromPath } from '~/lib/locale-resolution';
export { cacheKey, storedPage, type Encoded, type StoredPage } from '../cache/route-cache';

/**
 * The security headers of a static file the front serves (one source of the values with
 * the middleware: src/lib/security-headers.ts); HSTS when the site's origin is https.
 */
export function staticSecurityHeaders(contentType: string): Record<string, string> {
	return staticFileHeaders(contentType, isHttpsOrigin(new URL(config().SITE_URL).origin));
}

/** What a signed-in visitor's hit sends: the stored page with the headers Astro would add. */
export interface MemberHit {
	page: StoredPage;
	headers: [string, string][];
}

const memberHeaderCache = new WeakMap<StoredPage, [string, string][]>();

/**
 * A signed-in visitor's page from the member cache, answered without Astro or the database
 * when everything Astro would check is known here: the access cookie's signature and
 * claims (verified synchronously), a session this process checked against the database
 * lately and has heard no revocation of since (src/server/auth/vouches.ts), a public page,
 * no Authorization header (the API's way in), and no plan-expiry banner to show
 * (payments/billing.ts `reminderQuiet`). Anything else: undefined, and Astro answers.
 */
export function memberHit(
	pathAndSearch: string,
	pathname: string,
	cookieHeader: string,
	authorization: string | undefined,
): MemberHit | undefined {
	if (authorization || config().ROUTE_CACHE === 'off') return undefined;
	if (routeAccess(pathname) !== 'public') return undefined;
	const token = readCookie(cookieHeader, cookieNames('web').access);
	if (!token) return undefined;
	const claims = verifyAccessTokenSync(token);
	if (!claims || !vouchedFor(claims.sid, claims.sub, claims.ver)) return undefined;
	if (!reminderQuiet(claims.sub)) return undefined;
	const page = storedPage(
		memberKey(
			cacheKey(
				pathAndSearch,
				readCookie(cookieHeader, TZ_COOKIE),
				readCookie(cookieHeader, THEME_COOKIE),
			),
		),
	);
	if (!page) return undefined;
	let headers = memberHeaderCache.get(page);
	if (!headers) {
		// As the Astro path sends a member-cache page: auth's private no-store, then the
		// security headers (src/middleware/auth.ts, security-headers.ts).
		const h = new Headers(page.headers);
		h.set('Cache-Control', 'private, no-store');
		applySecurityHeaders(h, {
			embeddable: false,
			https: isHttpsOrigin(new URL(config().SITE_URL).origin),
			frame: frameAncestors(false, []),
		});
		headers = [...h];
		memberHeaderCache.set(page, headers);
	}
	return { page, headers };
}
