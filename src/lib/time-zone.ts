import { dateTimeFormat } from './intl';

/** Cookie holding the visitor's IANA time zone, written by the browser (TimeZoneCookie). */
export const TZ_COOKIE = 'tz';

/** True for an IANA zone name Intl knows, e.g. "Europe/Berlin" (never throws). */
export function isValidTimeZone(value: unknown): value is string {
	if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
	if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value !== 'UTC') return false;
	try {
		dateTimeFormat('en', { timeZone: value });
		return true;
	} catch {
		return false;
	}
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
	const parts = dateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).formatToParts(instant);
	const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	return `${get('year')}-${get('month')}-${get('day')}`;
}
