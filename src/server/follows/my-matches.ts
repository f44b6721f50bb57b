import { sql } from 'drizzle-orm';
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
	const ids = (kind: Follow['kind']) =>
		`{${list
			.filter((f) => f.kind === kind)
			.map((f) => f.id)
			.join(',')}}`;
	// Today starts at midnight UTC minus the widest time-zone offset, so a match that is
	// "today" anywhere is still listed as next.
	const from = new Date(
		Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 14 * 3600_000,
	);
	const rows = rowsOf<Row & { upcoming: boolean }>(
		await d.execute(sql`
			WITH picked AS (
				SELECT m.* FROM matches m
				WHERE m.home_team_id = ANY(${ids('team')}::int[])
					OR m.away_team_id = ANY(${ids('team')}::int[])
					OR m.id = ANY(${ids('match')}::int[])
					OR m.season_id IN (
						SELECT DISTINCT ON (s.competition_id) s.id FROM seasons s
						WHERE s.competition_id = ANY(${ids('competition')}::int[])
						ORDER BY s.competition_id, s.start_date DESC NULLS LAST, s.label DESC)
			), shaped AS (
				SELECT p.id, p.kickoff_at, p.kickoff_time_known, p.status, p.minute, p.ft_home,
					p.ft_away, p.et_home, p.et_away, c.name AS competition, th.name AS home, ta.name AS away,
					(p.status IN ('live', 'half_time') OR p.kickoff_at >= ${from.toISOString()}::timestamptz)
						AS upcoming
				FROM picked p JOIN seasons s ON s.id = p.season_id
				JOIN competitions c ON c.id = s.competition_id
				JOIN teams th ON th.id = p.home_team_id JOIN teams ta ON ta.id = p.away_team_id
			)
			(SELECT * FROM shaped WHERE upcoming ORDER BY kickoff_at, id LIMIT ${NEXT_LIMIT})
			UNION ALL
			(SELECT * FROM shaped WHERE NOT upcoming ORDER BY kickoff_at DESC, id DESC LIMIT ${RECENT_LIMIT})`),
	);
	const next: FollowedMatch[] = [];
	const recent: FollowedMatch[] = [];
	for (const row of rows) (row.upcoming ? next : recent).push(toFollowed(row, now));
	return { next, recent };
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
