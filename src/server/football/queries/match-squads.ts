import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { json, query } from './sql';

/** A team's squad as the line-up widget shows it when no line-up is published. */
export interface TeamSquad {
	teamId: number;
	season: string;
	competition: string;
	players: { name: string; shirtNumber: number | null; position: string | null }[];
}

/**
 * The squads of a match's two teams, in one round trip: the squad of the match's own season
 * when the data has one, else the team's latest (World Cup 2026 for national teams). A team
 * without any squad is left out.
 */
export function matchSquads(
	db: Database,
	match: { seasonId: number; teamIds: readonly [number, number] },
): Promise<TeamSquad[]> {
	const [home, away] = match.teamIds;
	return cached(
		`match-squads:${match.seasonId}:${home}:${away}`,
		300_000,
		[LISTS_TAG],
		async () => {
			const rows = await query<{
				team_id: number;
				season: string;
				competition: string;
				players: unknown;
			}>(
				db,
				sql`SELECT t.team_id, sq.label AS season, sq.cname AS competition,
					json_agg(json_build_object('name', p.name, 'shirtNumber', q.shirt_number,
						'position', coalesce(q.position, p.position)) ORDER BY q.shirt_number NULLS LAST, p.name) AS players
				FROM (VALUES (${home}::int, 0), (${away}::int, 1)) AS t(team_id, side)
				CROSS JOIN LATERAL (SELECT s.id, s.label, c.name AS cname FROM squads q2
					JOIN seasons s ON s.id = q2.season_id JOIN competitions c ON c.id = s.competition_id
					WHERE q2.team_id = t.team_id
					ORDER BY (s.id = ${match.seasonId}) DESC, s.start_date DESC NULLS LAST LIMIT 1) AS sq
				JOIN squads q ON q.season_id = sq.id AND q.team_id = t.team_id
				JOIN players p ON p.id = q.player_id
				GROUP BY t.team_id, t.side, sq.label, sq.cname ORDER BY t.side`,
			);
			return rows.map((r) => ({
				teamId: Number(r.team_id),
				season: r.season,
				competition: r.competition,
				players: json<TeamSquad['players']>(r.players),
			}));
		},
	);
}
