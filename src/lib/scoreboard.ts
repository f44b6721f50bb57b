/**
 * The match centre's one scoreboard, as the server builds it (server/views/match-page.ts)
 * and the Scoreboard component prints it: statically for a finished or future match, inside
 * the LiveMatchCentre island (which swaps in the live score and minute) while it is played.
 */

export interface ScoreboardTeam {
	name: string;
	href: string;
	crest: string;
}

export interface ScoreboardModel {
	matchId: string;
	/** The match status code (`data-status`, for styles and tests). */
	code: string;
	home: ScoreboardTeam;
	away: ScoreboardTeam;
	/** The stored score; null before kick-off ("v" is shown). The live island replaces it. */
	score: { home: number; away: number } | null;
	/** "a.e.t.", "4–2 pens": notes under the score. */
	notes: string[];
	/** "v" (the score of a match not started). */
	versus: string;
	/** "Full-time", "Postponed"; null while live (the island shows the minute). */
	status: string | null;
	/** A replay of a past match played back as if live: the badge says so. */
	replay: boolean;
}
