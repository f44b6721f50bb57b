import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { ERROR_PAGE_FAILED_MESSAGE } from '../lib/errors';
import { config, testModeNotice } from '../server/config';
import { bodyLimitFor, MAX_BODY_BYTES } from '../lib/limits';
import { exitIfDatabaseDead } from '../server/db/fatal';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../server/db/unavailable';
import { currentRequest, noteRoute } from '../server/ops/log';

/**
 * The outermost layer: gives each request an id, rejects oversized bodies and wrong methods
 * before anything parses them, and turns a failure anywhere below into the generic error
 * page (never a stack trace).
 */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** One id per incoming request, kept when Astro renders its error page in a second pass. */
const requestIds = new WeakMap<Request, string>();

export const requestContext = defineMiddleware(async (context, next) => {
	// The production front's id (on its log lines and X-Request-Id), else a new one.
	const requestId = requestIds.get(context.request) ?? currentRequest()?.id ?? randomUUID();
	noteRoute(context.routePattern);
	requestIds.set(context.request, requestId);
	context.locals.requestId = requestId;
	context.locals.origin = new URL(config().SITE_URL).origin;
	context.locals.testMode = testModeNotice();

	const isApi = context.url.pathname.startsWith('/api/');
	// Each path's own limit: the image upload endpoint takes up to 5 MB, the rest 256 KB.
	const limit = bodyLimitFor(context.url.pathname);
	const length = Number(context.request.headers.get('content-length') ?? 0);
	if (length > limit) return tooLarge(isApi, limit);
	if (!isApi && !PAGE_METHODS.has(context.request.method)) {
		return new Response('Method Not Allowed', {
			status: 405,
			headers: { Allow: 'GET, HEAD, POST', 'Content-Type': 'text/plain; charset=utf-8' },
		});
	}
	try {
		return await next();
	} catch (error) {
		// The database blinked (a reset, a failover): not a bug, so one warning line and a 503
		// the client may retry; the pool reconnects by itself (src/server/db/unavailable.ts).
		if (isDatabaseUnavailable(error)) {
			console.warn(
				`[${requestId}] ${context.request.method} ${context.url.pathname}: database unavailable (${(error as Error).message.split('\n')[0]})`,
			);
			return databaseUnavailable(isApi, requestId);
		}
		console.error(`[${requestId}] ${context.request.method} ${context.url.pathname}`, error);
		// A dead embedded database answers nothing again: exit so a supervisor restarts us.
		exitIfDatabaseDead(error);
		if (context.routePattern === '/500' || context.routePattern === '/404') {
			// The error page itself failed: answer the spec's last-resort page directly.
			return new Response(errorPageFailedHtml(), {
				status: 500,
				headers: { 'Content-Type': 'text/html; charset=utf-8' },
			});
		}
		if (isApi) {
			return Response.json(
				{ error: 'internal_error', message: 'Internal server error', requestId },
				{ status: 500 },
			);
		}
		// An empty 500 makes Astro render src/pages/500.astro.
		return new Response(null, { status: 500 });
	}
});

/**
 * 413 before the body is read. The API answers JSON naming the limit (a script shows it
 * beside its field); a page, HTML saying that going back keeps what was typed (browsers
 * restore a form's fields on back), never a raw JSON body in place of the form.
 */
function tooLarge(isApi: boolean, limit: number): Response {
	const message =
		limit === MAX_BODY_BYTES
			? 'Request body too large'
			: `Request body too large: at most ${limit / 1024 / 1024} MB`;
	if (isApi)
		return Response.json(
			{ error: 'payload_too_large', message, limitBytes: limit },
			{ status: 413, headers: { 'Cache-Control': 'no-store' } },
		);
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Too large</title></head><body><main><h1>That was too large to send</h1><p>Nothing was saved. Use your browser's Back button: it keeps what you typed. Attach a smaller file, or none.</p></main></body></html>`;
	return new Response(page, {
		status: 413,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
	});
}

/** 503 with `Retry-After`: JSON for the API, otherwise a bare page
 * that reloads itself (the site's pages need the database to render). */
function databaseUnavailable(isApi: boolean, requestId: string): Response {
	const headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_S), 'Cache-Control': 'no-store' };
	if (isApi)
		return Response.json(
			{ error: 'unavailable', message: 'Service briefly unavailable, try again', requestId },
			{ status: 503, headers },
		);
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_S * 2}"><title>Back in a moment</title></head><body><main><h1>Back in a moment</h1><p>This page will try again by itself.</p></main></body></html>`;
	return new Response(page, {
		status: 503,
		headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
	});
}

/** Last-resort HTML when even the error page fails; no layout, no data, no script. */
export function errorPageFailedHtml(): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Error</title></head><body><main><h1>${ERROR_PAGE_FAILED_MESSAGE}</h1><p><a href="/">Go back to home</a></p></main></body></html>`;
}
