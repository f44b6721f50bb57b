import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localDate } from '~/lib/time-zone';

describe('time zones', () => {
	it('accepts IANA names and UTC', () => {
		expect(isValidTimeZone('Europe/Berlin')).toBe(true);
		expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
		expect(isValidTimeZone('UTC')).toBe(true);
	});
	it('refuses anything else without throwing', () => {
		for (const bad of [
			'Mars/Olympus',
			'',
			'x'.repeat(100),
			'../../etc',
			'<script>',
			42,
			undefined,
		]) {
			expect(isValidTimeZone(bad)).toBe(false);
		}
	});
	it('gives the local calendar date of an instant', () => {
		const instant = new Date('2025-08-15T23:30:00Z');
		expect(localDate(instant, 'UTC')).toBe('2025-08-15');
		expect(localDate(instant, 'Europe/Berlin')).toBe('2025-08-16');
		expect(localDate(instant, 'America/New_York')).toBe('2025-08-15');
	});
});
