/**
 * schema.org structured data for the football pages (SportsEvent, SportsTeam,
 * SportsOrganization, ItemList). Pure: the layouts serialise it safely (jsonLd in lib/seo).
 */
import type { Locale } from '~/i18n/locales';
import { absoluteUrl, leaguePath, matchPath, teamPath } from '~/lib/urls';
import type { MatchSummary } from '~/server/football/queries/shape';

const statusOf = (m: MatchSummary): string => {
	switch (m.status) {
		case 'postponed':
			return 'https://schema.org/EventPostponed';
		case 'cancelled':
		case 'abandoned':
			return 'https://schema.org/EventCancelled';
		default:
			return 'https://schema.org/EventScheduled';
	}
};

const url = absoluteUrl;

export function teamLd(
	team: { id: number; name: string; slug: string },
	origin: string,
	locale: Locale,
) {
	return {
		'@type': 'SportsTeam',
		name: team.name,
		sport: 'Football',
		url: url(origin, locale, teamPath(team)),
	};
}

/** One match as a SportsEvent. */
export function matchLd(
	m: MatchSummary,
	origin: string,
	locale: Locale,
	venue?: { name: string; city: string | null } | null,
) {
	return {
		'@context': 'https://schema.org',
		'@type': 'SportsEvent',
		name: `${m.home.name} – ${m.away.name}`,
		sport: 'Football',
		startDate: m.kickoffAt.toISOString(),
		eventStatus: statusOf(m),
		eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
		url: url(origin, locale, matchPath(m)),
		homeTeam: teamLd(m.home, origin, locale),
		awayTeam: teamLd(m.away, origin, locale),
		competitor: [teamLd(m.home, origin, locale), teamLd(m.away, origin, locale)],
		superEvent: { '@type': 'SportsEvent', name: m.competition.name },
		...(venue
			? { location: { '@type': 'Place', name: venue.name, address: venue.city ?? venue.name } }
			: {}),
	};
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
		url: url(origin, locale, matchPath(m)),
	}));
}

export function leagueLd(
	c: { id: number; slug: string; name: string; areaName: string },
	origin: string,
	locale: Locale,
) {
	return {
		'@context': 'https://schema.org',
		'@type': 'SportsOrganization',
		additionalType: 'https://schema.org/SportsOrganization',
		name: c.name,
		sport: 'Football',
		areaServed: c.areaName,
		url: url(origin, locale, leaguePath(c)),
	};
}

export function sportsTeamPageLd(
	team: { id: number; name: string; slug: string; countryCode: string | null },
	origin: string,
	locale: Locale,
) {
	return {
		'@context': 'https://schema.org',
		...teamLd(team, origin, locale),
		...(team.countryCode ? { location: team.countryCode } : {}),
	};
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

/** The league page: the competition and its next five matches. */
export function leaguePageLd(
	c: { id: number; slug: string; name: string; areaName: string },
	fixtures: MatchSummary[],
	origin: string,
	locale: Locale,
) {
	return {
		...leagueLd(c, origin, locale),
		event: fixtures.slice(0, 5).map((m) => ({
			'@type': 'SportsEvent',
			name: `${m.home.name} – ${m.away.name}`,
			startDate: m.kickoffAt.toISOString(),
			url: url(origin, locale, matchPath(m)),
		})),
	};
}

/** The widget page. */
export function widgetLd(name: string, description: string, origin: string, locale: Locale) {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebPage',
		name,
		description,
		url: `${origin}/${locale}/widget`,
	};
}

/** The head-to-head page: the meetings, about the two teams. */
export function h2hPageLd(
	title: string,
	matches: MatchSummary[],
	teams: { id: number; name: string; slug: string }[],
	origin: string,
	locale: Locale,
) {
	return {
		...itemListLd(title, matchItems(matches, origin, locale)),
		about: teams.map((tm) => ({
			'@type': 'SportsTeam',
			name: tm.name,
			url: url(origin, locale, teamPath(tm)),
		})),
	};
}

/** A page that is neither a list nor a sports thing (forms, help). */
export function webPageLd(name: string, url: string) {
	return { '@context': 'https://schema.org', '@type': 'WebPage', name, url };
}
