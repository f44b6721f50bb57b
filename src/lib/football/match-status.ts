/**
 * Every status a match can have (the `matches.status` column), and which of them are in play
 * and which are over. One list, and one test of each, for the schema, the live feed, the
 * providers, the views and the browser's islands. How an imported match gets its status is
 * in src/server/football/status.ts.
 */
export const MATCH_STATUSES = [
	'scheduled',
	'live',
	'half_time',
	'finished',
	'finished_aet',
	'finished_pen',
	'postponed',
	'cancelled',
	'abandoned',
	'awarded',
	'result_unknown',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** In play: the clock runs, or stands at the break. */
export const LIVE_STATUSES: readonly MatchStatus[] = ['live', 'half_time'];
/** Over, with a result that counts in tables. */
export const FINISHED_STATUSES: readonly MatchStatus[] = [
	'finished',
	'finished_aet',
	'finished_pen',
	'awarded',
];

// Any string, not only MatchStatus: the browser's live state carries the status as the
// stream sent it, a provider's status may not map to one (null), and those are neither.
export function isLive(status: string | null): boolean {
	return status !== null && (LIVE_STATUSES as readonly string[]).includes(status);
}

export function isFinished(status: string | null): boolean {
	return status !== null && (FINISHED_STATUSES as readonly string[]).includes(status);
}
