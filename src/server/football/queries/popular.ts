import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { detectDevice } from '~/lib/device';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { localDate } from '../time';
import { query } from './sql';
import { MATCH_JOINS, MATCH_JSON, toMatch, type MatchSummary } from './shape';

/**
 * Counts one view of a match page for "most popular", per UTC day. Crawlers (and requests
 * without a User-Agent) are not counted. Unknown match ids are ignored. Returns whether
 * the view was counted.
 */
export async function recordView(
	db: Database,
	matchId: number,
	userAgent: string | null | undefined,
	now: Date = new Date(),
): Promise<boolean> {
	if (!Number.isSafeInteger(matchId) || matchId <= 0) return false;
	if (!userAgent || detectDevice(userAgent).isCrawler) return false;
	const day = localDate(now, 'UTC');
	const rows = await query<{ match_id: number }>(
		db,
		sql`INSERT INTO page_views (match_id, day, count)
			SELECT id, ${day}::date, 1 FROM matches WHERE id = ${matchId}
			ON CONFLICT (match_id, day) DO UPDATE SET count = page_views.count + 1
			RETURNING match_id`,
	);
	return rows.length > 0;
}

export interface PopularMatch {
	match: MatchSummary;
	views: number;
}

/**
 * Matches ranked by page views over the last `days` days (UTC days, today included), or
 * on one `day` when given; optionally one competition. One round trip.
 */
export async function mostPopularMatches(
	db: Database,
	opts: { now?: Date; days?: number; day?: string; competitionId?: number; limit?: number } = {},
): Promise<PopularMatch[]> {
	const now = opts.now ?? new Date();
	const days = Math.min(90, Math.max(1, opts.days ?? 7));
	const limit = Math.min(100, Math.max(1, opts.limit ?? 20));
	const today = localDate(now, 'UTC');
	const first = opts.day ?? localDate(new Date(now.getTime() - (days - 1) * 86_400_000), 'UTC');
	const last = opts.day ?? today;
	const key = `popular:${first}:${last}:${opts.competitionId ?? ''}:${limit}`;
	const rows = await cached(key, 30_000, [LISTS_TAG, 'views'], () =>
		query<{ m: unknown; views: number }>(
			db,
			sql`SELECT ${MATCH_JSON} AS m, v.views FROM (
				SELECT match_id, sum(count)::int AS views FROM page_views
				WHERE day >= ${first}::date AND day <= ${last}::date GROUP BY match_id) v
			JOIN matches m ON m.id = v.match_id ${MATCH_JOINS}
			${opts.competitionId ? sql`WHERE c.id = ${opts.competitionId}` : sql``}
			ORDER BY v.views DESC, m.kickoff_at DESC, m.id LIMIT ${limit}`,
		),
	);
	return rows.map((r) => ({ match: toMatch(r.m, now), views: Number(r.views) }));
}
