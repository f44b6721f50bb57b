import { describe, expect, it } from 'vitest';
import { standingsCounts } from '~/lib/standings';

describe('standingsCounts', () => {
	it('copies the counts alone, in column order (the API JSON keeps it)', () => {
		const row = {
			position: 1,
			team: { id: 7, name: 'A', slug: 'a' },
			goalsAgainst: 4,
			goalsFor: 9,
			lost: 1,
			drawn: 2,
			won: 3,
			played: 6,
			points: 11,
		};
		const counts = standingsCounts(row);
		expect(Object.keys(counts)).toEqual([
			'played',
			'won',
			'drawn',
			'lost',
			'goalsFor',
			'goalsAgainst',
		]);
		expect(counts).toEqual({ played: 6, won: 3, drawn: 2, lost: 1, goalsFor: 9, goalsAgainst: 4 });
	});
});
