import { type SQL, sql } from 'drizzle-orm';
import { parseDbId } from '~/lib/input';
import type { Database } from '~/server/db/client';

/**
 * Runs a raw query and returns its rows on both engines: PGlite answers `{ rows }`,
 * postgres-js an array.
 */
export async function query<T>(db: Database, statement: SQL): Promise<T[]> {
	const result: unknown = await db.execute(statement);
	if (Array.isArray(result)) return result as T[];
	return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A timestamptz from a row or from inside json_agg (a string there) as a Date. */
export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Numeric id from a string or number column ('12' from some drivers). */
export const toInt = (v: unknown): number => Number(v);

/** A JSON column: already parsed by both drivers, but tolerate text. */
export function json<T>(v: unknown): T {
	return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/**
 * `alias.id = n` for a key of digits, `alias.slug = key` otherwise: the one rule by which
 * pages and the API name a team or competition. Digits that do not fit an integer column
 * match nothing (they would reach the database as an out-of-range integer, finding 6).
 */
export function idOrSlugWhere(alias: string, key: string | number): SQL {
	const s = String(key);
	if (!/^\d+$/.test(s)) return sql`${sql.raw(alias)}.slug = ${s}`;
	const id = parseDbId(s);
	return id === null ? sql`false` : sql`${sql.raw(alias)}.id = ${id}`;
}
