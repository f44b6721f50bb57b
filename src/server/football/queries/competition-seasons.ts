import { sql } from 'drizzle-orm';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { queryDoc } from './doc';

export interface SeasonInfo {
	id: number;
	label: string;
	name: string;
	startDate: string | null;
	endDate: string | null;
}

export interface CompetitionInfo {
	id: number;
	slug: string;
	name: string;
	code: string;
	type: 'league' | 'cup' | 'tournament';
	areaCode: string;
	areaName: string;
	weight: number;
	/** Newest first. */
	seasons: SeasonInfo[];
}

/**
 * Every competition with its seasons (newest first). Small and read by nearly every page
 * (slug lookups, filters, lists), so it is cached for five minutes.
 */
export function getCompetitions(): Promise<CompetitionInfo[]> {
	return cached('pages:competitions', 300_000, [LISTS_TAG], async () =>
		queryDoc<
			CompetitionInfo[]
		>(sql`SELECT coalesce(json_agg(x.j ORDER BY x.weight DESC, x.name), '[]'::json) AS doc FROM (
			SELECT c.weight, c.name, json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'code', c.code, 'type', c.type,
				'areaCode', c.area_code, 'areaName', c.area_name, 'weight', c.weight,
				'seasons', (SELECT coalesce(json_agg(json_build_object('id', s.id, 'label', s.label, 'name', s.name,
					'startDate', s.start_date, 'endDate', s.end_date) ORDER BY s.start_date DESC NULLS LAST, s.label DESC), '[]'::json)
					FROM seasons s WHERE s.competition_id = c.id)) AS j
			FROM competitions c) x`),
	);
}

/** A competition by slug, from the cached list. */
export async function competitionBySlug(slug: string): Promise<CompetitionInfo | undefined> {
	return (await getCompetitions()).find((c) => c.slug === slug);
}

/** Competitions grouped by country or area, areas in name order. */
export function groupByArea<T extends { areaName: string }>(
	list: readonly T[],
): { areaName: string; items: T[] }[] {
	const map = new Map<string, T[]>();
	for (const c of list) map.set(c.areaName, [...(map.get(c.areaName) ?? []), c]);
	return [...map.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([areaName, items]) => ({ areaName, items }));
}
