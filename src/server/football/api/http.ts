import { createHash } from 'node:crypto';

/** Cache lifetimes of API answers, in seconds. */
export const MAX_AGE = { live: 15, day: 30, standard: 60, slow: 300, static: 3600 } as const;

/**
 * A JSON answer with a strong ETag over its bytes; a matching `If-None-Match` gets 304 with
 * no body. `maxAge` feeds Cache-Control (shared caches may serve a little stale while
 * revalidating).
 */
export function jsonResponse(
	body: unknown,
	opts: { ifNoneMatch?: string | null; maxAge?: number; status?: number } = {},
): Response {
	const text = JSON.stringify(body);
	return withEtag(text, 'application/json; charset=utf-8', opts);
}

/** Same contract as jsonResponse for any text body (iCalendar, SVG). */
export function withEtag(
	text: string,
	contentType: string,
	opts: {
		ifNoneMatch?: string | null;
		maxAge?: number;
		status?: number;
		cacheControl?: string;
	} = {},
): Response {
	const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
	const maxAge = opts.maxAge ?? MAX_AGE.standard;
	const headers = new Headers({
		ETag: etag,
		'Cache-Control':
			opts.cacheControl ?? `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 5}`,
	});
	if ((opts.status ?? 200) === 200 && etagMatches(opts.ifNoneMatch, etag)) {
		return new Response(null, { status: 304, headers });
	}
	headers.set('Content-Type', contentType);
	return new Response(text, { status: opts.status ?? 200, headers });
}

/** RFC 9110 weak comparison: `*`, a list, and `W/` prefixes all match. */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
	if (!header) return false;
	if (header.trim() === '*') return true;
	const bare = etag.replace(/^W\//, '');
	return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** 400 naming the parameter at fault. */
export function badRequest(param: string, problem: string): Response {
	return error(400, 'bad_request', `Invalid parameter "${param}": ${problem}`);
}

/** 404 for an unknown id. */
export function notFound(what: string): Response {
	return error(404, 'not_found', `${what} not found`);
}

function error(status: number, code: string, message: string): Response {
	return new Response(JSON.stringify({ error: code, message }), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
	});
}
