import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { tieBreakRule, type TieBreakRule } from '../tables/rules';
import { computeTable, type TableMatch, type TableRow, type TeamRef } from '../tables/standings';
import { idOrSlugWhere, json, query, toDate } from './sql';
import { RESULT_STATUS_SQL, type CompetitionRef } from './shape';

export interface SeasonRef {
	id: number;
	label: string;
	name: string;
	startDate: string | null;
	endDate: string | null;
}

export interface Standings {
	competition: CompetitionRef;
	season: SeasonRef;
	seasons: SeasonRef[];
	rule: TieBreakRule;
	/** One table for a league or a league phase; one per group for a tournament. */
	tables: { group: string | null; rows: TableRow[] }[];
}

interface SeasonMatchRow {
	id: number;
	h: number;
	a: number;
	hg: number | null;
	ag: number | null;
	k: string;
	md: number | null;
	g: string | null;
	done: boolean;
}

/** The stage whose matches make a table: league season, CL league phase, tournament groups. */
const TABLE_STAGES = sql.raw(`('regular', 'league_phase', 'group')`);

/** Competition by numeric id or slug (the two forms pages and the API accept). */
export function competitionWhere(idOrSlug: string | number) {
	return idOrSlugWhere('c', idOrSlug);
}

/**
 * Tables of one season at a moment, from the matches in the database, in ONE round trip:
 * the competition, its seasons, the season's table-stage matches and teams come back as
 * JSON. `season` is a label ("2024-25", "2026"); default the latest season. `asOf`
 * counts only matches that kicked off before it (a table "on a date").
 * Undefined when the competition or season is unknown.
 */
export async function getStandings(
	db: Database,
	idOrSlug: string | number,
	opts: { season?: string; asOf?: Date } = {},
): Promise<Standings | undefined> {
	const key = `standings:${idOrSlug}:${opts.season ?? ''}:${opts.asOf?.toISOString() ?? ''}`;
	return cached(key, 60_000, [LISTS_TAG], () => loadStandings(db, idOrSlug, opts));
}

async function loadStandings(
	db: Database,
	idOrSlug: string | number,
	opts: { season?: string; asOf?: Date },
): Promise<Standings | undefined> {
	const asOf = opts.asOf ?? new Date('9999-01-01T00:00:00Z');
	const [row] = await query<{
		competition: unknown;
		seasons: unknown;
		season: unknown;
		matches: unknown;
		teams: unknown;
	}>(
		db,
		sql`WITH c AS (SELECT c.* FROM competitions c WHERE ${competitionWhere(idOrSlug)}),
		all_s AS (SELECT s.* FROM seasons s WHERE s.competition_id = (SELECT id FROM c)),
		s AS (SELECT * FROM all_s WHERE ${opts.season ?? null}::text IS NULL OR label = ${opts.season ?? null}
			ORDER BY start_date DESC NULLS LAST, label DESC LIMIT 1),
		sm AS (SELECT m.* FROM matches m WHERE m.season_id = (SELECT id FROM s) AND m.stage IN ${TABLE_STAGES})
		SELECT
			(SELECT json_build_object('id', id, 'code', code, 'slug', slug, 'name', name, 'type', type, 'areaName', area_name) FROM c) AS competition,
			(SELECT coalesce(json_agg(json_build_object('id', id, 'label', label, 'name', name, 'startDate', start_date, 'endDate', end_date)
				ORDER BY start_date DESC NULLS LAST, label DESC), '[]') FROM all_s) AS seasons,
			(SELECT json_build_object('id', id, 'label', label, 'name', name, 'startDate', start_date, 'endDate', end_date) FROM s) AS season,
			(SELECT coalesce(json_agg(json_build_object('id', id, 'h', home_team_id, 'a', away_team_id, 'hg', ft_home,
				'ag', ft_away, 'k', kickoff_at, 'md', matchday, 'g', group_name,
				'done', status IN ${RESULT_STATUS_SQL} AND ft_home IS NOT NULL AND kickoff_at < ${asOf.toISOString()}::timestamptz)), '[]') FROM sm) AS matches,
			(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug)), '[]') FROM teams t
				WHERE t.id IN (SELECT home_team_id FROM sm UNION SELECT away_team_id FROM sm)) AS teams`,
	);
	if (!row?.competition || !row.season) return undefined;
	const competition = json<CompetitionRef>(row.competition);
	const season = json<SeasonRef>(row.season);
	const matches = json<SeasonMatchRow[]>(row.matches);
	const teams = new Map(json<TeamRef[]>(row.teams).map((t) => [t.id, t]));
	const rule = tieBreakRule(competition.code, season.label);
	return {
		competition,
		season,
		seasons: json<SeasonRef[]>(row.seasons),
		rule,
		tables: tablesFrom(matches, teams, rule),
	};
}

/** Splits a season's matches by group (null for a single table) and computes each table. */
export function tablesFrom(
	matches: SeasonMatchRow[],
	teams: Map<number, TeamRef>,
	rule: TieBreakRule,
): { group: string | null; rows: TableRow[] }[] {
	const groups = new Map<string | null, SeasonMatchRow[]>();
	for (const m of matches) {
		const list = groups.get(m.g) ?? [];
		list.push(m);
		groups.set(m.g, list);
	}
	return [...groups.entries()]
		.sort(([a], [b]) => (a ?? '').localeCompare(b ?? '', 'en', { numeric: true }))
		.map(([group, list]) => {
			const ids = new Set(list.flatMap((m) => [m.h, m.a]));
			const played: TableMatch[] = list
				.filter((m) => m.done)
				.map((m) => ({
					id: m.id,
					homeTeamId: m.h,
					awayTeamId: m.a,
					homeGoals: m.hg!,
					awayGoals: m.ag!,
					kickoffAt: toDate(m.k),
					matchday: m.md,
				}));
			const members = [...ids].map((id) => teams.get(id)).filter((t): t is TeamRef => !!t);
			return { group, rows: computeTable(members, played, rule) };
		});
}

export type { SeasonMatchRow };
