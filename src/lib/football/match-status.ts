/**
 * Every status a match can have (the `matches.status` column; what each means for display
 * is in src/server/football/status.ts). One list for the schema, the live feed, the
 * providers and the browser.
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
