import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { requestContext } = await import('~/middleware/request-context');

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;

function contextFor(path: string, init: RequestInit = {}, routePattern = '/[locale]/faq') {
	const request = new Request(`http://127.0.0.1${path}`, init);
	return {
		request,
		url: new URL(request.url),
		locals: {} as Record<string, unknown>,
		routePattern,
	};
}

// H5: an internal failure (here: the database closed under a query) never leaks.
const dbFailure = () =>
	Promise.reject(
		new Error(
			'Failed query: SELECT password_hash FROM users WHERE email = $1 -- PGlite is closed',
			{
				cause: { stack: 'at /work/main/src/server/auth/users.ts:42' },
			},
		),
	);

describe('requestContext', () => {
	afterEach(() => vi.restoreAllMocks());

	it('answers an API failure with a generic 500 and a request id, and logs that id', async () => {
		const log = vi.spyOn(console, 'error').mockImplementation(() => {});
		const ctx = contextFor('/api/me');
		const response = await (requestContext as unknown as Handler)(ctx, dbFailure);
		expect(response.status).toBe(500);
		const body = (await response.json()) as Record<string, unknown>;
		expect(body).toEqual({
			error: 'internal_error',
			message: 'Internal server error',
			requestId: ctx.locals.requestId,
		});
		expect(JSON.stringify(body)).not.toMatch(/SELECT|password|PGlite|users\.ts/);
		expect(String(log.mock.calls[0]?.[0])).toContain(String(ctx.locals.requestId));
	});

	it('turns a page failure into an empty 500 that Astro renders as the error page', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => {});
		const response = await (requestContext as unknown as Handler)(contextFor('/en/faq'), dbFailure);
		expect(response.status).toBe(500);
		expect(response.body).toBeNull();
	});

	it('answers the last-resort page when the error page itself fails', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => {});
		const response = await (requestContext as unknown as Handler)(
			contextFor('/en/x', {}, '/500'),
			dbFailure,
		);
		expect(response.status).toBe(500);
		const html = await response.text();
		expect(html).toContain('An error occurred while showing the error page');
		expect(html).toContain('<a href="/">Go back to home</a>');
		expect(html).not.toContain('SELECT');
	});

	it('refuses oversized bodies and wrong methods before anything reads them (H4, H5)', async () => {
		const next = vi.fn(() => Promise.resolve(new Response('ok')));
		const big = await (requestContext as unknown as Handler)(
			contextFor('/api/auth/login', {
				method: 'POST',
				headers: { 'content-length': String(50 * 1024 * 1024) },
				body: 'x',
			}),
			next,
		);
		expect(big.status).toBe(413);
		const trace = await (requestContext as unknown as Handler)(
			contextFor('/en/faq', { method: 'PUT', body: 'x' }),
			next,
		);
		expect(trace.status).toBe(405);
		expect(next).not.toHaveBeenCalled();
	});
});
