import { describe, expect, it } from 'vitest';
import { nearestDate } from '~/server/football/queries/nearest-days';

describe('nearest day with matches', () => {
	it('offers the nearer day with matches, the later one on a tie', () => {
		expect(nearestDate('2026-11-22', '2026-07-19', null)).toBe('2026-07-19');
		expect(nearestDate('2025-06-10', '2025-06-01', '2025-06-12')).toBe('2025-06-12');
		expect(nearestDate('2025-06-10', '2025-06-09', '2025-06-12')).toBe('2025-06-09');
		expect(nearestDate('2025-06-10', '2025-06-08', '2025-06-12')).toBe('2025-06-12');
		expect(nearestDate('2025-06-10', null, null)).toBeNull();
	});
});
