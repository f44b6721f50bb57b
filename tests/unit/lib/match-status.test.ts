import { describe, expect, it } from 'vitest';
import {
	FINISHED_STATUSES,
	isFinished,
	isLive,
	LIVE_STATUSES,
	MATCH_STATUSES,
} from '~/lib/football/match-status';

describe('match status groups', () => {
	it('in play: live and half time, nothing else', () => {
		expect(MATCH_STATUSES.filter(isLive)).toEqual(['live', 'half_time']);
		expect(LIVE_STATUSES.every(isLive)).toBe(true);
	});

	it('over with a result: finished in any way, and awarded; not abandoned or cancelled', () => {
		expect(MATCH_STATUSES.filter(isFinished)).toEqual([
			'finished',
			'finished_aet',
			'finished_pen',
			'awarded',
		]);
		expect(FINISHED_STATUSES.every(isFinished)).toBe(true);
	});

	it('no status is both, and a status the feed does not know is neither', () => {
		expect(MATCH_STATUSES.filter((s) => isLive(s) && isFinished(s))).toEqual([]);
		for (const s of ['LIVE', 'in_play', '', null]) {
			expect(isLive(s)).toBe(false);
			expect(isFinished(s)).toBe(false);
		}
	});
});
