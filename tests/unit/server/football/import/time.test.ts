import { describe, expect, it } from 'vitest';
import {
	dayRangeUtc,
	localDate,
	localToUtc,
	parseFixedOffset,
	zoneOffsetMinutes,
} from '~/server/football/time';

const iso = (d: Date) => d.toISOString().replace(':00.000Z', 'Z');

describe('localToUtc', () => {
	it('uses summer time in England: Liverpool v Bournemouth 2025-08-15 20:00 is 19:00Z', () => {
		expect(iso(localToUtc('2025-08-15', '20:00', 'Europe/London'))).toBe('2025-08-15T19:00Z');
	});
	it('uses winter time after the October change', () => {
		expect(iso(localToUtc('2025-10-25', '15:00', 'Europe/London'))).toBe('2025-10-25T14:00Z');
		expect(iso(localToUtc('2025-10-26', '15:00', 'Europe/London'))).toBe('2025-10-26T15:00Z');
		expect(iso(localToUtc('2025-01-18', '15:30', 'Europe/Berlin'))).toBe('2025-01-18T14:30Z');
		expect(iso(localToUtc('2025-05-31', '21:00', 'Europe/Paris'))).toBe('2025-05-31T19:00Z');
	});
	it('knows every competition zone', () => {
		for (const [zone, utc] of [
			['Europe/Madrid', '2024-03-30T19:00Z'],
			['Europe/Rome', '2024-03-30T19:00Z'],
			['Europe/Amsterdam', '2024-03-30T19:00Z'],
			['Europe/Lisbon', '2024-03-30T20:00Z'],
			['Europe/Istanbul', '2024-03-30T17:00Z'],
			['Asia/Qatar', '2024-03-30T17:00Z'],
		] as const) {
			expect(iso(localToUtc('2024-03-30', '20:00', zone)), zone).toBe(utc);
		}
	});
	it('handles the spring-forward day (2025-03-30, 01:00 UTC)', () => {
		expect(iso(localToUtc('2025-03-30', '14:00', 'Europe/London'))).toBe('2025-03-30T13:00Z');
		expect(iso(localToUtc('2025-03-29', '14:00', 'Europe/London'))).toBe('2025-03-29T14:00Z');
		// 01:30 does not exist in London that night: it resolves to an instant, never throws.
		expect(localToUtc('2025-03-30', '01:30', 'Europe/London').getTime()).not.toBeNaN();
	});
	it('the autumn hour that happens twice is its first (summer-time) occurrence; a spring gap moves on', () => {
		// 02:30 in Berlin on 2026-10-25 is both 00:30Z (CEST) and 01:30Z (CET).
		expect(iso(localToUtc('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30Z');
		expect(iso(localToUtc('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T00:30Z');
		// Either side of the doubled hour is unambiguous.
		expect(iso(localToUtc('2026-10-25', '01:59', 'Europe/Berlin'))).toBe('2026-10-24T23:59Z');
		expect(iso(localToUtc('2026-10-25', '03:00', 'Europe/Berlin'))).toBe('2026-10-25T02:00Z');
		// 02:30 does not exist in Berlin on 2026-03-29: it is read as 03:30 CEST.
		expect(iso(localToUtc('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30Z');
	});
	it('takes named fixed offsets ("UTC-4") as they are', () => {
		expect(iso(localToUtc('2026-07-19', '15:00', 'UTC-4'))).toBe('2026-07-19T19:00Z');
		expect(iso(localToUtc('2022-12-18', '18:00', 'UTC+3'))).toBe('2022-12-18T15:00Z');
		expect(parseFixedOffset('UTC+05:30')).toBe(330);
		expect(parseFixedOffset('Europe/Paris')).toBeUndefined();
	});
	it('rejects malformed input', () => {
		expect(() => localToUtc('2025-8-15', '20:00', 'UTC')).toThrow();
		expect(() => localToUtc('2025-08-15', '8pm', 'UTC')).toThrow();
	});
});

describe('day ranges and offsets', () => {
	it('gives the UTC range of a local day', () => {
		const { start, end } = dayRangeUtc('2025-08-16', 'Europe/Berlin');
		expect(iso(start)).toBe('2025-08-15T22:00Z');
		expect(iso(end)).toBe('2025-08-16T22:00Z');
		const short = dayRangeUtc('2025-03-30', 'Europe/London');
		expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3600_000);
	});
	it('gives the local date of an instant', () => {
		expect(localDate(new Date('2025-08-15T23:30:00Z'), 'Europe/Berlin')).toBe('2025-08-16');
		expect(localDate(new Date('2025-08-15T23:30:00Z'), 'America/New_York')).toBe('2025-08-15');
		expect(zoneOffsetMinutes(Date.parse('2025-07-01T00:00:00Z'), 'Europe/Istanbul')).toBe(180);
	});
});
