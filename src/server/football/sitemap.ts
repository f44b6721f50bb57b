import { sql } from 'drizzle-orm';
import { leaguePath, matchPath, teamPath } from '~/lib/urls';
import { getDb } from '../db/client';
import { ensureFootballData } from './ensure';
import { query } from './queries/sql';

/**
 * Sitemap source of the football pages: every competition, team and match at its
 * canonical address (src/lib/urls.ts: `/league/{slug}`, `/team/{slug}`, `/match/{id}`),
 * unprefixed (the sitemap adds locales). One round trip.
 */
export async function footballPaths(): Promise<string[]> {
	const db = await getDb();
	await ensureFootballData(db);
	const rows = await query<{ k: number; slug: string | null; id: number | null }>(
		db,
		sql`SELECT 1 AS k, slug, NULL::int AS id, slug AS o FROM competitions
		UNION ALL SELECT 2, slug, NULL, slug FROM teams
		UNION ALL SELECT 3, NULL, id, lpad(id::text, 10, '0') FROM matches
		ORDER BY 1, 4`,
	);
	return rows.map((r) =>
		Number(r.k) === 1
			? leaguePath({ slug: String(r.slug) })
			: Number(r.k) === 2
				? teamPath({ slug: String(r.slug) })
				: matchPath({ id: Number(r.id) }),
	);
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
