import { defineMiddleware } from 'astro:middleware';
import { apiRateLimit, isPublicApi } from '../server/limits/api';

/**
 * The public API's per-client rate limit (server/limits/api.ts: /api/v1 and "My matches"),
 * before anything reads the database: a flood from one client costs a map lookup each.
 */
export const apiLimit = defineMiddleware((context, next) => {
	if (!isPublicApi(context.url.pathname)) return next();
	let peer: string | undefined;
	try {
		peer = context.clientAddress;
	} catch {
		peer = undefined; // no socket (a prerendering pass): one shared key, 'unknown'
	}
	return apiRateLimit(context.request, peer) ?? next();
});
