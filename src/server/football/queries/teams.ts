import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { tieBreakRule } from '../tables/rules';
import type { TableRow, TeamRef } from '../tables/standings';
import { idOrSlugWhere, json, query } from './sql';
import {
	MATCH_JOINS,
	MATCH_JSON,
	RESULT_STATUS_SQL,
	toMatch,
	type CompetitionRef,
	type MatchSummary,
	type TeamSummary,
} from './shape';
import { tablesFrom, type SeasonMatchRow } from './standings';

export interface SquadPlayer {
	name: string;
	shirtNumber: number | null;
	position: string | null;
	dateOfBirth: string | null;
	club: string | null;
}

export interface TeamDetail {
	team: TeamSummary & { countryCode: string | null };
	/** Newest first, at most ten. */
	results: MatchSummary[];
	/** Soonest first, at most ten. */
	fixtures: MatchSummary[];
	/** Last five results across competitions, oldest first ("WDLWW"). */
	form: string;
	/** The team's row in its latest league (or tournament group) table. */
	standing: {
		competition: CompetitionRef;
		season: string;
		group: string | null;
		row: TableRow;
		teams: number;
	} | null;
	/** The latest squad the data has (World Cup 2026 for national teams). */
	squad: { season: string; competition: string; players: SquadPlayer[] } | null;
}

const teamWhere = (idOrSlug: string | number) => idOrSlugWhere('t', idOrSlug);

/**
 * A team page's data in ONE round trip: the team, recent results and next fixtures, form,
 * position in its latest table and its latest squad. Undefined for an unknown id/slug.
 */
export async function getTeamDetail(
	db: Database,
	idOrSlug: string | number,
	now: Date = new Date(),
): Promise<TeamDetail | undefined> {
	// Fixtures are "from now on": the minute joins the cache key.
	const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
	const nowIso = minute.toISOString();
	const row = await cached(`team:${idOrSlug}:${nowIso}`, 60_000, [LISTS_TAG], async () => {
		const [r] = await query<Record<string, unknown>>(
			db,
			sql`WITH t AS (SELECT t.* FROM teams t WHERE ${teamWhere(idOrSlug)}),
			tm AS (SELECT m.* FROM matches m WHERE m.home_team_id = (SELECT id FROM t) OR m.away_team_id = (SELECT id FROM t)),
			ls AS (SELECT m.season_id, m.stage, m.group_name FROM tm m JOIN seasons s ON s.id = m.season_id
				WHERE m.stage IN ('regular', 'league_phase', 'group')
				ORDER BY (m.stage = 'regular') DESC, s.start_date DESC NULLS LAST LIMIT 1)
			SELECT
				(SELECT json_build_object('id', id, 'name', name, 'shortName', short_name, 'slug', slug, 'tla', tla,
					'isNational', is_national, 'countryCode', country_code,
					'colours', json_build_object('primary', colour_primary, 'secondary', colour_secondary)) FROM t) AS team,
				(SELECT coalesce(json_agg(x.m ORDER BY x.k DESC), '[]') FROM (SELECT ${MATCH_JSON} AS m, m.kickoff_at AS k
					FROM tm m ${MATCH_JOINS} WHERE m.status IN ${RESULT_STATUS_SQL} ORDER BY m.kickoff_at DESC LIMIT 10) x) AS results,
				(SELECT coalesce(json_agg(x.m ORDER BY x.k), '[]') FROM (SELECT ${MATCH_JSON} AS m, m.kickoff_at AS k
					FROM tm m ${MATCH_JOINS} WHERE m.status IN ('scheduled', 'live', 'half_time', 'postponed')
					AND m.kickoff_at >= ${nowIso}::timestamptz - interval '3 hours' ORDER BY m.kickoff_at LIMIT 10) x) AS fixtures,
				(SELECT json_build_object('id', c.id, 'code', c.code, 'slug', c.slug, 'name', c.name, 'type', c.type,
					'areaName', c.area_name, 'season', s.label, 'group', ls.group_name)
					FROM ls JOIN seasons s ON s.id = ls.season_id JOIN competitions c ON c.id = s.competition_id) AS league,
				(SELECT coalesce(json_agg(json_build_object('id', x.id, 'h', x.home_team_id, 'a', x.away_team_id,
					'hg', x.ft_home, 'ag', x.ft_away, 'k', x.kickoff_at, 'md', x.matchday, 'g', x.group_name,
					'done', x.status IN ${RESULT_STATUS_SQL} AND x.ft_home IS NOT NULL)), '[]')
					FROM matches x, ls WHERE x.season_id = ls.season_id AND x.stage = ls.stage
					AND x.group_name IS NOT DISTINCT FROM ls.group_name) AS league_matches,
				(SELECT coalesce(json_agg(json_build_object('id', t2.id, 'name', t2.name, 'slug', t2.slug)), '[]')
					FROM teams t2 WHERE t2.id IN (SELECT x.home_team_id FROM matches x, ls WHERE x.season_id = ls.season_id
						AND x.stage = ls.stage AND x.group_name IS NOT DISTINCT FROM ls.group_name
						UNION SELECT x.away_team_id FROM matches x, ls WHERE x.season_id = ls.season_id
						AND x.stage = ls.stage AND x.group_name IS NOT DISTINCT FROM ls.group_name)) AS league_teams,
				(SELECT json_build_object('season', sq.label, 'competition', sq.cname, 'players', coalesce(json_agg(json_build_object(
					'name', p.name, 'shirtNumber', q.shirt_number, 'position', q.position, 'dateOfBirth', p.date_of_birth,
					'club', p.club_name) ORDER BY q.shirt_number NULLS LAST, p.name), '[]'))
					FROM (SELECT s.id, s.label, c.name AS cname FROM squads q2 JOIN seasons s ON s.id = q2.season_id
						JOIN competitions c ON c.id = s.competition_id WHERE q2.team_id = (SELECT id FROM t)
						ORDER BY s.start_date DESC NULLS LAST LIMIT 1) sq
					JOIN squads q ON q.season_id = sq.id AND q.team_id = (SELECT id FROM t)
					JOIN players p ON p.id = q.player_id GROUP BY sq.label, sq.cname) AS squad`,
		);
		return r;
	});
	if (!row?.team) return undefined;
	const team = json<TeamDetail['team']>(row.team);
	const results = json<unknown[]>(row.results).map((m) => toMatch(m, now));
	const fixtures = json<unknown[]>(row.fixtures).map((m) => toMatch(m, now));
	const form = results
		.slice(0, 5)
		.reverse()
		.map((m) => {
			const mine = m.home.id === team.id ? 'home' : 'away';
			return m.winner === 'draw' || m.winner === null ? 'D' : m.winner === mine ? 'W' : 'L';
		})
		.join('');
	let standing: TeamDetail['standing'] = null;
	const league = json<(CompetitionRef & { season: string; group: string | null }) | null>(
		row.league,
	);
	if (league) {
		const teams = new Map(json<TeamRef[]>(row.league_teams).map((t) => [t.id, t]));
		const [table] = tablesFrom(
			json<SeasonMatchRow[]>(row.league_matches),
			teams,
			tieBreakRule(league.code, league.season),
		);
		const mine = table?.rows.find((r) => r.team.id === team.id);
		if (table && mine) {
			const { season, group, ...competition } = league;
			standing = { competition, season, group, row: mine, teams: table.rows.length };
		}
	}
	return {
		team,
		results,
		fixtures,
		form,
		standing,
		squad: json<TeamDetail['squad']>(row.squad) ?? null,
	};
}

/** Teams whose slug, name or a known alias contains `q` (case- and accent-insensitive slug match). */
export async function searchTeams(
	db: Database,
	q: string,
	limit = 20,
): Promise<(TeamRef & { isNational: boolean })[]> {
	const needle = q.trim().toLowerCase().slice(0, 100);
	if (!needle) return [];
	const slugNeedle = needle
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-');
	const rows = await query<{ id: number; name: string; slug: string; is_national: boolean }>(
		db,
		sql`SELECT t.id, t.name, t.slug, t.is_national FROM teams t
		WHERE t.slug LIKE ${`%${slugNeedle}%`} OR lower(t.name) LIKE ${`%${needle}%`}
			OR EXISTS (SELECT 1 FROM team_aliases a WHERE a.team_id = t.id AND lower(a.alias) LIKE ${`%${needle}%`})
		ORDER BY (t.slug = ${slugNeedle}) DESC, (t.slug LIKE ${`${slugNeedle}%`}) DESC, t.name
		LIMIT ${Math.min(100, Math.max(1, limit))}`,
	);
	return rows.map((r) => ({
		id: Number(r.id),
		name: r.name,
		slug: r.slug,
		isNational: r.is_national,
	}));
}

/** Every team (clubs then national teams, by name), for `/team` and the sitemap. */
export async function listTeams(
	db: Database,
): Promise<(TeamRef & { isNational: boolean; countryCode: string | null })[]> {
	return cached('teams', 300_000, [LISTS_TAG], async () => {
		const rows = await query<{
			id: number;
			name: string;
			slug: string;
			is_national: boolean;
			country_code: string | null;
		}>(
			db,
			sql`SELECT id, name, slug, is_national, country_code FROM teams ORDER BY is_national, name`,
		);
		return rows.map((r) => ({
			id: Number(r.id),
			name: r.name,
			slug: r.slug,
			isNational: r.is_national,
			countryCode: r.country_code,
		}));
	});
}

/** A team by id or slug, the minimal fields (API 404 checks, crests, calendars). */
export async function getTeamRef(
	db: Database,
	idOrSlug: string | number,
): Promise<
	| (TeamRef & {
			shortName: string;
			tla: string | null;
			isNational: boolean;
			countryCode: string | null;
			colours: { primary: string; secondary: string };
	  })
	| undefined
> {
	const [r] = await query<Record<string, unknown>>(
		db,
		sql`SELECT t.id, t.name, t.slug, t.short_name, t.tla, t.is_national, t.country_code, t.colour_primary, t.colour_secondary
		FROM teams t WHERE ${teamWhere(idOrSlug)}`,
	);
	if (!r) return undefined;
	return {
		id: Number(r.id),
		name: String(r.name),
		slug: String(r.slug),
		shortName: String(r.short_name),
		tla: (r.tla as string | null) ?? null,
		isNational: r.is_national === true,
		countryCode: (r.country_code as string | null) ?? null,
		colours: { primary: String(r.colour_primary), secondary: String(r.colour_secondary) },
	};
}
