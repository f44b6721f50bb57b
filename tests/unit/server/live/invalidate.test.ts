import { describe, expect, it } from 'vitest';
import { cached, clearDataCache } from '~/server/cache/data-cache';
import { cacheRoute, clearRouteCache, lookup, store } from '~/server/cache/route-cache';
import { MemoryBus } from '~/server/live/bus';
import { followForInvalidation } from '~/server/live/invalidate';

function page(body: string, tags: string[]): Response {
	const response = new Response(body, { headers: { 'Content-Type': 'text/html' } });
	cacheRoute(response.headers, { maxAge: 60, tags });
	return response;
}

const event = (id: number, matchId: string) => ({
	id,
	matchId,
	kind: 'score',
	payload: {},
	createdAt: new Date().toISOString(),
});

// What every process does with a live change it hears on the bus: the changed matches'
// pages and data, every list and the home page go; the rest stays.
describe('live invalidation', () => {
	it('drops the pages and data a goal makes stale, once for a flurry of events', async () => {
		clearRouteCache();
		clearDataCache();
		await store('/en|', page('home', ['home']));
		await store('/en/match/7|', page('match 7', ['match:7']));
		await store('/en/match/8|', page('match 8', ['match:8']));
		await store('/en/league/1|', page('league', ['lists', 'competition:1']));
		await store('/en/faq|', page('faq', ['content']));
		let loads = 0;
		const detail = (id: number) =>
			cached(`match:${id}`, 60_000, [`match:${id}`], async () => ++loads);
		await detail(7);
		await detail(8);

		const bus = new MemoryBus();
		const stop = followForInvalidation(bus, 5);
		await bus.publish(event(1, '7'));
		await bus.publish(event(2, '7'));
		expect(lookup('/en/match/7|')).toBeDefined(); // coalesced: not yet
		await new Promise((resolve) => setTimeout(resolve, 30));
		stop();

		for (const gone of ['/en|', '/en/match/7|', '/en/league/1|'])
			expect(lookup(gone), gone).toBeUndefined();
		for (const kept of ['/en/match/8|', '/en/faq|']) expect(lookup(kept), kept).toBeDefined();
		expect(await detail(7)).toBe(3); // loaded again
		expect(await detail(8)).toBe(2); // still the cached value
	});
});
