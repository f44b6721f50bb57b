/**
 * How a kick-off reads, shared by the server render (server/views/format.ts) and the
 * browser's rewrite into the visitor's zone (scripts/time-zone.ts), so both print the same.
 */

export type KickoffStyle = 'time' | 'date' | 'datetime';

const STYLES: Record<KickoffStyle, Intl.DateTimeFormatOptions> = {
	time: { hour: '2-digit', minute: '2-digit' },
	date: { weekday: 'short', day: 'numeric', month: 'short' },
	datetime: {
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		hour: '2-digit',
		minute: '2-digit',
	},
};

/** Half a year: nearer than this, day and month name the match unambiguously. */
const YEAR_HIDDEN_WITHIN_MS = 183 * 24 * 60 * 60 * 1000;

export function isKickoffStyle(value: unknown): value is KickoffStyle {
	return typeof value === 'string' && value in STYLES;
}

/** A date further than half a year from `now` (an old final, a past season) shows its year. */
export function kickoffNeedsYear(at: Date, now: Date): boolean {
	return Math.abs(at.getTime() - now.getTime()) > YEAR_HIDDEN_WITHIN_MS;
}

/**
 * The Intl options for a style; a time alone never carries a year, and a date with its year
 * drops the weekday ("18 Dec 2022"): it fits a list's date column and nobody needs the
 * weekday of a match years ago.
 */
export function kickoffOptions(style: KickoffStyle, withYear: boolean): Intl.DateTimeFormatOptions {
	if (!withYear || style === 'time') return STYLES[style];
	if (style === 'date') return { day: 'numeric', month: 'short', year: 'numeric' };
	return { ...STYLES[style], year: 'numeric' };
}
