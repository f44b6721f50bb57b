import { describe, expect, it } from 'vitest';
import {
	type Follow,
	MAX_FOLLOWS,
	mergeFollows,
	moveFollow,
	isFollow,
	parseStoredFollows,
	toggleFollow,
} from '~/lib/follows';
import { MAX_DB_ID } from '~/lib/input';
import { followSchema } from '~/server/follows/http';

const team = (id: number): Follow => ({ kind: 'team', id });

describe('follow lists', () => {
	it('merges a guest list after the account’s, without repeats', () => {
		expect(mergeFollows([team(1), team(2)], [team(2), team(3), { kind: 'match', id: 2 }])).toEqual([
			team(1),
			team(2),
			team(3),
			{ kind: 'match', id: 2 },
		]);
	});

	it('caps a merged list at MAX_FOLLOWS', () => {
		const many = Array.from({ length: MAX_FOLLOWS }, (_, i) => team(i + 1));
		expect(mergeFollows(many, [team(9999)])).toHaveLength(MAX_FOLLOWS);
	});

	it('toggles one follow on and off', () => {
		expect(toggleFollow([team(1)], team(2))).toEqual([team(1), team(2)]);
		expect(toggleFollow([team(1), team(2)], team(1))).toEqual([team(2)]);
	});

	it('moves up and down, and ignores moves past either end', () => {
		const list = [team(1), team(2), team(3)];
		expect(moveFollow(list, team(3), -1)).toEqual([team(1), team(3), team(2)]);
		expect(moveFollow(list, team(1), 1)).toEqual([team(2), team(1), team(3)]);
		expect(moveFollow(list, team(1), -1)).toEqual(list);
		expect(moveFollow(list, team(9), 1)).toEqual(list);
	});

	it('reads whatever localStorage holds without throwing', () => {
		expect(parseStoredFollows(null)).toEqual([]);
		expect(parseStoredFollows('not json')).toEqual([]);
		expect(parseStoredFollows('[{"kind":"player","id":1}]')).toEqual([]);
		expect(parseStoredFollows('[{"kind":"team","id":4},{"kind":"team","id":4}]')).toEqual([
			team(4),
		]);
	});

	it('the browser check and the server schema agree on every edge', () => {
		const cases: unknown[] = [
			team(1),
			team(MAX_DB_ID),
			{ kind: 'match', id: 7 },
			{ kind: 'competition', id: 2, extra: true },
			team(0),
			team(-1),
			team(MAX_DB_ID + 1),
			team(1.5),
			{ kind: 'team', id: '4' },
			{ kind: 'player', id: 1 },
			{ kind: 'team' },
			null,
			'team:1',
			[],
		];
		for (const value of cases)
			expect(isFollow(value), JSON.stringify(value)).toBe(followSchema.safeParse(value).success);
	});

	it('refuses a stored list longer than MAX_FOLLOWS, as the API does', () => {
		const many = Array.from({ length: MAX_FOLLOWS + 1 }, (_, i) => team(i + 1));
		expect(parseStoredFollows(JSON.stringify(many))).toEqual([]);
		expect(parseStoredFollows(JSON.stringify(many.slice(1)))).toHaveLength(MAX_FOLLOWS);
	});
});
