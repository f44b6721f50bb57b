import { json, requestMeta } from '../auth/http';
import { config } from '../config';
import { TokenBucketLimiter } from './token-bucket';

/** The public API's limit per client (issue 28/7): API_PER_CLIENT_PER_MINUTE, default 600. */
export const apiLimiter = new TokenBucketLimiter(() => config().API_PER_CLIENT_PER_MINUTE);

/** Whether a path belongs to the public API, the one open to any client without a session. */
export function isPublicApi(pathname: string): boolean {
	return pathname.startsWith('/api/v1/');
}

/** The API's error shape ({ error, message }) for a client over its limit, with Retry-After. */
export function tooManyRequests(retryAfter: number): Response {
	return json(
		429,
		{ error: 'rate_limited', message: `Too many requests, try again in ${retryAfter} s` },
		[],
		{ 'Retry-After': String(retryAfter) },
	);
}

/**
 * Counts one public API request of the client (the address client-ip.ts gives); the 429 to
 * send when it is over its limit, else null.
 */
export function apiRateLimit(request: Request, peer: string | undefined): Response | null {
	const decision = apiLimiter.take(requestMeta(request, peer).ip);
	return decision.ok ? null : tooManyRequests(decision.retryAfter);
}
