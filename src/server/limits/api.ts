import { requestMeta } from '../auth/http';
import { config } from '../config';
import { tooManyRequests } from './http';
import { TokenBucketLimiter } from './token-bucket';

/** The public API's limit per client (issue 28/7): API_PER_CLIENT_PER_MINUTE, default 600, one budget for every public path. */
export const apiLimiter = new TokenBucketLimiter(() => config().API_PER_CLIENT_PER_MINUTE);

/**
 * Whether a path belongs to the public API, open to any client without a session: the
 * football API and "My matches" for a follows list (whose answer depends only on the query).
 */
export function isPublicApi(pathname: string): boolean {
	return pathname.startsWith('/api/v1/') || pathname === '/api/follows/matches';
}

/**
 * Counts one public API request of the client (the address client-ip.ts gives); the 429 to
 * send when it is over its limit, else null.
 */
export function apiRateLimit(request: Request, peer: string | undefined): Response | null {
	const decision = apiLimiter.take(requestMeta(request, peer).ip);
	return decision.ok ? null : tooManyRequests(decision.retryAfter);
}
