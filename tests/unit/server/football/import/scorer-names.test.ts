import { describe, expect, it } from 'vitest';
import { unifyScorerNames } from '~/server/football/import/scorer-names';

const goal = (team_id: number, player_name: string, own_goal = false) => ({
	team_id,
	player_name,
	own_goal,
});

describe('unifyScorerNames', () => {
	it('merges a short name into the one longer name of the same team', () => {
		const rows = [goal(1, 'Kylian Mbappé'), goal(1, 'Mbappé'), goal(1, 'Mbappé')];
		expect(unifyScorerNames(rows)).toBe(2);
		expect(rows.map((r) => r.player_name)).toEqual([
			'Kylian Mbappé',
			'Kylian Mbappé',
			'Kylian Mbappé',
		]);
	});
	it('leaves an ambiguous short name alone', () => {
		const rows = [goal(2, 'Bernardo Silva'), goal(2, 'Thiago Silva'), goal(2, 'Silva')];
		expect(unifyScorerNames(rows)).toBe(0);
		expect(rows[2]!.player_name).toBe('Silva');
	});
	it('never merges across teams, inside words, or own goals', () => {
		const rows = [
			goal(1, 'Harry Kane'),
			goal(2, 'Kane'),
			goal(3, 'Jonas Hofmann'),
			goal(3, 'Mann'),
			goal(4, 'Ruben Dias'),
			goal(4, 'Dias', true),
		];
		expect(unifyScorerNames(rows)).toBe(0);
	});
	it('is idempotent', () => {
		const rows = [goal(1, 'Lionel Messi'), goal(1, 'Messi')];
		unifyScorerNames(rows);
		expect(unifyScorerNames(rows)).toBe(0);
	});
});
