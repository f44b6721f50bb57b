/**
 * The shape of a live match, shared by the server (snapshots, SSE payloads, first paint)
 * and the browser (the `$liveMatches` store and the live islands). One definition here, so
 * a field added on one side cannot silently go missing on the other.
 */

import type { MatchStatus } from '../football/match-status';
import type { MatchClock } from './clock';

export { MATCH_STATUSES, type MatchStatus } from '../football/match-status';

export interface Score {
	home: number;
	away: number;
}

/** A team of a live match. The browser names national teams from `region` (live/names.ts). */
export interface LiveTeam {
	id: number;
	name: string;
	region?: string | null;
}

/** A match's live state as the server reads it from the `matches` table. */
export interface MatchState {
	matchId: string;
	status: MatchStatus;
	minute: number | null;
	score: Score | null;
	ht: Score | null;
	et: Score | null;
	pen: Score | null;
	version: number;
	updatedAt: string;
	kickoffAt: string;
	/** `region`: a national team's place code (lib/football/regions.ts), null for a club. */
	home: LiveTeam;
	away: LiveTeam;
	/** What the live list groups by, like the day list. */
	competition: { id: number; name: string; slug: string };
	isReplay: boolean;
	/** The running clock while the match is played (lib/live/clock.ts), else null. */
	clock: MatchClock | null;
}

/** One timeline entry as delivered: the event's payload plus its log id. */
export type TimelineItem = Record<string, unknown> & { id: number; type?: string };

/** A match in a snapshot: its state and its timeline from the live log, oldest first. */
export interface SnapshotMatch extends MatchState {
	timeline: TimelineItem[];
}

/**
 * A match as the browser holds it: a snapshot match, where the fields a partial message
 * may lack are optional, plus what only the browser tracks.
 */
export interface LiveMatchState
	extends Pick<
			SnapshotMatch,
			'matchId' | 'minute' | 'score' | 'home' | 'away' | 'isReplay' | 'timeline'
		>,
		Partial<
			Pick<SnapshotMatch, 'ht' | 'kickoffAt' | 'updatedAt' | 'version' | 'competition' | 'clock'>
		> {
	status: MatchStatus | (string & {});
	stats?: Record<string, [number, number]>;
	/** Log id of the latest published line-ups: the page fetches its line-ups part again. */
	lineupsId?: number;
}
