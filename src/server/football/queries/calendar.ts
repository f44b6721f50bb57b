import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { query } from './sql';
import { MATCH_JOINS, MATCH_JSON, toMatch, type MatchSummary } from './shape';
import { competitionWhere } from './standings';

/**
 * Matches for a calendar feed: every match of a team, or one season of a competition (its
 * latest unless `season` names another). Undefined when the team, competition or season is
 * unknown. One round trip.
 */
export async function calendarMatches(
	db: Database,
	target: { teamId: number } | { competition: string | number; season?: string | undefined },
	now: Date = new Date(),
): Promise<{ name: string; matches: MatchSummary[] } | undefined> {
	const key =
		'teamId' in target
			? `ics:team:${target.teamId}`
			: `ics:competition:${target.competition}:${target.season ?? ''}`;
	const rows = await cached(key, 60_000, [LISTS_TAG], () =>
		'teamId' in target
			? query<{ name: string; m: unknown }>(
					db,
					sql`SELECT t.name, x.m FROM teams t LEFT JOIN LATERAL (
						SELECT ${MATCH_JSON} AS m, m.kickoff_at, m.id FROM matches m ${MATCH_JOINS}
						WHERE m.home_team_id = t.id OR m.away_team_id = t.id) x ON true
					WHERE t.id = ${target.teamId} ORDER BY x.kickoff_at, x.id`,
				)
			: query<{ name: string; m: unknown }>(
					db,
					sql`SELECT c.name || ' ' || cs.label AS name, x.m FROM competitions c
					JOIN LATERAL (SELECT * FROM seasons s0 WHERE s0.competition_id = c.id
						AND (${target.season ?? null}::text IS NULL OR s0.label = ${target.season ?? null})
						ORDER BY s0.start_date DESC NULLS LAST, s0.label DESC LIMIT 1) cs ON true
					LEFT JOIN LATERAL (SELECT ${MATCH_JSON} AS m, m.kickoff_at, m.id FROM matches m ${MATCH_JOINS}
						WHERE m.season_id = cs.id) x ON true
					WHERE ${competitionWhere(target.competition)} ORDER BY x.kickoff_at, x.id`,
				),
	);
	if (rows.length === 0) return undefined;
	return {
		name: rows[0]!.name,
		matches: rows.filter((r) => r.m != null).map((r) => toMatch(r.m, now)),
	};
}
