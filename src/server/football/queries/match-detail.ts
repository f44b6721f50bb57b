import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG, matchTag } from '~/server/cache/tags';
import { computeHeadToHead, type HeadToHead } from '../tables/head-to-head';
import { tieBreakRule } from '../tables/rules';
import type { TableRow, TeamRef } from '../tables/standings';
import { h2hMatchesFrom, type RawMeeting } from './head-to-head';
import { IMPORTED_EVENTS_JSON, publicEventsOf, type MatchEvent } from './public-events';
import { json, query } from './sql';
import { MATCH_JOINS, MATCH_JSON, RESULT_STATUS_SQL, toMatch, type MatchSummary } from './shape';
import { tablesFrom, type SeasonMatchRow } from './standings';

export type { MatchEvent };

export interface LineupEntry {
	teamId: number;
	player: string;
	shirtNumber: number | null;
	position: string | null;
	starter: boolean;
}

export interface MatchDetail {
	match: MatchSummary;
	venue: { name: string; city: string | null } | null;
	/** As the public may see them now (public-events.ts): a replay's only up to its minute. */
	events: MatchEvent[];
	lineups: LineupEntry[];
	headToHead: HeadToHead;
	/**
	 * Rows of the match's table (league, league phase or group) around both teams: each
	 * team's row with up to two neighbours either side. Null for knockout matches.
	 */
	table: { group: string | null; rows: TableRow[]; all: TableRow[]; highlight: number[] } | null;
}

/**
 * Everything the match centre shows: in ONE round trip the match, its line-ups, every
 * earlier meeting of the two teams and the season's table matches; then its events as the
 * public may see them now (public-events.ts). Undefined for an unknown id.
 */
export async function getMatchDetail(
	db: Database,
	id: number,
	now: Date = new Date(),
): Promise<MatchDetail | undefined> {
	const row = await cached(`match:${id}`, 30_000, [matchTag(id), LISTS_TAG], async () => {
		const [r] = await query<Record<string, unknown>>(
			db,
			sql`SELECT ${MATCH_JSON} AS m, ${IMPORTED_EVENTS_JSON} AS imported,
				EXISTS (SELECT 1 FROM live_events le WHERE le.match_id = m.id::text) AS logged,
				(SELECT json_build_object('name', v.name, 'city', v.city) FROM venues v WHERE v.id = m.venue_id) AS venue,
				(SELECT coalesce(json_agg(json_build_object('teamId', l.team_id, 'player', l.player_name,
					'shirtNumber', l.shirt_number, 'position', l.position, 'starter', l.starter)
					ORDER BY l.team_id, NOT l.starter, l.shirt_number NULLS LAST), '[]')
					FROM lineups l WHERE l.match_id = m.id) AS lineups,
				(SELECT coalesce(json_agg(json_build_object('id', x.id, 'k', x.kickoff_at, 'h', x.home_team_id,
					'a', x.away_team_id, 'fh', x.ft_home, 'fa', x.ft_away, 'eh', x.et_home, 'ea', x.et_away,
					'ph', x.pen_home, 'pa', x.pen_away, 'c', xc.name)), '[]')
					FROM matches x JOIN seasons xs ON xs.id = x.season_id JOIN competitions xc ON xc.id = xs.competition_id
					WHERE x.status IN ${RESULT_STATUS_SQL} AND x.ft_home IS NOT NULL
					AND ((x.home_team_id = m.home_team_id AND x.away_team_id = m.away_team_id)
						OR (x.home_team_id = m.away_team_id AND x.away_team_id = m.home_team_id))) AS meetings,
				CASE WHEN m.stage IN ('regular', 'league_phase', 'group') THEN
					(SELECT coalesce(json_agg(json_build_object('id', x.id, 'h', x.home_team_id, 'a', x.away_team_id,
						'hg', x.ft_home, 'ag', x.ft_away, 'k', x.kickoff_at, 'md', x.matchday, 'g', x.group_name,
						'done', x.status IN ${RESULT_STATUS_SQL} AND x.ft_home IS NOT NULL)), '[]')
						FROM matches x WHERE x.season_id = m.season_id AND x.stage = m.stage
						AND x.group_name IS NOT DISTINCT FROM m.group_name)
				END AS season_matches,
				CASE WHEN m.stage IN ('regular', 'league_phase', 'group') THEN
					(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug)), '[]')
						FROM teams t WHERE t.id IN (
							SELECT home_team_id FROM matches x WHERE x.season_id = m.season_id AND x.stage = m.stage
								AND x.group_name IS NOT DISTINCT FROM m.group_name
							UNION SELECT away_team_id FROM matches x WHERE x.season_id = m.season_id AND x.stage = m.stage
								AND x.group_name IS NOT DISTINCT FROM m.group_name))
				END AS season_teams
			FROM matches m ${MATCH_JOINS} WHERE m.id = ${id}`,
		);
		// Never the imported match_events directly: for a replay they are its future, and a
		// match scored live has none (issue 27). Cached with the row: a live change drops both
		// (matchTag), so a cached score and its events are never of different moments.
		if (!r) return r;
		const m = json<{
			status: string;
			isReplay: boolean;
			home: { id: number };
			away: { id: number };
		}>(r.m);
		const events = await publicEventsOf(
			db,
			{
				id,
				status: m.status,
				isReplay: m.isReplay,
				home: m.home.id,
				away: m.away.id,
				logged: r.logged === true || r.logged === 't',
			},
			r.imported,
		);
		return Object.assign(r, { events, imported: undefined });
	});
	if (!row) return undefined;
	const match = toMatch(row.m, now);
	const home: TeamRef = { id: match.home.id, name: match.home.name, slug: match.home.slug };
	const away: TeamRef = { id: match.away.id, name: match.away.name, slug: match.away.slug };
	const { events } = row;
	let table: MatchDetail['table'] = null;
	if (row.season_matches) {
		const teams = new Map(json<TeamRef[]>(row.season_teams).map((t) => [t.id, t]));
		const [computed] = tablesFrom(
			json<SeasonMatchRow[]>(row.season_matches),
			teams,
			tieBreakRule(match.competition.code, match.season.label),
		);
		if (computed)
			table = {
				group: computed.group,
				rows: around(computed.rows, [home.id, away.id]),
				// The whole table: a match page following the match live moves it as goals go in.
				all: computed.rows,
				highlight: [home.id, away.id],
			};
	}
	return {
		match,
		venue: json<MatchDetail['venue']>(row.venue) ?? null,
		events,
		lineups: json<LineupEntry[]>(row.lineups),
		headToHead: computeHeadToHead(home, away, h2hMatchesFrom(json<RawMeeting[]>(row.meetings))),
		table,
	};
}

/** The rows within two places of any of `teamIds`, in table order. */
export function around(rows: TableRow[], teamIds: number[], reach = 2): TableRow[] {
	const keep = new Set<number>();
	rows.forEach((r, i) => {
		if (teamIds.includes(r.team.id)) for (let j = i - reach; j <= i + reach; j++) keep.add(j);
	});
	return rows.filter((_, i) => keep.has(i));
}
