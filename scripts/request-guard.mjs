/**
 * What the production front (scripts/serve.mjs) refuses before anything reads a request:
 *  - methods we never answer (TRACE, CONNECT-style and made-up ones): 405;
 *  - a request target that is not a path (`GET http://evil.com/x`, `*`): 400;
 *  - a Host header that is not a plain host[:port] (`site:x@evil.com`, `h:1/api/live?`):
 *    400. The adapter builds the request URL by concatenating Host and the target, so a
 *    Host carrying `/`, `?`, `#` or `@` could change the path Astro routes (and skip
 *    guards that look at the raw target, such as the live stream's slow-client tracking);
 *  - an address that does not decode: 400.
 * Pure: no I/O, unit-tested in tests/unit/scripts/request-guard.test.ts.
 */

/** Every method some route of ours answers; the rest are refused for all paths. */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const known = new Set(KNOWN_METHODS);

/** host[:port]: DNS labels (underscores tolerated), IPv4, or a bracketed IPv6 address. */
const HOST =
	/^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** True for a Host header value that can only name a host and a port. */
export function isPlainHost(value) {
	return typeof value === 'string' && value.length <= 255 && HOST.test(value);
}

/**
 * The refusal for a request, or null when it may go on:
 * `{ status, message, headers? }`.
 */
export function refusal(req) {
	if (!known.has(req.method)) {
		return {
			status: 405,
			message: 'Method not allowed.',
			headers: { Allow: KNOWN_METHODS.join(', ') },
		};
	}
	const target = req.url ?? '';
	if (!target.startsWith('/')) return { status: 400, message: 'Bad request target.' };
	if (!isPlainHost(req.headers.host)) return { status: 400, message: 'Bad Host header.' };
	try {
		decodeURI(target);
	} catch {
		return { status: 400, message: 'Bad request.' };
	}
	return null;
}
