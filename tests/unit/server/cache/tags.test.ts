import { describe, expect, it } from 'vitest';
import { cached, clearDataCache } from '~/server/cache/data-cache';
import { cacheRoute, clearRouteCache, lookup, store } from '~/server/cache/route-cache';
import { invalidateTags, matchChangeTags } from '~/server/cache/tags';

function page(body: string, tags: string[]): Response {
	const response = new Response(body, { headers: { 'Content-Type': 'text/html' } });
	cacheRoute(response.headers, { maxAge: 60, tags });
	return response;
}

// One function drops what a change makes stale, wherever it is kept: the page cache and
// the data cache answer the same tags.
describe('invalidateTags', () => {
	it('drops tagged pages and data together, and nothing else', async () => {
		clearRouteCache();
		clearDataCache();
		await store('/en/match/9|', page('match 9', ['match:9']));
		await store('/en/match/8|', page('match 8', ['match:8']));
		await store('/en/faq|', page('faq', ['content']));
		let loads = 0;
		const detail = () => cached('match:9', 60_000, ['match:9', 'lists'], async () => ++loads);
		await detail();

		expect(invalidateTags(matchChangeTags([9]))).toBe(2); // one page, one value
		expect(lookup('/en/match/9|')).toBeUndefined();
		expect(lookup('/en/match/8|')).toBeDefined();
		expect(lookup('/en/faq|')).toBeDefined();
		expect(await detail()).toBe(2);
	});

	it('names what a match change makes stale: the home page, every list, the matches', () => {
		expect(matchChangeTags(['3', 4])).toEqual(['home', 'lists', 'match:3', 'match:4']);
	});
});
