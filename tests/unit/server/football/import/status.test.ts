import { describe, expect, it } from 'vitest';
import { effectiveStatus, importStatus, winnerOf } from '~/server/football/status';

const kickoff = new Date('2025-05-31T19:00:00Z');
const before = new Date('2025-05-31T12:00:00Z');
const after = new Date('2025-06-01T12:00:00Z');

describe('importStatus', () => {
	it('keeps upstream statuses', () => {
		for (const s of ['cancelled', 'postponed', 'abandoned', 'awarded'] as const) {
			expect(importStatus(s, { ft: [3, 0] }, kickoff, after)).toBe(s);
		}
	});
	it('reads extra time and penalties from the score', () => {
		expect(importStatus(undefined, { ht: [0, 0], ft: [1, 0] }, kickoff, after)).toBe('finished');
		expect(importStatus(undefined, { ft: [0, 0], et: [1, 0] }, kickoff, after)).toBe(
			'finished_aet',
		);
		expect(importStatus(undefined, { ft: [1, 1], et: [1, 1], p: [4, 2] }, kickoff, after)).toBe(
			'finished_pen',
		);
	});
	it('an empty score is scheduled before the match and "result unknown" after it', () => {
		expect(importStatus(undefined, {}, kickoff, before)).toBe('scheduled');
		expect(importStatus(undefined, {}, kickoff, new Date('2025-05-31T20:00:00Z'))).toBe(
			'scheduled',
		);
		expect(importStatus(undefined, {}, kickoff, after)).toBe('result_unknown');
		expect(effectiveStatus('scheduled', kickoff, after)).toBe('result_unknown');
		expect(effectiveStatus('scheduled', kickoff, before)).toBe('scheduled');
		expect(effectiveStatus('postponed', kickoff, after)).toBe('postponed');
	});
});

describe('winnerOf', () => {
	it('uses the final phase of the score', () => {
		expect(winnerOf('finished', { ft: [2, 1] })).toBe('home');
		expect(winnerOf('finished', { ft: [1, 1] })).toBe('draw');
		expect(winnerOf('finished_aet', { ft: [0, 0], et: [0, 1] })).toBe('away');
		expect(winnerOf('finished_pen', { ft: [2, 2], et: [3, 3], p: [4, 2] })).toBe('home');
		expect(winnerOf('awarded', { ft: [3, 0] })).toBe('home');
		expect(winnerOf('scheduled', {})).toBeNull();
	});
	it('does not guess a winner from an impossible shoot-out (p: [4, 4])', () => {
		expect(winnerOf('finished_pen', { ft: [1, 1], et: [1, 1], p: [4, 4] })).toBeNull();
	});
});
