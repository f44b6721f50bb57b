/**
 * The site's main sections, in the order the header lists them: the path under the locale
 * and the `common` message key of the name. The header's menu and the 404 page's way on
 * both read this list, so a new section appears in both.
 */
export const MAIN_SECTIONS = [
	['/', 'nav.home'],
	['/live-matches', 'nav.live'],
	['/hot-matches', 'nav.hot'],
	['/fixtures-results', 'nav.fixtures'],
	['/league', 'nav.leagues'],
	['/team', 'nav.teams'],
	['/highlight', 'nav.highlights'],
	['/tv', 'nav.tv'],
	['/movies', 'nav.movies'],
	['/pricing', 'nav.pricing'],
] as const;
