import type { HeadToHead } from '../tables/head-to-head';
import type { StandingsRow } from '~/lib/standings';
import type { MatchDetail } from '../queries/match-detail';
import type { MatchSummary, TeamSummary } from '../queries/shape';

/** The API's JSON shapes (documented in openapi.ts). Dates are ISO 8601 UTC instants. */

const side = (p: [number, number] | null) => (p ? { home: p[0], away: p[1] } : null);
const team = (t: TeamSummary) => ({
	id: t.id,
	name: t.name,
	shortName: t.shortName,
	slug: t.slug,
	tla: t.tla,
});

export function matchJson(m: MatchSummary) {
	return {
		id: m.id,
		kickoff: m.kickoffAt.toISOString(),
		kickoffTimeKnown: m.kickoffTimeKnown,
		status: m.status,
		minute: m.minute,
		competition: { id: m.competition.id, slug: m.competition.slug, name: m.competition.name },
		season: m.season.label,
		round: m.round,
		stage: m.stage,
		group: m.groupName,
		matchday: m.matchday,
		homeTeam: team(m.home),
		awayTeam: team(m.away),
		score: {
			ht: side(m.score.ht),
			ft: side(m.score.ft),
			et: side(m.score.et),
			pen: side(m.score.pen),
		},
		winner: m.winner,
		version: m.version,
		updatedAt: m.updatedAt.toISOString(),
		// The live feed may replay a past match "as if live"; clients must not present it as news.
		// `replay` is the documented name; `isReplay` stays for clients written before it.
		replay: m.isReplay,
		isReplay: m.isReplay,
	};
}

/** A standings row with its group (null in a single table); the team reduced to its reference. */
export function rowJson(
	r: StandingsRow,
	group: string | null = null,
): StandingsRow & { group: string | null } {
	return { ...r, team: { id: r.team.id, name: r.team.name, slug: r.team.slug }, group };
}

export function h2hJson(h: HeadToHead) {
	return {
		team1: { id: h.team1.id, name: h.team1.name, slug: h.team1.slug },
		team2: { id: h.team2.id, name: h.team2.name, slug: h.team2.slug },
		played: h.played,
		team1Wins: h.team1Wins,
		draws: h.draws,
		team2Wins: h.team2Wins,
		team1Goals: h.team1Goals,
		team2Goals: h.team2Goals,
		meetings: h.meetings.map((m) => ({
			id: m.id,
			kickoff: m.kickoffAt.toISOString(),
			competition: m.competition,
			homeTeamId: m.homeTeamId,
			awayTeamId: m.awayTeamId,
			score: { home: m.homeGoals, away: m.awayGoals },
			pen: m.penHome != null && m.penAway != null ? { home: m.penHome, away: m.penAway } : null,
		})),
	};
}

/**
 * One match with its events as the public may see them now (the same as the match page and
 * the live stream: for a replay, only what has happened so far in the replay).
 */
export function matchDetailJson(d: MatchDetail) {
	return {
		...matchJson(d.match),
		venue: d.venue,
		events: d.events.map((e) => ({
			type: e.type,
			minute: e.minute,
			stoppage: e.stoppage,
			side: e.side,
			teamId: e.teamId,
			player: e.player,
			penalty: e.penalty,
			ownGoal: e.ownGoal,
			card: e.card,
			playerIn: e.playerIn,
			playerOut: e.playerOut,
			underReview: e.underReview,
		})),
		lineups: d.lineups,
		headToHead: h2hJson(d.headToHead),
		table: d.table
			? { group: d.table.group, rows: d.table.rows.map((r) => rowJson(r, d.table!.group)) }
			: null,
	};
}
