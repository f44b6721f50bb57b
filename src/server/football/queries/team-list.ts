import { sql } from 'drizzle-orm';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { queryDoc } from './doc';

export interface TeamListGroup {
	competition: { id: number; name: string; areaName: string; season: string };
	teams: { id: number; name: string; slug: string }[];
}

/**
 * `/team`: the teams of each competition's latest season, competitions by importance
 * (a club in both its league and the Champions League appears under both). One round trip.
 */
export function getTeamList(): Promise<TeamListGroup[]> {
	return cached('pages:team-list', 300_000, [LISTS_TAG], () =>
		queryDoc<TeamListGroup[]>(sql`WITH ls AS (
				SELECT DISTINCT ON (s.competition_id) s.id, s.competition_id, s.label FROM seasons s
				ORDER BY s.competition_id, s.start_date DESC NULLS LAST, s.label DESC)
			SELECT coalesce(json_agg(json_build_object(
				'competition', json_build_object('id', c.id, 'name', c.name, 'areaName', c.area_name, 'season', ls.label),
				'teams', (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY t.name), '[]'::json)
					FROM teams t WHERE t.id IN (SELECT home_team_id FROM matches WHERE season_id = ls.id
						UNION SELECT away_team_id FROM matches WHERE season_id = ls.id)))
				ORDER BY c.weight DESC, c.name), '[]'::json) AS doc
			FROM ls JOIN competitions c ON c.id = ls.competition_id`),
	);
}
