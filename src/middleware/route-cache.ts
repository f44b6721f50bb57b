import { defineMiddleware } from 'astro:middleware';
import { TZ_COOKIE } from '../lib/time-zone';
import { lookup, store } from '../server/cache/route-cache';
import { config } from '../server/config';

/**
 * Serves and fills the route cache for anonymous GETs of pages that opted in. Anything
 * personal bypasses it: a request carrying an auth cookie is never served from, nor
 * stored into, the cache. The key includes the visitor's time zone because pages print
 * kick-off times in it.
 */
export const routeCache = defineMiddleware(async (context, next) => {
	const { request, url } = context;
	if (request.method !== 'GET' || url.pathname.startsWith('/api/')) return next();
	if (config().ROUTE_CACHE === 'off') return next();
	const cookie = request.headers.get('cookie') ?? '';
	if (/(^|;\s*)auth\./.test(cookie)) return next();
	const key = `${url.pathname}${url.search}|${context.cookies.get(TZ_COOKIE)?.value ?? ''}`;
	const cached = lookup(key);
	if (cached) return cached;
	return store(key, await next());
});
