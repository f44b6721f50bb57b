import { describe, expect, it } from 'vitest';
import { toMatch } from '~/server/football/queries/shape';

// Issue 27, defect 3: a replay (or any match) carried its final `winner` while it was still
// being played, in the API and every list: at 0' anyone could read how it ends.
const NOW = new Date('2026-11-27T12:00:00Z');

function raw(status: string, winner: 'home' | 'away' | 'draw' | null, isReplay = false) {
	return {
		id: 7,
		kickoffAt: '2022-12-18T15:00:00Z',
		kickoffTimeKnown: true,
		status,
		minute: status === 'live' ? 14 : null,
		round: 'Final',
		stage: 'final',
		groupName: null,
		matchday: null,
		winner,
		version: 1,
		updatedAt: '2022-12-18T18:00:00Z',
		isReplay,
		competition: {
			id: 1,
			code: 'WC',
			slug: 'world-cup',
			name: 'World Cup',
			type: 'cup',
			areaName: 'World',
		},
		season: { id: 1, label: '2022' },
		home: { id: 1 },
		away: { id: 2 },
		score: [2, 0, 1, 0, null, null, null, null],
	};
}

describe('winner', () => {
	it('is null while the match is in play, a replay included', () => {
		expect(toMatch(raw('live', 'away', true), NOW).winner).toBeNull();
		expect(toMatch(raw('half_time', 'home', true), NOW).winner).toBeNull();
		expect(toMatch(raw('live', 'home'), NOW).winner).toBeNull();
		expect(toMatch(raw('scheduled', 'draw'), NOW).winner).toBeNull();
		expect(toMatch(raw('postponed', 'home'), NOW).winner).toBeNull();
	});

	it('is the result once the match is over', () => {
		expect(toMatch(raw('finished_pen', 'away'), NOW).winner).toBe('away');
		expect(toMatch(raw('finished', 'draw'), NOW).winner).toBe('draw');
		expect(toMatch(raw('awarded', 'home'), NOW).winner).toBe('home');
	});
});
