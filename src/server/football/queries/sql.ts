import type { SQL } from 'drizzle-orm';
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
