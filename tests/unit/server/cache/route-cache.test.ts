import { beforeEach, describe, expect, it } from 'vitest';
import {
	cacheRoute,
	clearRouteCache,
	invalidateTags,
	lookup,
	routeCacheStats,
	store,
	unmarked,
} from '../../../../src/server/cache/route-cache';

function page(body: string, opts?: Parameters<typeof cacheRoute>[1], init: ResponseInit = {}): Response {
	const response = new Response(body, { status: 200, headers: { 'Content-Type': 'text/html' }, ...init });
	if (opts) cacheRoute(response.headers, opts);
	return response;
}

describe('route cache', () => {
	beforeEach(() => clearRouteCache());

	it('stores an opted-in page and serves it until it expires', async () => {
		const sent = await store('/en|', page('<p>hi</p>', { maxAge: 10 }), 1_000);
		expect(await sent.text()).toBe('<p>hi</p>');
		expect(sent.headers.get('x-route-cache')).toBeNull();
		const hit = lookup('/en|', 5_000);
		expect(hit).toBeDefined();
		expect(await hit!.text()).toBe('<p>hi</p>');
		expect(hit!.headers.get('x-cache')).toBe('HIT');
		expect(lookup('/en|', 11_001)).toBeUndefined();
	});

	it('never stores pages that did not opt in, failed, or set a cookie', async () => {
		await store('/a|', page('a'), 0);
		await store('/b|', page('b', { maxAge: 10 }, { status: 404 }), 0);
		await store('/c|', page('c', { maxAge: 10 }, { headers: { 'Set-Cookie': 'x=1' } }), 0);
		expect(lookup('/a|', 1)).toBeUndefined();
		expect(lookup('/b|', 1)).toBeUndefined();
		expect(lookup('/c|', 1)).toBeUndefined();
		expect(routeCacheStats().entries).toBe(0);
	});

	it('drops tagged pages on invalidation, and only those', async () => {
		await store('/match/1|', page('m1', { maxAge: 60, tags: ['match:1'] }), 0);
		await store('/match/2|', page('m2', { maxAge: 60, tags: ['match:2'] }), 0);
		await store('/home|', page('home', { maxAge: 60, tags: ['match:1', 'home'] }), 0);
		expect(invalidateTags(['match:1'])).toBe(2);
		expect(lookup('/match/1|', 1)).toBeUndefined();
		expect(lookup('/home|', 1)).toBeUndefined();
		expect(lookup('/match/2|', 1)).toBeDefined();
	});

	it('keeps separate entries per key (time zone in the key)', async () => {
		await store('/en|Europe/Berlin', page('berlin', { maxAge: 60 }), 0);
		await store('/en|', page('utc', { maxAge: 60 }), 0);
		expect(await lookup('/en|Europe/Berlin', 1)!.text()).toBe('berlin');
		expect(await lookup('/en|', 1)!.text()).toBe('utc');
	});

	it('strips its internal marker from responses it does not store, mutable or not', async () => {
		const marked = unmarked(page('<p>me</p>', { maxAge: 10 }));
		expect(marked.headers.get('x-route-cache')).toBeNull();
		expect(marked.headers.get('cache-control')).toContain('s-maxage=10');
		const frozen = Response.redirect('http://h/en', 302);
		expect(unmarked(frozen)).toBe(frozen);
	});
});
