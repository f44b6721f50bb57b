import { defineMiddleware } from 'astro:middleware';
import { THEME_COOKIE } from '../lib/theme';
import { TZ_COOKIE } from '../lib/time-zone';
import { cacheKey, memberKey, serveCached } from '../server/cache/route-cache';
import { config } from '../server/config';

/**
 * The route cache for signed-in visitors. A public page differs for them in two places
 * only: the header's account link ("Account" instead of "Log in", the same for everyone
 * signed in) and the plan-expiry banner (their own). So a page is kept a second time, for
 * signed-in visitors with no banner to show, under a key of its own; a visitor with a
 * banner, or whose reminder could not be looked up, gets a fresh render, as before.
 *
 * It runs after auth and the reminder lookup (expiry-reminder.ts): the session is checked
 * and the guards and token refreshes come first. The production front answers the same
 * entries before Astro when it can vouch for the session without the database
 * (src/server/front/cache.ts `memberHit`, src/server/auth/vouches.ts). Pages that opt into the route cache show nothing else of the visitor; a page
 * that does must not call `cacheRoute`.
 */
export const memberCache = defineMiddleware(async (context, next) => {
	const { request, url, locals } = context;
	if (!locals.user || request.method !== 'GET' || url.pathname.startsWith('/api/')) return next();
	if (config().ROUTE_CACHE === 'off') return next();
	// null: looked up, nothing to show. A banner, or an unknown (failed lookup): fresh render.
	if (locals.expiryReminder !== null) return next();
	const key = memberKey(
		cacheKey(
			url.pathname + url.search,
			context.cookies.get(TZ_COOKIE)?.value,
			context.cookies.get(THEME_COOKIE)?.value,
		),
	);
	return (await serveCached(key, next)).response;
});
