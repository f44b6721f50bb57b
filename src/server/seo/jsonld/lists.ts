/**
 * Lists as schema.org ItemList (a day's matches, rankings, directories) and the home page's
 * graph. An empty list is never published (publishableStructuredData in lib/seo.ts).
 */
import type { Locale } from '~/i18n/locales';
import { absoluteUrl, matchPath } from '~/lib/urls';
import type { MatchSummary } from '~/server/football/queries/shape';

interface ShownMatches {
	day: { groups: { matches: MatchSummary[] }[] };
	live: { matchId: string; home: { name: string }; away: { name: string } }[];
}

/**
 * The matches a day page shows, for its ItemList: the day's matches, then the live ones
 * not already listed (on today's home, every match live now, replays included).
 */
export function homeMatchItems(
	data: ShownMatches,
	origin: string,
	locale: Locale,
): { name: string; url: string }[] {
	const seen = new Set<string>();
	const items: { name: string; url: string }[] = [];
	const add = (id: string | number, home: string, away: string) => {
		if (seen.has(String(id))) return;
		seen.add(String(id));
		items.push({ name: `${home} – ${away}`, url: absoluteUrl(origin, locale, matchPath({ id })) });
	};
	for (const m of data.day.groups.flatMap((g) => g.matches)) add(m.id, m.home.name, m.away.name);
	for (const m of data.live) add(m.matchId, m.home.name, m.away.name);
	return items;
}

/** A list of matches (or anything with a URL) as an ItemList. */
export function itemListLd(name: string, items: { name: string; url: string }[]) {
	return {
		'@context': 'https://schema.org',
		'@type': 'ItemList',
		name,
		numberOfItems: items.length,
		itemListElement: items.map((item, i) => ({
			'@type': 'ListItem',
			position: i + 1,
			name: item.name,
			url: item.url,
		})),
	};
}

/** Matches as ItemList entries. */
export function matchItems(matches: MatchSummary[], origin: string, locale: Locale) {
	return matches.map((m) => ({
		name: `${m.home.name} – ${m.away.name}`,
		url: absoluteUrl(origin, locale, matchPath(m)),
	}));
}

/** The home page: the site, and the day's matches as an ItemList (given without its own @context). */
export function homeLd(
	siteName: string,
	matches: ReturnType<typeof itemListLd>,
	origin: string,
	locale: Locale,
) {
	return {
		'@context': 'https://schema.org',
		'@graph': [
			{ '@type': 'WebSite', name: siteName, url: `${origin}/${locale}`, inLanguage: locale },
			{ ...matches, '@context': undefined },
		],
	};
}
