import { describe, expect, it } from 'vitest';
import { cached, clearDataCache, dataCacheSize, DataCache } from '~/server/cache/data-cache';
import { invalidateTags, matchChangeTags, matchTag } from '~/server/cache/tags';

describe('data cache', () => {
	it('serves a hit without loading, shares concurrent loads, and drops on a change of its match', async () => {
		clearDataCache();
		let loads = 0;
		const load = async () => ++loads;
		const [a, b] = await Promise.all([
			cached('k', 60_000, [matchTag(5)], load),
			cached('k', 60_000, [matchTag(5)], load),
		]);
		expect([a, b, loads]).toEqual([1, 1, 1]);
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(1);
		invalidateTags(matchChangeTags([6]));
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(1);
		invalidateTags(matchChangeTags([5]));
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(2);
		expect(dataCacheSize()).toBe(1);
	});

	it('does not cache a failed load', async () => {
		clearDataCache();
		await expect(
			cached('f', 60_000, [], async () => {
				throw new Error('db down');
			}),
		).rejects.toThrow('db down');
		expect(await cached('f', 60_000, [], async () => 'ok')).toBe('ok');
	});

	it('returns, but does not keep, a value loaded across an invalidation (it may predate the change)', async () => {
		clearDataCache();
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const slow = cached('table', 60_000, ['lists'], async () => {
			await gate;
			return 'before the goal';
		});
		invalidateTags(['lists']);
		release();
		expect(await slow).toBe('before the goal');
		expect(await cached('table', 60_000, ['lists'], async () => 'after the goal')).toBe(
			'after the goal',
		);
	});

	it('keeps a loaded undefined as a hit, and expires entries after their time', async () => {
		clearDataCache();
		let loads = 0;
		const nothing = async () => {
			loads++;
			return undefined;
		};
		expect(await cached('none', 60_000, [], nothing)).toBeUndefined();
		expect(await cached('none', 60_000, [], nothing)).toBeUndefined();
		expect(loads).toBe(1);
		expect(await cached('brief', -1, [], nothing)).toBeUndefined();
		expect(await cached('brief', -1, [], nothing)).toBeUndefined();
		expect(loads).toBe(3);
	});

	it('a cache of its own keeps its own budget, and tag invalidation reaches it too', async () => {
		const small = new DataCache(2);
		const load = (value: string) => async () => value;
		await small.cached('a', 60_000, ['plan:a'], load('a1'));
		await small.cached('b', 60_000, ['plan:b'], load('b1'));
		await small.cached('a', 60_000, ['plan:a'], load('a2')); // a hit: now the most recent
		await small.cached('c', 60_000, ['plan:c'], load('c1')); // b, the least recent, goes
		expect(small.size).toBe(2);
		expect(await small.cached('a', 60_000, ['plan:a'], load('a3'))).toBe('a1');
		expect(await small.cached('b', 60_000, ['plan:b'], load('b2'))).toBe('b2');
		invalidateTags(['plan:a']);
		expect(await small.cached('a', 60_000, ['plan:a'], load('a4'))).toBe('a4');
	});
});
