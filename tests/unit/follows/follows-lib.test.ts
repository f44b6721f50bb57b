import { describe, expect, it } from 'vitest';
import {
	type Follow,
	MAX_FOLLOWS,
	mergeFollows,
	moveFollow,
	parseStoredFollows,
	toggleFollow,
} from '~/lib/follows';

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
});
