import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ensureFootballData } from './ensure';
import { query } from './queries/sql';

/**
 * Sitemap source of the football pages: every competition (`/league/{slug}`), team
 * (`/team/{slug}`) and match (`/match/{id}`), unprefixed (the sitemap adds locales).
 * One round trip.
 */
export async function footballPaths(): Promise<string[]> {
	const db = await getDb();
	await ensureFootballData(db);
	const rows = await query<{ p: string }>(
		db,
		sql`SELECT '/league/' || slug AS p, 1 AS k, slug AS o FROM competitions
		UNION ALL SELECT '/team/' || slug, 2, slug FROM teams
		UNION ALL SELECT '/match/' || id, 3, lpad(id::text, 10, '0') FROM matches
		ORDER BY 2, 3`,
	);
	return rows.map((r) => r.p);
}

/**
 * The football list pages for the sitemap (competitions, teams and matches come from
 * `footballPaths`). `/hot-matches` is already listed by the site shell.
 */
export const FOOTBALL_LIST_PATHS = [
	'/fixtures-results',
	'/league',
	'/team',
	'/team/head-to-head',
	'/most-popular-matches',
	'/sport',
	'/sport/football',
	'/widget',
] as const;

export async function footballListPaths(): Promise<string[]> {
	return [...FOOTBALL_LIST_PATHS];
}
