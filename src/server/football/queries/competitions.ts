import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { json, query } from './sql';
import { PLAYED_SQL, type CompetitionRef } from './shape';
import { competitionWhere, type SeasonRef } from './standings';

export interface CompetitionListItem extends CompetitionRef {
	areaCode: string;
	/** Label of the latest season ("2025-26", "2026"). */
	currentSeason: string | null;
	seasons: string[];
}

export interface AreaGroup {
	area: { code: string; name: string };
	competitions: CompetitionListItem[];
}

export interface CompetitionDetail {
	competition: CompetitionRef & { areaCode: string; timeZone: string };
	/** Newest first, with how many matches and results each holds. */
	seasons: (SeasonRef & { matches: number; played: number })[];
}

/** Every competition, one round trip, weightiest first. */
export async function listCompetitions(db: Database): Promise<CompetitionListItem[]> {
	return cached('competitions', 300_000, [LISTS_TAG], async () => {
		const rows = await query<Record<string, unknown>>(
			db,
			sql`SELECT c.id, c.code, c.slug, c.name, c.type, c.area_code AS "areaCode", c.area_name AS "areaName",
				(SELECT coalesce(json_agg(s.label ORDER BY s.start_date DESC NULLS LAST, s.label DESC), '[]')
					FROM seasons s WHERE s.competition_id = c.id) AS seasons
			FROM competitions c ORDER BY c.weight DESC, c.name`,
		);
		return rows.map((r) => {
			const seasons = json<string[]>(r.seasons);
			return {
				id: Number(r.id),
				code: String(r.code),
				slug: String(r.slug),
				name: String(r.name),
				type: r.type as CompetitionRef['type'],
				areaCode: String(r.areaCode),
				areaName: String(r.areaName),
				currentSeason: seasons[0] ?? null,
				seasons,
			};
		});
	});
}

/**
 * Competitions grouped by country or area, for `/league`: national leagues by country
 * (alphabetical), then international ones (Europe, World).
 */
export async function listCompetitionsByArea(db: Database): Promise<AreaGroup[]> {
	const groups = new Map<string, AreaGroup>();
	for (const c of await listCompetitions(db)) {
		const g = groups.get(c.areaCode) ?? {
			area: { code: c.areaCode, name: c.areaName },
			competitions: [],
		};
		g.competitions.push(c);
		groups.set(c.areaCode, g);
	}
	const international = new Set(['EUR', 'WLD']);
	return [...groups.values()].sort(
		(a, b) =>
			Number(international.has(a.area.code)) - Number(international.has(b.area.code)) ||
			a.area.name.localeCompare(b.area.name, 'en'),
	);
}

/** One competition (id or slug) with its seasons; undefined when unknown. */
export async function getCompetition(
	db: Database,
	idOrSlug: string | number,
): Promise<CompetitionDetail | undefined> {
	return cached(`competition:${idOrSlug}`, 300_000, [LISTS_TAG], async () => {
		const [row] = await query<Record<string, unknown>>(
			db,
			sql`SELECT json_build_object('id', c.id, 'code', c.code, 'slug', c.slug, 'name', c.name, 'type', c.type,
				'areaCode', c.area_code, 'areaName', c.area_name, 'timeZone', c.time_zone) AS competition,
				(SELECT coalesce(json_agg(json_build_object('id', s.id, 'label', s.label, 'name', s.name,
					'startDate', s.start_date, 'endDate', s.end_date,
					'matches', (SELECT count(*) FROM matches m WHERE m.season_id = s.id),
					'played', (SELECT count(*) FROM matches m WHERE m.season_id = s.id AND ${PLAYED_SQL}))
					ORDER BY s.start_date DESC NULLS LAST, s.label DESC), '[]')
					FROM seasons s WHERE s.competition_id = c.id) AS seasons
			FROM competitions c WHERE ${competitionWhere(idOrSlug)}`,
		);
		if (!row) return undefined;
		return {
			competition: json<CompetitionDetail['competition']>(row.competition),
			seasons: json<CompetitionDetail['seasons']>(row.seasons),
		};
	});
}
