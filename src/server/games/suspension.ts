/**
 * Pure suspension rules. A game suspends for a fixed window after every goal, card or
 * correction (so a viewer whose picture is ahead of the feed gains nothing), whenever a real
 * match's feed has said nothing for longer than a threshold, and once regular time is over
 * (the 90-minute result is then known while the match may still run into extra time).
 */

import { isLive } from '~/lib/football/match-status';

/** Timeline entries that suspend the games of their match. */
export const SUSPENDING_ENTRIES = new Set([
	'goal',
	'own_goal',
	'penalty_goal',
	'missed_penalty',
	'yellow',
	'second_yellow',
	'red',
	'var',
]);

export interface SuspensionSettings {
	/** Window after a goal, card or correction. */
	windowMs: number;
	/** A live real match whose last committed change is older than this is suspended. */
	staleMs: number;
}

export type SuspensionReason = 'incident' | 'stale' | 'regular_time_over';

export interface Suspension {
	reason: SuspensionReason;
	/** When picks open again (ms), null when it depends on the feed. */
	until: number | null;
}

/** Whether a live change suspends its match's games. */
export function suspends(change: { kind: string; entryType?: string | null }): boolean {
	if (change.kind === 'correction') return true;
	return change.entryType ? SUSPENDING_ENTRIES.has(change.entryType) : false;
}

/**
 * Why a game of an in-play match is suspended at `now`, or null. Replays are exempt from the
 * stale rule: their feed is this server, which writes only at incidents, and their result is
 * public history anyway (which is why they have their own leaderboard).
 */
export function suspensionAt(
	game: { suspendedUntil: number | null },
	match: { status: string; minute: number | null; updatedAt: number; isReplay: boolean },
	now: number,
	settings: SuspensionSettings,
): Suspension | null {
	if (match.status === 'live' && match.minute !== null && match.minute > 90)
		return { reason: 'regular_time_over', until: null };
	if (game.suspendedUntil !== null && game.suspendedUntil > now)
		return { reason: 'incident', until: game.suspendedUntil };
	const inPlay = isLive(match.status);
	if (inPlay && !match.isReplay && now - match.updatedAt > settings.staleMs)
		return { reason: 'stale', until: null };
	return null;
}
