import { defineMiddleware } from 'astro:middleware';
import { LOCALE_COOKIE, localeCookieHeader } from '../lib/locale-cookie';
import { isEmbedPath } from '../lib/embed';
import { localeFromPath } from '../lib/locale-resolution';
import { THEME_COOKIE } from '../lib/theme';
import { TZ_COOKIE } from '../lib/time-zone';
import { cacheKey, serveCached, unmarked } from '../server/cache/route-cache';
import { config } from '../server/config';

/**
 * Serves and fills the route cache for anonymous GETs of pages that opted in. Anything
 * personal bypasses it: a request carrying an auth cookie is never served from, nor
 * stored into, the cache. The key includes the visitor's time zone because pages print
 * kick-off times in it.
 *
 * It runs right after the request context, before everything else: a stored page already
 * carries its security headers, and the guards it skips never apply to a public page.
 * The one thing the skipped locale middleware does for a page (remember its language in
 * the cookie) is done here on a hit.
 */
export const routeCache = defineMiddleware(async (context, next) => {
	const { request, url } = context;
	// Only GETs are stored, but a HEAD (or any method) of an opted-in page still carries the
	// marker with its tags: it is removed from every answer, not only from stored ones.
	if (request.method !== 'GET' || url.pathname.startsWith('/api/')) return unmarked(await next());
	if (config().ROUTE_CACHE === 'off') return unmarked(await next());
	// Widgets ignore the visitor's cookies altogether (no session, no time zone: their script
	// shows times in the host visitor's zone) and set none.
	const embed = isEmbedPath(url.pathname);
	const cookie = request.headers.get('cookie') ?? '';
	if (!embed && /(^|;\s*)auth\./.test(cookie)) return unmarked(await next());
	// A widget's theme is its own parameter, never the visitor's theme cookie.
	const zone = embed ? undefined : context.cookies.get(TZ_COOKIE)?.value;
	const theme = embed ? undefined : context.cookies.get(THEME_COOKIE)?.value;
	const key = cacheKey(url.pathname + url.search, zone, theme);
	const { response, hit } = await serveCached(key, next);
	if (hit && !embed) {
		const locale = localeFromPath(url.pathname);
		if (locale && context.cookies.get(LOCALE_COOKIE)?.value !== locale) {
			response.headers.append('Set-Cookie', localeCookieHeader(locale));
		}
	}
	return response;
});
