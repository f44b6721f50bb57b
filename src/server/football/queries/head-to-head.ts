import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { computeHeadToHead, type H2HMatch, type HeadToHead } from '../tables/head-to-head';
import type { TeamRef } from '../tables/standings';
import { idOrSlugWhere, json, query, toDate } from './sql';
import { RESULT_STATUS_SQL } from './shape';

export interface RawMeeting {
	id: number;
	k: string;
	h: number;
	a: number;
	fh: number;
	fa: number;
	eh: number | null;
	ea: number | null;
	ph: number | null;
	pa: number | null;
	c: string;
}

/** Rows of the meetings JSON → H2HMatch (extra-time score when there was one). */
export function h2hMatchesFrom(rows: RawMeeting[]): H2HMatch[] {
	return rows.map((r) => ({
		id: r.id,
		kickoffAt: toDate(r.k),
		homeTeamId: r.h,
		awayTeamId: r.a,
		homeGoals: r.eh ?? r.fh,
		awayGoals: r.ea ?? r.fa,
		penHome: r.ph,
		penAway: r.pa,
		competition: r.c,
	}));
}

const teamWhere = idOrSlugWhere;

/**
 * Every meeting of two teams in the data (ids or slugs), with the record from team1's
 * side, in one round trip. Undefined when either team is unknown or both are the same.
 */
export async function getHeadToHead(
	db: Database,
	team1: string | number,
	team2: string | number,
): Promise<HeadToHead | undefined> {
	return cached(`h2h:${team1}:${team2}`, 60_000, [LISTS_TAG], async () => {
		const [row] = await query<{ t1: unknown; t2: unknown; meetings: unknown }>(
			db,
			sql`WITH t1 AS (SELECT t.id, t.name, t.slug FROM teams t WHERE ${teamWhere('t', team1)}),
			t2 AS (SELECT t.id, t.name, t.slug FROM teams t WHERE ${teamWhere('t', team2)})
			SELECT (SELECT row_to_json(t1) FROM t1) AS t1, (SELECT row_to_json(t2) FROM t2) AS t2,
				(SELECT coalesce(json_agg(json_build_object('id', x.id, 'k', x.kickoff_at, 'h', x.home_team_id,
					'a', x.away_team_id, 'fh', x.ft_home, 'fa', x.ft_away, 'eh', x.et_home, 'ea', x.et_away,
					'ph', x.pen_home, 'pa', x.pen_away, 'c', xc.name)), '[]')
					FROM matches x JOIN seasons xs ON xs.id = x.season_id JOIN competitions xc ON xc.id = xs.competition_id
					WHERE x.status IN ${RESULT_STATUS_SQL} AND x.ft_home IS NOT NULL
					AND ((x.home_team_id = (SELECT id FROM t1) AND x.away_team_id = (SELECT id FROM t2))
						OR (x.home_team_id = (SELECT id FROM t2) AND x.away_team_id = (SELECT id FROM t1)))) AS meetings`,
		);
		if (!row?.t1 || !row.t2) return undefined;
		const a = json<TeamRef>(row.t1);
		const b = json<TeamRef>(row.t2);
		if (a.id === b.id) return undefined;
		return computeHeadToHead(a, b, h2hMatchesFrom(json<RawMeeting[]>(row.meetings)));
	});
}

/**
 * `/team/head-to-head/{slug}`: splits `"{team-slug}-vs-{team-slug}"`. Team slugs may hold
 * dashes, so every "-vs-" is tried by the caller through `getHeadToHeadBySlug`.
 */
export function splitVsSlug(slug: string): [string, string][] {
	const out: [string, string][] = [];
	let i = slug.indexOf('-vs-');
	while (i > 0) {
		const left = slug.slice(0, i);
		const right = slug.slice(i + 4);
		if (right) out.push([left, right]);
		i = slug.indexOf('-vs-', i + 1);
	}
	return out;
}

/** Head-to-head from a `"{slug}-vs-{slug}"` path segment; undefined when no split names two teams. */
export async function getHeadToHeadBySlug(
	db: Database,
	slug: string,
): Promise<HeadToHead | undefined> {
	for (const [a, b] of splitVsSlug(slug)) {
		if (/^\d+$/.test(a) || /^\d+$/.test(b)) continue;
		const found = await getHeadToHead(db, a, b);
		if (found) return found;
	}
	return undefined;
}

/** The canonical head-to-head path segment for two team slugs. */
export const vsSlug = (a: { slug: string }, b: { slug: string }) => `${a.slug}-vs-${b.slug}`;
