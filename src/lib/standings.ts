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

/** What a team has played and scored: the counts every kind of table row carries. */
export interface StandingsCounts {
	played: number;
	won: number;
	drawn: number;
	lost: number;
	goalsFor: number;
	goalsAgainst: number;
}

export interface StandingsRow extends StandingsCounts {
	position: number;
	team: StandingsTeam;
	goalDifference: number;
	points: number;
	/** Last five results, oldest first, e.g. "WWDLW". */
	form: string;
	/** Places gained (+) or lost (-) since the previous matchday; null when unknown. */
	positionChange: number | null;
}

/** The counts of a row alone, in column order (the API's JSON keeps that order). */
export function standingsCounts(r: StandingsCounts): StandingsCounts {
	return {
		played: r.played,
		won: r.won,
		drawn: r.drawn,
		lost: r.lost,
		goalsFor: r.goalsFor,
		goalsAgainst: r.goalsAgainst,
	};
}
