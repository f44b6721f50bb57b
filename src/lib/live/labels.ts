import type { MatchStatus } from '../football/match-status';
import type { LiveNames } from './names';

/**
 * Already-translated strings the live islands take as props (server side: `live:*` keys,
 * built by `src/server/live/labels.ts`). It lives in lib/ because the server builds these
 * shapes and the islands read them. `{n}` is a number of seconds or minutes; `{home}`,
 * `{away}` and `{score}` are filled in by the island.
 */
export interface LiveLabels {
	title: string;
	empty: string;
	replay: string;
	replayNote: string;
	halfTime: string;
	finished: string;
	ageSeconds: string;
	ageMinutes: string;
	ageUnknown: string;
	offline: string;
	connecting: string;
	/** Connected: said instead of an age that climbs while nothing changes. */
	connected: string;
	/**
	 * "Scores as of 14:05": when the page was made, in the visitor's zone, shown instead of
	 * the connection line when the browser runs no scripts (nothing will ever connect).
	 * Given by the page's view; absent, the line is left out.
	 */
	asOf?: string;
	/** The link beside `asOf` that loads the page again. */
	reload: string;
	reveal: string;
	hiddenScore: string;
	spoilerLabel: string;
	spoilerOff: string;
	spoilerHide: string;
	spoilerDelay: string;
	spoilerDelaySeconds: string;
	/** Delay mode while a live stream plays: "{n}" is the player's latency in seconds. */
	spoilerFollowsStream: string;
	announceGoal: string;
	announceRed: string;
	/** How to name matches first met in the live stream; absent in English (the data's names). */
	names?: LiveNames | null;
}

/** Timeline entry kinds (the server's TIMELINE_TYPES) and statistics the match centre names. */
export const TIMELINE_LABEL_KEYS = [
	'kickoff',
	'goal',
	'own_goal',
	'penalty_goal',
	'missed_penalty',
	'yellow',
	'second_yellow',
	'red',
	'substitution',
	'halftime',
	'second_half',
	'extra_time',
	'penalties',
	'fulltime',
	'var',
] as const;
export const STAT_LABEL_KEYS = [
	'possession',
	'shots',
	'shotsOnTarget',
	'corners',
	'fouls',
	'offsides',
	'yellowCards',
	'redCards',
	'saves',
] as const;

export interface MatchCentreLabels extends LiveLabels {
	timelineTitle: string;
	statsTitle: string;
	/** One line instead of the statistics when the feed has none for this match. */
	noStats: string;
	noEvents: string;
	notStarted: string;
	afterExtraTime: string;
	afterPenalties: string;
	/** An entry under video review: `{event}` is its name ("Goal under review"). */
	underReview: string;
	events: Record<(typeof TIMELINE_LABEL_KEYS)[number], string>;
	/** Every status by name, for a match the page follows that is not being played (postponed…). */
	statuses: Record<MatchStatus, string>;
	stats: Record<(typeof STAT_LABEL_KEYS)[number], string>;
}

export interface LeagueTableLabels extends LiveLabels {
	tableTitle: string;
	liveNote: string;
	position: string;
	team: string;
	played: string;
	won: string;
	drawn: string;
	lost: string;
	goalDifference: string;
	points: string;
	playingNow: string;
	movedUp: string;
	movedDown: string;
}
