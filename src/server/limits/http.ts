import { json } from '../auth/http';

/**
 * The house's JSON error ({ error, message }) for a client over a rate limit, with
 * Retry-After in seconds: the public API, push subscriptions and league joins answer it.
 */
export function tooManyRequests(retryAfter: number): Response {
	return json(
		429,
		{ error: 'rate_limited', message: `Too many requests, try again in ${retryAfter} s` },
		[],
		{ 'Retry-After': String(retryAfter) },
	);
}
