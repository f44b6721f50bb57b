import { sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { formatImportReport, importFootballData } from './import';
import { rowsOf } from '../db/rows';

let pending: Promise<void> | undefined;

/**
 * Imports the shipped data set when the matches table is empty (first start). Safe to call
 * on every request path: after the first call it is one resolved promise. A failure is
 * logged and retried on the next call.
 */
export function ensureFootballData(db?: Database): Promise<void> {
	pending ??= (async () => {
		const database = db ?? (await getDb());
		const [row] = rowsOf<{ present: boolean }>(
			await database.execute(sql`SELECT EXISTS (SELECT 1 FROM matches) AS present`),
		);
		if (row?.present === true) return;
		const report = await importFootballData(database);
		console.info(`[football] first-start import done\n${formatImportReport(report)}`);
	})().catch((error: unknown) => {
		pending = undefined;
		throw error;
	});
	return pending;
}

/** Tests: forget that the data was ensured (a new database was opened). */
export function resetEnsureForTests(): void {
	pending = undefined;
}
