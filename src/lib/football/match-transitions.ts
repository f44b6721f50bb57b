import { isLive, type MatchStatus } from './match-status';

/**
 * The one state machine of a match for everyone who writes through the console or its API
 * (issue 28): the server refuses any other move (src/server/live/rules.ts, under the live
 * writer lock) and the console offers only these buttons. Feeds and replays follow their
 * provider and are not held to it.
 *
 *   scheduled → live → half_time → live → finished | finished_aet | finished_pen
 *   scheduled ↔ postponed; scheduled | postponed → cancelled; live | half_time → abandoned
 *   result_unknown → live (a match past kick-off whose result nobody had)
 *
 * `live → live` is a new minute for the clock (the status stays). A match that is over
 * (finished, abandoned, cancelled, awarded) moves no further here: an editor corrects its
 * result, with a reason (RESULT_CORRECTABLE).
 */
export const NEXT_STATUSES: Readonly<Partial<Record<MatchStatus, readonly MatchStatus[]>>> = {
	scheduled: ['live', 'postponed', 'cancelled'],
	live: ['live', 'half_time', 'finished', 'finished_aet', 'finished_pen', 'abandoned'],
	half_time: ['live', 'finished', 'finished_aet', 'finished_pen', 'abandoned'],
	postponed: ['scheduled', 'cancelled'],
	// Past kick-off with no result from the import or feed: it may be being played right now,
	// so a scorer may still kick it off; once over, an editor corrects its result instead.
	result_unknown: ['live'],
};

/** True when a console writer may move a match from `from` to `to`. */
export function mayMoveTo(from: string, to: string): boolean {
	return (NEXT_STATUSES[from as MatchStatus] ?? []).includes(to as MatchStatus);
}

/** Timeline events (goals, cards, corrections of them) are recorded only while in play. */
export function takesEvents(status: string): boolean {
	return isLive(status);
}

/** Statuses whose result an editor may correct, and the statuses a correction may set. */
export const RESULT_CORRECTABLE: readonly MatchStatus[] = [
	'finished',
	'finished_aet',
	'finished_pen',
	'awarded',
	'result_unknown',
];
export const CORRECTED_STATUSES = ['finished', 'finished_aet', 'finished_pen'] as const;

/** Status changes the console asks to confirm first: none of them can be undone there. */
export const CONFIRMED_STATUSES: readonly MatchStatus[] = [
	'finished',
	'finished_aet',
	'finished_pen',
	'postponed',
	'abandoned',
	'cancelled',
];
