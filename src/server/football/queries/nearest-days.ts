import { sql } from 'drizzle-orm';
import { localDate } from '~/lib/time-zone';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { dayRangeUtc } from '../time';
import { queryDoc } from './doc';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`);

/**
 * The nearest day before and after `date` (in `timeZone`) that has matches, optionally of
 * one competition: what the empty state offers (the shipped data ends in 2026, so "today"
 * is often empty). One round trip, cached.
 */
export function nearestMatchDays(
	date: string,
	timeZone: string,
	competitionId: number | null = null,
): Promise<{ previous: string | null; next: string | null; nearest: string | null }> {
	return cached(
		`pages:nearest:${date}:${timeZone}:${competitionId ?? ''}`,
		300_000,
		[LISTS_TAG],
		async () => {
			const { start, end } = dayRangeUtc(date, timeZone);
			const comp = competitionId === null ? sql`TRUE` : sql`s.competition_id = ${competitionId}`;
			const doc = await queryDoc<{
				before: string | null;
				after: string | null;
			}>(sql`SELECT json_build_object(
			'before', (SELECT to_char(max(m.kickoff_at) AT TIME ZONE 'UTC', ${ISO}) FROM matches m JOIN seasons s ON s.id = m.season_id
				WHERE m.kickoff_at < ${start.toISOString()}::timestamptz AND ${comp}),
			'after', (SELECT to_char(min(m.kickoff_at) AT TIME ZONE 'UTC', ${ISO}) FROM matches m JOIN seasons s ON s.id = m.season_id
				WHERE m.kickoff_at >= ${end.toISOString()}::timestamptz AND ${comp})) AS doc`);
			const previous = doc.before ? localDate(new Date(doc.before), timeZone) : null;
			const next = doc.after ? localDate(new Date(doc.after), timeZone) : null;
			return { previous, next, nearest: nearestDate(date, previous, next) };
		},
	);
}

/** Of the days that have matches, the one nearest to `date` (ties: the later one). */
export function nearestDate(
	date: string,
	before: string | null,
	after: string | null,
): string | null {
	if (!before) return after;
	if (!after) return before;
	const d = Date.parse(date);
	return d - Date.parse(before) < Date.parse(after) - d ? before : after;
}
