import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
	cacheRoute,
	clearRouteCache,
	lookup,
	serveCached,
	routeCacheStats,
	store,
	unmarked,
} from '~/server/cache/route-cache';
import { storedPage } from '~/server/front/cache';
import { invalidateTags } from '~/server/cache/tags';

function page(
	body: string,
	opts?: Parameters<typeof cacheRoute>[1],
	init: ResponseInit = {},
): Response {
	const response = new Response(body, {
		status: 200,
		headers: { 'Content-Type': 'text/html' },
		...init,
	});
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

	describe('misses under load', () => {
		/** A render that finishes when `release` is called, counting how often it ran. */
		function slowRender(body: string, init?: ResponseInit) {
			let release!: () => void;
			const gate = new Promise<void>((resolve) => (release = resolve));
			const render = Object.assign(
				async () => {
					render.calls++;
					await gate;
					return page(body, { maxAge: 30, tags: ['match:7'] }, init);
				},
				{ calls: 0 },
			);
			return { render, release };
		}
		const request = async (key: string, render: () => Promise<Response>) =>
			(await serveCached(key, render)).response;

		it('renders an expired or invalidated page once for concurrent requests', async () => {
			await store('/en/match/7|', page('old', { maxAge: 30, tags: ['match:7'] }));
			invalidateTags(['match:7']);
			const { render, release } = slowRender('new');
			const answers = Promise.all([1, 2, 3, 4].map(() => request('/en/match/7|', render)));
			await new Promise((resolve) => setTimeout(resolve, 5));
			release();
			const bodies = await Promise.all((await answers).map((r) => r.text()));
			expect(bodies).toEqual(['new', 'new', 'new', 'new']);
			expect(render.calls).toBe(1);
		});

		it('never makes requests wait for a page that was never stored', async () => {
			const { render, release } = slowRender('first');
			const answers = Promise.all([1, 2, 3].map(() => request('/en/new|', render)));
			await new Promise((resolve) => setTimeout(resolve, 5));
			expect(render.calls).toBe(3);
			release();
			await answers;
		});

		it('lets waiting requests render their own when the first render could not be stored', async () => {
			await store('/en/team|', page('old', { maxAge: 1 }), 0); // stored once, long expired
			const { render, release } = slowRender('with cookie', { headers: { 'Set-Cookie': 'a=b' } });
			const answers = Promise.all([1, 2, 3].map(() => request('/en/team|', render)));
			await new Promise((resolve) => setTimeout(resolve, 5));
			expect(render.calls).toBe(1);
			release();
			await answers;
			expect(render.calls).toBe(3);
			expect(lookup('/en/team|')).toBeUndefined();
		});

		it('does not keep a page rendered across an invalidation (it may predate the change)', async () => {
			const { render, release } = slowRender('before the goal');
			const answer = request('/en|', render);
			await new Promise((resolve) => setTimeout(resolve, 5));
			invalidateTags(['home']);
			release();
			expect(await (await answer).text()).toBe('before the goal');
			expect(lookup('/en|')).toBeUndefined();
			// The next render, after the change, is kept.
			await request('/en|', async () => page('after the goal', { maxAge: 30 }));
			expect(await lookup('/en|')!.text()).toBe('after the goal');
		});
	});

	it('keeps brotli and gzip copies of a stored page, made after storing, and says it varies', async () => {
		const html = `<main>${'<p>Arsenal 2 – 1 Chelsea</p>'.repeat(200)}</main>`;
		const sent = await store('/en/big|', page(html, { maxAge: 30 }));
		expect(sent.headers.get('vary')).toBe('Accept-Encoding');
		// What the front server sends (front.ts): the stored page with its compressed copies.
		let hit = storedPage('/en/big|')!;
		for (let i = 0; i < 100 && !(hit.encoded.br && hit.encoded.gzip); i++) {
			await new Promise((resolve) => setTimeout(resolve, 10));
			hit = storedPage('/en/big|')!;
		}
		expect(brotliDecompressSync(hit.encoded.br!).toString()).toBe(html);
		expect(gunzipSync(hit.encoded.gzip!).toString()).toBe(html);
		expect(hit.encoded.br!.byteLength).toBeLessThan(Buffer.byteLength(html) / 5);
		expect(hit.headers).toContainEqual(['vary', 'Accept-Encoding']);

		await store('/en/small|', page('<p>tiny</p>', { maxAge: 30 }));
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(storedPage('/en/small|')!.encoded).toEqual({});
	});

	it('never chains waits when renders fail: each waiting request renders once, in parallel', async () => {
		await store('/en/league/1|', page('old', { maxAge: 1 }), 0); // stored once, long expired
		let calls = 0;
		const gates = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
		const failing = async (): Promise<Response> => {
			const gate = gates[Math.min(calls++, 1)]!;
			await gate.promise;
			throw new Error('database down');
		};
		const answers = [1, 2, 3, 4].map(() =>
			serveCached('/en/league/1|', failing).then(
				() => 'ok',
				() => 'failed',
			),
		);
		await new Promise((resolve) => setTimeout(resolve, 5));
		expect(calls).toBe(1); // the others wait for the first
		gates[0]!.resolve();
		await new Promise((resolve) => setTimeout(resolve, 5));
		// The first failed: the three that waited all render now, none waits for another.
		expect(calls).toBe(4);
		gates[1]!.resolve();
		expect(await Promise.all(answers)).toEqual(['failed', 'failed', 'failed', 'failed']);
	});
});
