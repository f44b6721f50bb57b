/**
 * What the scoring console island and the server share: its labels (translated on the
 * server, `cms:score.*`), the view it starts from, and the pending-action queue's rules.
 */
import type { SnapshotMatch } from '../live/match-state';

export const SCORING_LABEL_KEYS = [
	'version',
	'holder',
	'youHold',
	'free',
	'takeover',
	'statusTitle',
	'kickoff',
	'halfTime',
	'secondHalf',
	'fullTime',
	'postponed',
	'abandoned',
	'eventTitle',
	'minute',
	'addedTime',
	'player',
	'goal',
	'penaltyGoal',
	'ownGoal',
	'yellow',
	'red',
	'timeline',
	'noEvents',
	'correct',
	'delete',
	'save',
	'cancel',
	'confirmDelete',
	'pending',
	'pendingCount',
	'offline',
	'conflict',
	'leaseHeld',
	'refresh',
	'failed',
	'saved',
	'savedRetry',
	'restore',
	'confirmStatus',
	'notAllowed',
	'home',
	'away',
] as const;
export type ScoringLabels = Record<(typeof SCORING_LABEL_KEYS)[number], string> & {
	/** Timeline entry names (the match centre's `live:events.*`). */
	events: Record<string, string>;
	/** Match statuses (`football:matchStatus.*`). */
	statuses: Record<string, string>;
};

export interface ConsoleLease {
	holderId: string;
	holder: string;
	expiresAt: string;
}

export interface ConsoleView {
	match: SnapshotMatch;
	lease: ConsoleLease | null;
}

/** One console action as sent to `/api/cms/matches/{id}/…`. */
export interface ScoringAction {
	/** Stable key for the pending list. */
	key: string;
	/**
	 * The `Idempotency-Key` of this intent: made once when the scorer clicks and sent again
	 * on every retry, so a retry after a lost answer gets the first answer, never a second goal.
	 */
	idempotencyKey: string;
	method: 'POST' | 'PATCH' | 'DELETE';
	/** Path below `/api/cms/matches/{id}`. */
	path: string;
	body: Record<string, unknown>;
	/** What the pending list shows. */
	label: string;
}

/**
 * The version a queued action is based on: every accepted action adds exactly one version,
 * so the n-th pending action (0-based) expects `known + n`. If anyone else changed the
 * match meanwhile the first stale one is refused with 409, and so is each after it: none is
 * applied on top of a state its scorer never saw.
 */
export function expectedVersion(known: number, position: number): number {
	return known + position;
}

/** A fresh Idempotency-Key (the payments forms make theirs the same way). */
export { newIdempotencyKey } from '../idempotency';
