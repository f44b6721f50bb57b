import { describe, expect, it } from 'vitest';
import { cached, cacheSize, invalidateAll, invalidateMatch, matchTag } from '../../../../src/server/football/cache';
import { hotScore } from '../../../../src/server/football/queries/hot';

describe('football cache', () => {
	it('serves a hit without loading, shares concurrent loads, and drops on invalidateMatch', async () => {
		invalidateAll();
		let loads = 0;
		const load = async () => ++loads;
		const [a, b] = await Promise.all([cached('k', 60_000, [matchTag(5)], load), cached('k', 60_000, [matchTag(5)], load)]);
		expect([a, b, loads]).toEqual([1, 1, 1]);
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(1);
		invalidateMatch(6);
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(1);
		invalidateMatch(5);
		expect(await cached('k', 60_000, [matchTag(5)], load)).toBe(2);
		expect(cacheSize()).toBe(1);
	});

	it('does not cache a failed load', async () => {
		invalidateAll();
		await expect(cached('f', 60_000, [], async () => { throw new Error('db down'); })).rejects.toThrow('db down');
		expect(await cached('f', 60_000, [], async () => 'ok')).toBe('ok');
	});
});

describe('hot-match score', () => {
	it('adds competition weight, table strength, closeness, rivalry and stage', () => {
		const top = hotScore({ weight: 100, home: 1, away: 2, teams: 20, rivalry: true, stage: 'regular', round: 'Matchday 30' });
		expect(top.table).toBeCloseTo(25 * (1 + 18 / 19), 1);
		expect(top.rivalry).toBe(30);
		const bottom = hotScore({ weight: 100, home: 19, away: 20, teams: 20, rivalry: false, stage: 'regular', round: 'Matchday 30' });
		expect(top.total).toBeGreaterThan(bottom.total);
		const final = hotScore({ weight: 100, home: null, away: null, teams: 0, rivalry: false, stage: 'knockout', round: 'Final' });
		expect(final.stage).toBe(40);
		expect(hotScore({ weight: 100, home: null, away: null, teams: 0, rivalry: false, stage: 'knockout', round: 'Semi-final' }).stage).toBe(20);
	});
});
