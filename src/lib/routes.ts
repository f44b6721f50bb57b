/**
 * The first path segments of every localised page. The middleware uses it to decide whether
 * an unprefixed path is a page worth redirecting to its prefixed twin, or simply unknown
 * (then it answers 404 directly, with no stray Location header).
 *
 * A later feature that adds a page adds its first segment here.
 */
export const PAGE_ROOTS = new Set([
	'',
	'home',
	'about-us',
	'account',
	'contact',
	'disclaimer',
	'faq',
	'fixtures-results',
	'guides',
	'highlight',
	'hot-matches',
	'most-popular-matches',
	'league',
	'live-matches',
	'login',
	'movies',
	'news',
	'pricing',
	'pricing-sport',
	'register',
	'security',
	'team',
	'terms',
	'tv',
	'widget',
	'auth',
	'cms',
	'payment',
	'policy',
	'embed',
	'deprecated',
	'match-highlight',
	'match',
	'sport',
]);

/** Roots with a free-form suffix: `/home-{key}` and `/most-popular-matches-{key}`. */
const KEYED_ROOTS = ['home-', 'most-popular-matches-'];

/** True when the unprefixed path names one of our pages (its first segment is known). */
export function isPageRoot(segment: string): boolean {
	if (PAGE_ROOTS.has(segment)) return true;
	return KEYED_ROOTS.some((prefix) => segment.startsWith(prefix) && segment.length > prefix.length);
}

/** Static content pages rendered from Markdown (content collection `pages`). */
export const STATIC_PAGES = [
	'about-us',
	'contact',
	'disclaimer',
	'faq',
	'security',
	'terms',
	'policy/privacy',
	'policy/refund',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];
