import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';

export { sql };

/**
 * Runs ONE statement whose single row has a single `doc` column holding JSON (built with
 * json_build_object / json_agg), so a whole page's data costs one database round trip.
 */
export async function queryDoc<T>(query: SQL): Promise<T> {
	const db = await getDb();
	const rows = rowsOf<{ doc: unknown }>(await db.execute(query));
	const doc = rows[0]?.doc;
	// postgres-js returns json as text when the column type is json; PGlite parses it.
	return (typeof doc === 'string' ? JSON.parse(doc) : doc) as T;
}

/** Runs a statement for its effect. */
export async function execute(query: SQL): Promise<void> {
	const db = await getDb();
	await db.execute(query);
}
