/**
 * The one shape of a standings (league table) row. The server computes it
 * (server/football/tables), the site API publishes it, the league page renders it and the
 * live table island recomputes it in the browser; the island may not import server/, so
 * the shape lives here, where both sides may.
 */

/** A team as a table names and links it. */
export interface StandingsTeam {
	id: number;
	name: string;
	slug: string;
}

export interface StandingsRow {
	position: number;
	team: StandingsTeam;
	played: number;
	won: number;
	drawn: number;
	lost: number;
	goalsFor: number;
	goalsAgainst: number;
	goalDifference: number;
	points: number;
	/** Last five results, oldest first, e.g. "WWDLW". */
	form: string;
	/** Places gained (+) or lost (-) since the previous matchday; null when unknown. */
	positionChange: number | null;
}
