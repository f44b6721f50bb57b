import { type SQL, sql } from 'drizzle-orm';
import type { Follow, FollowedMatch } from '~/lib/follows';
import { matchPath } from '~/lib/urls';
import { type Database, getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { effectiveStatus } from '../football/status';

export interface MyMatches {
	/** Matches in play, today's and the next ones, soonest first. */
	next: FollowedMatch[];
	/** The latest results, newest first. */
	recent: FollowedMatch[];
}

const NEXT_LIMIT = 10;
const RECENT_LIMIT = 5;

/**
 * "My matches" for a list of follows: the matches of followed teams, of the latest season of
 * followed competitions, and followed single matches. The list comes from the caller (the
 * browser's own list for guests, the account's for members), so the answer holds nothing
 * personal and the same list always gives the same answer.
 */
export async function myMatches(
	list: readonly Follow[],
	now: Date = new Date(),
	db?: Database,
): Promise<MyMatches> {
	if (list.length === 0) return { next: [], recent: [] };
	const d = db ?? (await getDb());
	// Today starts at midnight UTC minus the widest time-zone offset, so a match that is
	// "today" anywhere is still listed as next.
	const from = new Date(
		Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 14 * 3600_000,
	);
	const rows = rowsOf<Row & { upcoming: boolean }>(
		await d.execute(sql`
			WITH picked_seasons AS (
				SELECT DISTINCT ON (s.competition_id) s.id FROM seasons s
				WHERE s.competition_id = ANY(${idArray(list, 'competition')})
				ORDER BY s.competition_id, s.start_date DESC NULLS LAST, s.label DESC
			), next_ids AS (${pickIds(list, from, true)}), recent_ids AS (${pickIds(list, from, false)})
			SELECT m.id, m.kickoff_at, m.kickoff_time_known, m.status, m.minute, m.ft_home,
				m.ft_away, m.et_home, m.et_away, c.name AS competition, th.name AS home, ta.name AS away,
				p.upcoming
			FROM (SELECT id, true AS upcoming FROM next_ids
				UNION ALL SELECT id, false FROM recent_ids) p
			JOIN matches m ON m.id = p.id JOIN seasons s ON s.id = m.season_id
			JOIN competitions c ON c.id = s.competition_id
			JOIN teams th ON th.id = m.home_team_id JOIN teams ta ON ta.id = m.away_team_id
			ORDER BY p.upcoming DESC,
				CASE WHEN p.upcoming THEN m.kickoff_at END, CASE WHEN p.upcoming THEN m.id END,
				m.kickoff_at DESC, m.id DESC`),
	);
	const next: FollowedMatch[] = [];
	const recent: FollowedMatch[] = [];
	for (const row of rows) (row.upcoming ? next : recent).push(toFollowed(row, now));
	return { next, recent };
}

const LIVE = sql`('live', 'half_time')`;

/** The ids of one kind of follow as a PostgreSQL int array parameter. */
const idArray = (list: readonly Follow[], kind: Follow['kind']) =>
	sql`${`{${list
		.filter((f) => f.kind === kind)
		.map((f) => f.id)
		.join(',')}}`}::int[]`;

/**
 * The ids of the next (`upcoming`) or the latest matches of a follows list, in one statement
 * of small index probes (issue 28/7: 8 clients asking for 100 teams slowed the whole API).
 * Each followed team, as home and as away side, and each followed competition's latest
 * season (the `picked_seasons` CTE) gives at most the list's length of matches, read in
 * order from its `(team, kickoff)` or `(season, kickoff)` index; the union of these short
 * lists holds the overall first ones. Matches in play come from the partial live index, single
 * matches by primary key. The old form (`home = ANY(...) OR away = ANY(...) OR ...`) read
 * every match the teams ever played and sorted them all.
 */
function pickIds(list: readonly Follow[], from: Date, upcoming: boolean) {
	const arr = (kind: Follow['kind']) => idArray(list, kind);
	const at = sql`${from.toISOString()}::timestamptz`;
	const limit = upcoming ? NEXT_LIMIT : RECENT_LIMIT;
	const window = upcoming
		? sql`m.kickoff_at >= ${at}`
		: sql`m.kickoff_at < ${at} AND m.status NOT IN ${LIVE}`;
	const order = upcoming ? sql`m.kickoff_at, m.id` : sql`m.kickoff_at DESC, m.id DESC`;
	const probe = (keys: SQL, column: 'home_team_id' | 'away_team_id' | 'season_id') => sql`
		SELECT x.id, x.kickoff_at FROM ${keys} CROSS JOIN LATERAL (
			SELECT m.id, m.kickoff_at FROM matches m
			WHERE m.${sql.raw(column)} = k.id AND ${window} ORDER BY ${order} LIMIT ${limit}) x`;
	const teams = sql`unnest(${arr('team')}) AS k(id)`;
	// In play, whatever the kick-off: the few rows of the partial index, filtered by the list.
	const live = upcoming
		? sql`UNION ALL SELECT m.id, m.kickoff_at FROM matches m
			WHERE m.status IN ${LIVE} AND (m.home_team_id = ANY(${arr('team')})
				OR m.away_team_id = ANY(${arr('team')}) OR m.id = ANY(${arr('match')})
				OR m.season_id IN (SELECT id FROM picked_seasons))`
		: sql``;
	return sql`
		SELECT DISTINCT c.id, c.kickoff_at FROM (
			${probe(teams, 'home_team_id')}
			UNION ALL ${probe(teams, 'away_team_id')}
			UNION ALL ${probe(sql`picked_seasons AS k`, 'season_id')}
			UNION ALL SELECT m.id, m.kickoff_at FROM matches m
				WHERE m.id = ANY(${arr('match')}) AND ${window}
			${live}
		) c ORDER BY ${upcoming ? sql`c.kickoff_at, c.id` : sql`c.kickoff_at DESC, c.id DESC`}
		LIMIT ${limit}`;
}

interface Row {
	id: number;
	kickoff_at: Date | string;
	kickoff_time_known: boolean;
	status: string;
	minute: number | null;
	ft_home: number | null;
	ft_away: number | null;
	et_home: number | null;
	et_away: number | null;
	competition: string;
	home: string;
	away: string;
}

function toFollowed(row: Row, now: Date): FollowedMatch {
	const kickoff = row.kickoff_at instanceof Date ? row.kickoff_at : new Date(row.kickoff_at);
	const id = Number(row.id);
	return {
		id,
		path: matchPath({ id }),
		kickoffAt: kickoff.toISOString(),
		kickoffTimeKnown: row.kickoff_time_known,
		status: effectiveStatus(row.status as never, kickoff, now),
		minute: row.minute,
		competition: row.competition,
		home: row.home,
		away: row.away,
		// After extra time the score that stands is the one after it.
		score: pair(row.et_home, row.et_away) ?? pair(row.ft_home, row.ft_away),
	};
}

const pair = (a: number | null, b: number | null): [number, number] | null =>
	a === null || b === null ? null : [a, b];
