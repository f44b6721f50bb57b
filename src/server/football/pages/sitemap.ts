/**
 * The football list pages for the sitemap (competitions, teams and matches come from the
 * football source). `/hot-matches` is already listed by the site shell.
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
