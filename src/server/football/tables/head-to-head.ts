import type { TeamRef } from './standings';

/** A meeting as head-to-head sees it (finished matches only). */
export interface H2HMatch {
	id: number;
	kickoffAt: Date;
	homeTeamId: number;
	awayTeamId: number;
	/** Goals after extra time when played, else after 90 minutes. */
	homeGoals: number;
	awayGoals: number;
	/** Shoot-out score when there was one (reported, never used to pick a winner). */
	penHome: number | null;
	penAway: number | null;
	competition: string;
}

export interface HeadToHead {
	team1: TeamRef;
	team2: TeamRef;
	played: number;
	team1Wins: number;
	draws: number;
	team2Wins: number;
	team1Goals: number;
	team2Goals: number;
	/** Newest first. */
	meetings: H2HMatch[];
}

/**
 * Every meeting of two teams, with wins, draws, losses and goals from team1's side. A match
 * decided by a shoot-out counts as a draw (the shoot-out is not part of the result, and
 * upstream shoot-out numbers are not always right); extra-time goals count.
 */
export function computeHeadToHead(team1: TeamRef, team2: TeamRef, matches: H2HMatch[]): HeadToHead {
	const meetings = matches
		.filter(
			(m) =>
				(m.homeTeamId === team1.id && m.awayTeamId === team2.id) ||
				(m.homeTeamId === team2.id && m.awayTeamId === team1.id),
		)
		.sort((a, b) => b.kickoffAt.getTime() - a.kickoffAt.getTime());
	const out: HeadToHead = {
		team1,
		team2,
		played: 0,
		team1Wins: 0,
		draws: 0,
		team2Wins: 0,
		team1Goals: 0,
		team2Goals: 0,
		meetings,
	};
	for (const m of meetings) {
		const mine = m.homeTeamId === team1.id ? m.homeGoals : m.awayGoals;
		const theirs = m.homeTeamId === team1.id ? m.awayGoals : m.homeGoals;
		out.played++;
		out.team1Goals += mine;
		out.team2Goals += theirs;
		if (mine > theirs) out.team1Wins++;
		else if (mine < theirs) out.team2Wins++;
		else out.draws++;
	}
	return out;
}
