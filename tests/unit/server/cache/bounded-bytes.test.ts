import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests, settingsProblems } from '~/server/config';
import { TaggedStore } from '~/server/cache/core';
import {
	cacheRoute,
	clearRouteCache,
	lookup,
	pageWeight,
	routeCacheStats,
	store,
} from '~/server/cache/route-cache';
import { storedPage } from '~/server/front/cache';

// The caches hold a bounded number of bytes: the least recently used entries go first, and
// the count of bytes follows every way an entry comes and goes.

const weigh = (_key: string, value: string) => value.length;
const far = { expires: Number.MAX_SAFE_INTEGER };

describe('a store bounded in bytes', () => {
	it('evicts the least recently used until the bytes fit, and counts what stays', () => {
		const s = new TaggedStore<string>({ maxEntries: 100, maxBytes: 10, sizeOf: weigh });
		s.set('a', 'aaaa', far);
		s.set('b', 'bbbb', far);
		expect(s.bytes).toBe(8);
		// `a` used since `b` was stored: `b` is the least recently used now.
		expect(s.get('a')).toBe('aaaa');
		s.set('c', 'cccc', far);
		expect(s.get('b')).toBeUndefined();
		expect(s.get('a')).toBe('aaaa');
		expect(s.get('c')).toBe('cccc');
		expect(s.bytes).toBe(8);
		expect(s.size).toBe(2);
	});

	it('counts a peek (the front server hit) as a use', () => {
		const s = new TaggedStore<string>({ maxEntries: 100, maxBytes: 10, sizeOf: weigh });
		s.set('a', 'aaaa', far);
		s.set('b', 'bbbb', far);
		expect(s.peek('a')).toBe('aaaa');
		s.set('c', 'cccc', far);
		expect(s.peek('a')).toBe('aaaa');
		expect(s.peek('b')).toBeUndefined();
	});

	it('evicts several small entries for one large one, and refuses one larger than the budget', () => {
		const s = new TaggedStore<string>({ maxEntries: 100, maxBytes: 10, sizeOf: weigh });
		for (const k of ['a', 'b', 'c', 'd', 'e']) s.set(k, 'xx', far);
		expect(s.bytes).toBe(10);
		s.set('big', 'y'.repeat(9), far);
		expect(s.size).toBe(1);
		expect(s.bytes).toBe(9);
		expect(s.set('huge', 'z'.repeat(11), far)).toBe(false);
		expect(s.get('huge')).toBeUndefined();
		// Refusing it did not throw out what fitted.
		expect(s.get('big')).toBe('y'.repeat(9));
	});

	it('replacing, deleting, invalidating, expiring and clearing give the bytes back', () => {
		const s = new TaggedStore<string>({ maxEntries: 100, maxBytes: 100, sizeOf: weigh });
		s.set('a', 'aaaa', { ...far, tags: ['t'] });
		s.set('a', 'aa', { ...far, tags: ['t'] });
		expect(s.bytes).toBe(2);
		s.set('b', 'bbb', far);
		s.delete('b');
		expect(s.bytes).toBe(2);
		expect(s.invalidate(['t'])).toBe(1);
		expect(s.bytes).toBe(0);
		s.set('old', 'ooo', { expires: 10 });
		expect(s.get('old', 11)).toBeUndefined();
		expect(s.bytes).toBe(0);
		s.set('c', 'ccc', far);
		s.clear();
		expect(s.bytes).toBe(0);
		expect(s.size).toBe(0);
	});

	it('resize counts growth after storing, evicting the oldest when it no longer fits', () => {
		const s = new TaggedStore<string>({ maxEntries: 100, maxBytes: 10, sizeOf: weigh });
		s.set('a', 'aaaa', far);
		const b = 'bbbb';
		s.set('b', b, far);
		s.resize('b', b, 3);
		expect(s.bytes).toBe(11 - 4);
		expect(s.get('a')).toBeUndefined();
		// A late resize for a value no longer held changes nothing.
		s.set('b', 'cc', far);
		s.resize('b', b, 100);
		expect(s.bytes).toBe(2);
	});

	it('a store without sizeOf is bounded by entries only, as before', () => {
		const s = new TaggedStore<string>(2);
		s.set('a', 'a', far);
		s.set('b', 'b', far);
		s.set('c', 'c', far);
		expect(s.size).toBe(2);
		expect(s.bytes).toBe(0);
		expect(s.get('a')).toBeUndefined();
	});
});

describe('the route cache within ROUTE_CACHE_MAX_MB', () => {
	const saved = process.env.ROUTE_CACHE_MAX_MB;
	beforeEach(() => {
		process.env.ROUTE_CACHE_MAX_MB = '1';
		resetConfigForTests();
		clearRouteCache();
	});
	afterEach(() => {
		if (saved === undefined) delete process.env.ROUTE_CACHE_MAX_MB;
		else process.env.ROUTE_CACHE_MAX_MB = saved;
		resetConfigForTests();
		clearRouteCache();
	});

	function page(body: string): Response {
		const response = new Response(body, { headers: { 'Content-Type': 'text/html' } });
		cacheRoute(response.headers, { maxAge: 60, tags: ['lists'] });
		return response;
	}

	it('keeps the newest pages within the budget and counts their bytes', async () => {
		// 50 KB pages: a 1 MiB budget holds about twenty of them.
		const body = (i: number) => `<p>${i}</p>`.padEnd(50_000, ' ');
		for (let i = 0; i < 100; i++) await store(`/p/${i}|`, page(body(i)), 0);
		const stats = routeCacheStats();
		expect(stats.bytes).toBeLessThanOrEqual(2 ** 20);
		expect(stats.entries).toBeGreaterThan(10);
		expect(stats.entries).toBeLessThan(21);
		expect(lookup('/p/99|', 1)).toBeDefined();
		expect(lookup('/p/0|', 1)).toBeUndefined();
		// The count is the sum of what is held.
		let sum = 0;
		for (let i = 0; i < 100; i++) {
			const p = storedPage(`/p/${i}|`, 1);
			if (p) sum += pageWeight(`/p/${i}|`, p, ['lists']);
		}
		expect(routeCacheStats().bytes).toBe(sum);
	});

	it('counts the compressed copies once they are made', async () => {
		await store('/big|', page('<p>x</p>'.repeat(4000)), 0);
		const before = routeCacheStats().bytes;
		// The copies are made on the thread pool; wait for both.
		for (let i = 0; i < 100; i++) {
			const p = storedPage('/big|', 1);
			if (p?.encoded.br && p.encoded.gzip) break;
			await new Promise((r) => setTimeout(r, 10));
		}
		const p = storedPage('/big|', 1)!;
		expect(p.encoded.br && p.encoded.gzip).toBeTruthy();
		expect(routeCacheStats().bytes).toBe(
			before + p.encoded.br!.byteLength + p.encoded.gzip!.byteLength,
		);
	});

	it('a bad setting is named before the server listens', () => {
		for (const bad of ['0', '-5', '1.5', 'lots'])
			expect(settingsProblems({ ROUTE_CACHE_MAX_MB: bad })[0]).toMatch(/^ROUTE_CACHE_MAX_MB: /);
		expect(settingsProblems({ ROUTE_CACHE_MAX_MB: '512' })).toEqual([]);
	});
});
