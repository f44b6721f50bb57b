import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheRoute, clearRouteCache } from '~/server/cache/route-cache';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { routeCache } = await import('~/middleware/route-cache');

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;

function contextFor(path: string, method: string) {
	const request = new Request(`http://127.0.0.1${path}`, { method });
	return {
		request,
		url: new URL(request.url),
		locals: {},
		cookies: { get: () => undefined },
	};
}

/** A page that opted into the route cache, as a page's frontmatter does. */
const page = async () => {
	const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
	cacheRoute(headers, { maxAge: 30, tags: ['home', 'match:1'] });
	return new Response('<p>hi</p>', { status: 200, headers });
};

// Issue 28/8: the marker carries the cache's tags (which matches a page depends on); it is
// internal, so no answer to any method may show it.
describe('route cache marker', () => {
	afterEach(clearRouteCache);

	for (const method of ['GET', 'HEAD', 'POST'])
		it(`${method} answers without x-route-cache`, async () => {
			const r = await (routeCache as unknown as Handler)(contextFor('/en', method), page);
			expect(r.headers.get('x-route-cache')).toBeNull();
		});
});
