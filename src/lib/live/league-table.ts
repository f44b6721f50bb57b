/**
 * Client-side recomputation of a league table while matches are being played: the server
 * sends the table of finished matches (its order already applies the competition's full
 * tie-break rules) and the fixtures in play; the live scores of those fixtures are added as
 * if they ended now. Ties the live scores create are broken by points, goal difference,
 * goals scored, then the server's order, which keeps the server's head-to-head decisions.
 */

import { isFinished, isLive } from '../football/match-status';
import type { StandingsRow } from '../standings';

/** A match of this table that the base rows do NOT count yet (live, or kicking off soon). */
export interface TableFixture {
	matchId: string;
	homeTeamId: number;
	awayTeamId: number;
}

/** A row of the server's table (finished matches only) with the live scores added. */
export interface LiveTableRow extends StandingsRow {
	/** Position in the server's table; `basePosition - position` > 0 means moved up. */
	basePosition: number;
	/** The team is playing one of the fixtures now. */
	playing: boolean;
}

/** What the recomputation needs of a match's live state. */
export interface FixtureState {
	status: string;
	score: { home: number; away: number } | null;
}

export const POINTS_FOR_WIN = 3;

/** A match's score counts in the table from kick-off, and stays once it is over. */
const counts = (status: string) => isLive(status) || isFinished(status);

export function liveTable(
	base: readonly StandingsRow[],
	fixtures: readonly TableFixture[],
	states: Readonly<Record<string, FixtureState | undefined>>,
): LiveTableRow[] {
	const rows = new Map<number, LiveTableRow>(
		base.map((r, i) => [
			r.team.id,
			{
				...r,
				position: i + 1,
				basePosition: i + 1,
				goalDifference: r.goalsFor - r.goalsAgainst,
				playing: false,
			},
		]),
	);
	const seen = new Set<string>();
	for (const f of fixtures) {
		if (seen.has(f.matchId)) continue;
		seen.add(f.matchId);
		const state = states[f.matchId];
		const home = rows.get(f.homeTeamId);
		const away = rows.get(f.awayTeamId);
		if (!state || !home || !away || !state.score || !counts(state.status)) continue;
		const { home: hg, away: ag } = state.score;
		const playing = isLive(state.status);
		home.playing ||= playing;
		away.playing ||= playing;
		home.played++;
		away.played++;
		home.goalsFor += hg;
		home.goalsAgainst += ag;
		away.goalsFor += ag;
		away.goalsAgainst += hg;
		if (hg > ag) {
			home.won++;
			away.lost++;
			home.points += POINTS_FOR_WIN;
		} else if (hg < ag) {
			away.won++;
			home.lost++;
			away.points += POINTS_FOR_WIN;
		} else {
			home.drawn++;
			away.drawn++;
			home.points++;
			away.points++;
		}
	}
	const list = [...rows.values()];
	for (const r of list) r.goalDifference = r.goalsFor - r.goalsAgainst;
	list.sort(
		(a, b) =>
			b.points - a.points ||
			b.goalDifference - a.goalDifference ||
			b.goalsFor - a.goalsFor ||
			a.basePosition - b.basePosition,
	);
	for (const [i, r] of list.entries()) r.position = i + 1;
	return list;
}
