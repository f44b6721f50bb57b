import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { tieBreakRule } from '../tables/rules';
import type { TeamRef } from '../tables/standings';
import { json, query } from './sql';
import { MATCH_JOINS, MATCH_JSON, RESULT_STATUS_SQL, toMatch, type MatchSummary } from './shape';
import { tablesFrom, type SeasonMatchRow } from './standings';

export interface HotMatch {
	match: MatchSummary;
	score: number;
	/** The parts of the score, so a page can say why a match is hot. */
	reasons: {
		competition: number;
		table: number;
		closeness: number;
		rivalry: number;
		stage: number;
	};
	positions: { home: number | null; away: number | null };
}

/**
 * The hot-match score of an upcoming match (docs/football.md, "Hot matches"):
 *   competition weight (0-120)
 * + table: 25 × (strength(home) + strength(away)), strength = (n − position) / (n − 1)
 * + closeness: 10 × (1 − |position gap| / (n − 1))
 * + rivalry: 30 for a derby or classic rivalry (table `rivalries`, filled by the importer)
 * + stage: 20 for a knockout match, 40 for a final.
 * Table parts are 0 when positions are unknown (knockout, first matchday).
 */
export function hotScore(input: {
	weight: number;
	home: number | null;
	away: number | null;
	teams: number;
	rivalry: boolean;
	stage: string;
	round: string;
}): HotMatch['reasons'] & { total: number } {
	const n = input.teams;
	const known = input.home != null && input.away != null && n > 1;
	const strength = (p: number) => (n - p) / (n - 1);
	const table = known ? 25 * (strength(input.home!) + strength(input.away!)) : 0;
	const closeness = known ? 10 * (1 - Math.abs(input.home! - input.away!) / (n - 1)) : 0;
	const rivalry = input.rivalry ? 30 : 0;
	const stage =
		input.stage === 'knockout'
			? /final$/i.test(input.round) && !/semi|quarter/i.test(input.round)
				? 40
				: 20
			: 0;
	const round = (x: number) => Math.round(x * 10) / 10;
	const parts = {
		competition: input.weight,
		table: round(table),
		closeness: round(closeness),
		rivalry,
		stage,
	};
	return {
		...parts,
		total: round(parts.competition + parts.table + parts.closeness + parts.rivalry + parts.stage),
	};
}

/**
 * Upcoming matches (kick-off from `now` for `days` days) ranked by `hotScore`, best first,
 * in one round trip: the candidates plus the table matches of their seasons.
 */
export async function hotMatches(
	db: Database,
	opts: { now?: Date; days?: number; limit?: number } = {},
): Promise<HotMatch[]> {
	const now = opts.now ?? new Date();
	const days = Math.min(60, Math.max(1, opts.days ?? 7));
	const limit = Math.min(100, Math.max(1, opts.limit ?? 20));
	const from = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
	const to = new Date(from.getTime() + days * 86_400_000);
	const row = await cached(`hot:${from.toISOString()}:${days}`, 60_000, [LISTS_TAG], async () => {
		const [r] = await query<{ candidates: unknown; season_matches: unknown; teams: unknown }>(
			db,
			sql`WITH cand AS (SELECT ${MATCH_JSON} AS m, m.season_id, m.stage, m.group_name, c.weight,
					EXISTS (SELECT 1 FROM rivalries r WHERE r.team_a_id = least(m.home_team_id, m.away_team_id)
						AND r.team_b_id = greatest(m.home_team_id, m.away_team_id)) AS rivals
				FROM matches m ${MATCH_JOINS}
				WHERE m.status = 'scheduled' AND m.kickoff_at >= ${from.toISOString()}::timestamptz
				AND m.kickoff_at < ${to.toISOString()}::timestamptz),
			tbl AS (SELECT x.* FROM matches x WHERE x.stage IN ('regular', 'league_phase', 'group')
				AND x.season_id IN (SELECT season_id FROM cand))
			SELECT
				(SELECT coalesce(json_agg(json_build_object('m', m, 'w', weight, 'r', rivals)), '[]') FROM cand) AS candidates,
				(SELECT coalesce(json_agg(json_build_object('id', x.id, 'h', x.home_team_id, 'a', x.away_team_id,
					'hg', x.ft_home, 'ag', x.ft_away, 'k', x.kickoff_at, 'md', x.matchday, 'g', x.group_name, 's', x.season_id,
					'done', x.status IN ${RESULT_STATUS_SQL} AND x.ft_home IS NOT NULL)), '[]') FROM tbl x) AS season_matches,
				(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug)), '[]')
					FROM teams t WHERE t.id IN (SELECT home_team_id FROM tbl UNION SELECT away_team_id FROM tbl)) AS teams`,
		);
		return r;
	});
	if (!row) return [];
	const teams = new Map(json<TeamRef[]>(row.teams).map((t) => [t.id, t]));
	const bySeason = new Map<number, (SeasonMatchRow & { s: number })[]>();
	for (const m of json<(SeasonMatchRow & { s: number })[]>(row.season_matches)) {
		const list = bySeason.get(m.s) ?? [];
		list.push(m);
		bySeason.set(m.s, list);
	}
	const positions = new Map<string, { pos: Map<number, number>; size: number }>();
	const positionsFor = (m: MatchSummary) => {
		const key = `${m.season.id}|${m.groupName ?? ''}`;
		let p = positions.get(key);
		if (!p) {
			const rows = (bySeason.get(m.season.id) ?? []).filter(
				(x) => (x.g ?? '') === (m.groupName ?? ''),
			);
			const [table] = tablesFrom(rows, teams, tieBreakRule(m.competition.code, m.season.label));
			p = {
				pos: new Map(table?.rows.filter((r) => r.played > 0).map((r) => [r.team.id, r.position])),
				size: table?.rows.length ?? 0,
			};
			positions.set(key, p);
		}
		return p;
	};
	const ranked = json<{ m: unknown; w: number; r: boolean }[]>(row.candidates).map(
		({ m: raw, w, r: rivals }) => {
			const match = toMatch(raw, now);
			const inTable =
				match.stage === 'regular' || match.stage === 'league_phase' || match.stage === 'group';
			const p = inTable ? positionsFor(match) : undefined;
			const home = p?.pos.get(match.home.id) ?? null;
			const away = p?.pos.get(match.away.id) ?? null;
			const s = hotScore({
				weight: Number(w),
				home,
				away,
				teams: p?.size ?? 0,
				rivalry: rivals === true,
				stage: match.stage,
				round: match.round,
			});
			const { total, ...reasons } = s;
			return { match, score: total, reasons, positions: { home, away } };
		},
	);
	ranked.sort(
		(a, b) =>
			b.score - a.score ||
			a.match.kickoffAt.getTime() - b.match.kickoffAt.getTime() ||
			a.match.id - b.match.id,
	);
	return ranked.slice(0, limit);
}
