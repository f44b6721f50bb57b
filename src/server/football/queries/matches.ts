import { sql, type SQL } from 'drizzle-orm';
import { isLive } from '~/lib/football/match-status';
import type { Database } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { dayRangeUtc } from '../time';
import { query, toInt } from './sql';
import {
	MATCH_JOINS,
	MATCH_JSON,
	RESULT_STATUS_SQL,
	toMatch,
	type CompetitionRef,
	type MatchSummary,
} from './shape';

const LIVE = sql.raw(`('live', 'half_time')`);

/** What a status filter of the API and pages means. */
export type MatchFilter = 'all' | 'live' | 'fixtures' | 'results';

function filterSql(filter: MatchFilter, now: Date): SQL {
	switch (filter) {
		case 'live':
			return sql`m.status IN ${LIVE}`;
		case 'results':
			return sql`m.status IN ${RESULT_STATUS_SQL}`;
		case 'fixtures':
			return sql`m.status IN ('scheduled', 'live', 'half_time', 'postponed') AND m.kickoff_at >= ${new Date(now.getTime() - 3 * 3600_000).toISOString()}::timestamptz`;
		default:
			return sql`true`;
	}
}

const playing = (m: MatchSummary) => isLive(m.status);

export interface DayMatches {
	date: string;
	timeZone: string;
	/** The UTC instants bounding the visitor's day. */
	from: Date;
	to: Date;
	/** Competitions with a live match first, then by importance; inside, live first, then kick-off. */
	groups: { competition: CompetitionRef; matches: MatchSummary[] }[];
	total: number;
	live: number;
}

/**
 * The matches of one calendar day as the visitor sees it (`timeZone`, an IANA name), in
 * one round trip, grouped by competition with live ones first. `competitionId` and
 * `filter` narrow it (the API's `competition` and `status`).
 */
export async function matchesForDay(
	db: Database,
	opts: {
		date: string;
		timeZone: string;
		now?: Date;
		competitionId?: number;
		filter?: MatchFilter;
	},
): Promise<DayMatches> {
	const now = opts.now ?? new Date();
	const filter = opts.filter ?? 'all';
	const { start, end } = dayRangeUtc(opts.date, opts.timeZone);
	// Fixtures depend on `now`: the minute joins the key so a cached list never outlives it.
	const minute = filter === 'fixtures' ? Math.floor(now.getTime() / 60_000) : '';
	const key = `day:${start.toISOString()}:${end.toISOString()}:${opts.competitionId ?? ''}:${filter}:${minute}`;
	const raw = await cached(key, 30_000, [LISTS_TAG], () =>
		query<{ m: unknown; w: number }>(
			db,
			sql`SELECT ${MATCH_JSON} AS m, c.weight AS w FROM matches m ${MATCH_JOINS}
			WHERE m.kickoff_at >= ${start.toISOString()}::timestamptz AND m.kickoff_at < ${end.toISOString()}::timestamptz
			${opts.competitionId ? sql`AND c.id = ${opts.competitionId}` : sql``}
			AND ${filterSql(filter, now)}
			ORDER BY c.weight DESC, c.id, m.kickoff_at, m.id`,
		),
	);
	const groups = new Map<
		number,
		{ competition: CompetitionRef; matches: MatchSummary[]; weight: number }
	>();
	for (const r of raw) {
		const m = toMatch(r.m, now);
		const g = groups.get(m.competition.id) ?? {
			competition: m.competition,
			matches: [],
			weight: toInt(r.w),
		};
		g.matches.push(m);
		groups.set(m.competition.id, g);
	}
	const list = [...groups.values()];
	for (const g of list) {
		g.matches.sort(
			(a, b) =>
				Number(playing(b)) - Number(playing(a)) ||
				a.kickoffAt.getTime() - b.kickoffAt.getTime() ||
				a.id - b.id,
		);
	}
	list.sort(
		(a, b) =>
			Number(b.matches.some(playing)) - Number(a.matches.some(playing)) || b.weight - a.weight,
	);
	const all = list.flatMap((g) => g.matches);
	return {
		date: opts.date,
		timeZone: opts.timeZone,
		from: start,
		to: end,
		groups: list.map(({ competition, matches }) => ({ competition, matches })),
		total: all.length,
		live: all.filter(playing).length,
	};
}

/**
 * Every match live now (live or half-time), whatever its date: `/api/v1/matches?status=live`
 * and live widgets. Same grouping as matchesForDay; a short TTL since scores move.
 */
export async function liveMatchesNow(
	db: Database,
	opts: { now?: Date; competitionId?: number } = {},
): Promise<Omit<DayMatches, 'date' | 'timeZone' | 'from' | 'to'>> {
	const now = opts.now ?? new Date();
	const raw = await cached(`live:${opts.competitionId ?? ''}`, 5_000, [LISTS_TAG], () =>
		query<{ m: unknown; w: number }>(
			db,
			sql`SELECT ${MATCH_JSON} AS m, c.weight AS w FROM matches m ${MATCH_JOINS}
			WHERE m.status IN ${LIVE} ${opts.competitionId ? sql`AND c.id = ${opts.competitionId}` : sql``}
			ORDER BY c.weight DESC, c.id, m.kickoff_at, m.id`,
		),
	);
	const groups = new Map<number, { competition: CompetitionRef; matches: MatchSummary[] }>();
	for (const r of raw) {
		const m = toMatch(r.m, now);
		const g = groups.get(m.competition.id) ?? { competition: m.competition, matches: [] };
		g.matches.push(m);
		groups.set(m.competition.id, g);
	}
	const list = [...groups.values()];
	return { groups: list, total: raw.length, live: raw.length };
}

export interface MatchPage {
	items: MatchSummary[];
	page: number;
	pageSize: number;
	total: number;
}

/**
 * Fixtures and results with pagination, in one round trip (the total comes from a window
 * count). Results run newest first, fixtures and "all" oldest first.
 */
export async function listMatches(
	db: Database,
	opts: {
		competitionId?: number;
		seasonId?: number;
		teamId?: number;
		from?: Date;
		to?: Date;
		filter?: MatchFilter;
		page?: number;
		pageSize?: number;
		now?: Date;
	} = {},
): Promise<MatchPage> {
	const now = opts.now ?? new Date();
	const page = Math.max(1, Math.floor(opts.page ?? 1));
	const pageSize = Math.min(200, Math.max(1, Math.floor(opts.pageSize ?? 50)));
	const filter = opts.filter ?? 'all';
	const where: SQL[] = [filterSql(filter, now)];
	if (opts.competitionId) where.push(sql`c.id = ${opts.competitionId}`);
	if (opts.seasonId) where.push(sql`s.id = ${opts.seasonId}`);
	if (opts.teamId)
		where.push(sql`(m.home_team_id = ${opts.teamId} OR m.away_team_id = ${opts.teamId})`);
	if (opts.from) where.push(sql`m.kickoff_at >= ${opts.from.toISOString()}::timestamptz`);
	if (opts.to) where.push(sql`m.kickoff_at < ${opts.to.toISOString()}::timestamptz`);
	const order = filter === 'results' ? sql`m.kickoff_at DESC, m.id DESC` : sql`m.kickoff_at, m.id`;
	const minute = filter === 'fixtures' ? Math.floor(now.getTime() / 60_000) : '';
	const key = `list:${JSON.stringify({ ...opts, now: undefined, page, pageSize, filter })}:${minute}`;
	const rows = await cached(key, 30_000, [LISTS_TAG], () =>
		query<{ m: unknown; total: number }>(
			db,
			sql`SELECT ${MATCH_JSON} AS m, count(*) OVER () AS total FROM matches m ${MATCH_JOINS}
			WHERE ${sql.join(where, sql` AND `)}
			ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
		),
	);
	return {
		items: rows.map((r) => toMatch(r.m, now)),
		page,
		pageSize,
		total: rows.length > 0 ? toInt(rows[0]!.total) : 0,
	};
}
