import { describe, expect, it } from 'vitest';
import { hotScore } from '~/server/football/queries/hot';

describe('hot-match score', () => {
	it('adds competition weight, table strength, closeness, rivalry and stage', () => {
		const top = hotScore({
			weight: 100,
			home: 1,
			away: 2,
			teams: 20,
			rivalry: true,
			stage: 'regular',
			round: 'Matchday 30',
		});
		expect(top.table).toBeCloseTo(25 * (1 + 18 / 19), 1);
		expect(top.rivalry).toBe(30);
		const bottom = hotScore({
			weight: 100,
			home: 19,
			away: 20,
			teams: 20,
			rivalry: false,
			stage: 'regular',
			round: 'Matchday 30',
		});
		expect(top.total).toBeGreaterThan(bottom.total);
		const final = hotScore({
			weight: 100,
			home: null,
			away: null,
			teams: 0,
			rivalry: false,
			stage: 'knockout',
			round: 'Final',
		});
		expect(final.stage).toBe(40);
		expect(
			hotScore({
				weight: 100,
				home: null,
				away: null,
				teams: 0,
				rivalry: false,
				stage: 'knockout',
				round: 'Semi-final',
			}).stage,
		).toBe(20);
	});
});
