import { describe, expect, it } from 'vitest';
import { closedOptions, GAME_KINDS } from '~/lib/games/rules';

describe('closedOptions', () => {
	it('closes "No goal" once a goal of regular time is in, and nothing else', () => {
		expect(closedOptions('last_team_to_score', null)).toEqual([]);
		expect(closedOptions('last_team_to_score', { home: 0, away: 0 })).toEqual([]);
		expect(closedOptions('last_team_to_score', { home: 0, away: 1 })).toEqual(['none']);
		for (const kind of GAME_KINDS.filter((k) => k !== 'last_team_to_score'))
			expect(closedOptions(kind, { home: 3, away: 2 })).toEqual([]);
	});
});
