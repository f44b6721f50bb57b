import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { query } from './sql';
import { competitionWhere } from './standings';

export interface Scorer {
	rank: number;
	player: string;
	team: { id: number; name: string; slug: string };
	goals: number;
	penalties: number;
}

/**
 * Top scorers of a season (default the latest), from goal events: own goals do not count
 * for the player. Players level on goals share a rank. Empty when the data has no scorers
 * (the league files). A match the replay feed is playing back is left out until its replay
 * ends: its match_events are the real, final ones, and counting them would give away goals
 * the replay has not reached (issue 27); a match played live is not counted before either.
 */
export async function topScorers(
	db: Database,
	idOrSlug: string | number,
	opts: { season?: string; limit?: number } = {},
): Promise<Scorer[]> {
	const limit = Math.min(100, Math.max(1, opts.limit ?? 20));
	return cached(
		`scorers:${idOrSlug}:${opts.season ?? ''}:${limit}`,
		60_000,
		[LISTS_TAG],
		async () => {
			const rows = await query<{
				player: string;
				id: number;
				name: string;
				slug: string;
				goals: number;
				penalties: number;
			}>(
				db,
				sql`WITH s AS (SELECT s.id FROM seasons s JOIN competitions c ON c.id = s.competition_id
				WHERE ${competitionWhere(idOrSlug)} AND (${opts.season ?? null}::text IS NULL OR s.label = ${opts.season ?? null})
				ORDER BY s.start_date DESC NULLS LAST, s.label DESC LIMIT 1)
			SELECT e.player_name AS player, t.id, t.name, t.slug, count(*)::int AS goals,
				count(*) FILTER (WHERE e.penalty)::int AS penalties
			FROM s JOIN matches m ON m.season_id = s.id JOIN match_events e ON e.match_id = m.id
				JOIN teams t ON t.id = e.team_id
			WHERE e.type = 'goal' AND NOT e.own_goal AND e.player_name IS NOT NULL
				AND NOT EXISTS (SELECT 1 FROM live_replays r WHERE r.match_id = m.id)
			GROUP BY e.player_name, t.id, t.name, t.slug
			ORDER BY goals DESC, penalties ASC, e.player_name LIMIT ${limit}`,
			);
			let rank = 0;
			let last = -1;
			return rows.map((r, i) => {
				if (r.goals !== last) {
					rank = i + 1;
					last = r.goals;
				}
				return {
					rank,
					player: r.player,
					team: { id: Number(r.id), name: r.name, slug: r.slug },
					goals: Number(r.goals),
					penalties: Number(r.penalties),
				};
			});
		},
	);
}
