/**
 * What the scoring console's review/hold controls and its "more events" panel share with the
 * server: the label keys (`cmshold:*`, translated on the server), the types the island
 * takes, and the hold rule as the browser reads it from the timeline.
 */
import type { TimelineItem } from '../live/match-state';

export const HOLD_LABEL_KEYS = [
	'review',
	'reviewHint',
	'varCheck',
	'onHold',
	'onHoldVar',
	'confirm',
	'cancelReview',
	'confirmCancel',
	'underReview',
	'refused',
	'moreTitle',
	'secondYellow',
	'substitution',
	'playerOff',
	'playerOn',
	'extraTime',
	'shootout',
	'taker',
	'kickScored',
	'kickMissed',
	'shootoutScore',
	'afterExtraTime',
	'afterPenalties',
] as const;
export type HoldLabels = Record<(typeof HOLD_LABEL_KEYS)[number], string>;

/** Names the console offers for player fields (published line-up first, else the squad). */
export interface ConsoleSquads {
	home: string[];
	away: string[];
}

/** Entry types that may be recorded under review (the server's REVIEWABLE). */
export const REVIEWABLE_TYPES = ['goal', 'penalty_goal', 'own_goal', 'red', 'var'] as const;

export const isReviewable = (type: string): boolean =>
	(REVIEWABLE_TYPES as readonly string[]).includes(type);

/**
 * The entry under review that holds the match, or null: the same rule as the server's
 * (hold.ts), read from the timeline the console shows (cancelled entries are gone from it).
 */
export function heldBy(timeline: readonly TimelineItem[]): TimelineItem | null {
	for (let i = timeline.length - 1; i >= 0; i--) {
		const item = timeline[i];
		if (item && item.review === true) return item;
	}
	return null;
}
