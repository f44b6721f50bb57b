import { leaguePath } from '~/lib/urls';
import type { Locale } from '~/i18n/locales';
import { localHref } from '~/lib/locale-resolution';
import { competitionBySlug } from './queries/competition-seasons';

/**
 * Old addresses of the previous site (`/deprecated/{slug}`): each either moved (301 to its
 * current page) or is gone for good (410 with a helpful page). Competition slugs move to
 * their league page, resolved at request time (ids are assigned by the import).
 */
export const MOVED: Readonly<Record<string, string>> = {
	live: '/live-matches',
	'live-score': '/live-matches',
	livescore: '/live-matches',
	schedule: '/fixtures-results',
	fixtures: '/fixtures-results',
	results: '/fixtures-results',
	standings: '/league',
	leagues: '/league',
	teams: '/team',
	h2h: '/team/head-to-head',
	'head-to-head': '/team/head-to-head',
	popular: '/most-popular-matches',
	'top-matches': '/hot-matches',
	'big-matches': '/hot-matches',
	football: '/sport/football',
	soccer: '/sport/football',
	widgets: '/widget',
	index: '/',
	home: '/',
};

/** Old competition slugs that differ from today's (the rest map to the same slug). */
export const COMPETITION_RENAMES: Readonly<Record<string, string>> = {
	epl: 'premier-league',
	'english-premier-league': 'premier-league',
	laliga: 'la-liga',
	ucl: 'champions-league',
	'uefa-champions-league': 'champions-league',
	worldcup: 'world-cup',
	'fifa-world-cup': 'world-cup',
	'euro-2024': 'euro',
};

export type DeprecatedTarget =
	| { kind: 'moved'; path: string }
	| { kind: 'competition'; slug: string }
	| { kind: 'gone' };

/** Where an old slug went. Pure; the route resolves a competition slug to its id. */
export function deprecatedTarget(slug: string | undefined): DeprecatedTarget {
	const key = (slug ?? '').toLowerCase();
	const moved = MOVED[key];
	if (moved) return { kind: 'moved', path: moved };
	if (/^[a-z0-9-]{2,60}$/.test(key))
		return { kind: 'competition', slug: COMPETITION_RENAMES[key] ?? key };
	return { kind: 'gone' };
}

/** `/deprecated/{slug}`: the localised address it moved to (301), or null for 410. */
export async function resolveDeprecated(
	slug: string | undefined,
	locale: Locale,
): Promise<string | null> {
	const target = deprecatedTarget(slug);
	if (target.kind === 'moved') return localHref(locale, target.path);
	if (target.kind === 'competition') {
		const competition = await competitionBySlug(target.slug);
		if (competition) return localHref(locale, leaguePath(competition));
	}
	return null;
}
