/**
 * schema.org structured data of the football pages, typed with schema-dts so a property
 * schema.org does not define for a type fails the type check. Shaped for Google's
 * rich-result rules: a SportsEvent has name, startDate, eventStatus and a location
 * whenever one is known; breadcrumbs name every level with its canonical URL.
 * Pure, except `matchPageLd`, which reads the season's dates.
 */
import type {
	BreadcrumbList,
	Graph,
	Place,
	SportsEvent,
	SportsOrganization,
	SportsTeam,
	Thing,
	WebPage,
	WithContext,
} from 'schema-dts';
import type { Locale } from '~/i18n/locales';
import { absoluteUrl, leaguePath, matchPath, teamPath } from '~/lib/urls';
import { getDb } from '~/server/db/client';
import { getCompetition } from '~/server/football/queries/competitions';
import type { MatchSummary } from '~/server/football/queries/shape';
import { breadcrumbLd, type Crumb } from './breadcrumbs';

type T = (key: string, vars?: Record<string, unknown>) => string;

export interface LdContext {
	origin: string;
	locale: Locale;
	t: T;
}

type TeamLike = { name: string; slug: string };
type CompetitionLike = { name: string; slug: string; areaName: string; type?: string };

const STATUS: Partial<Record<MatchSummary['status'], SportsEvent['eventStatus']>> = {
	postponed: 'https://schema.org/EventPostponed',
	cancelled: 'https://schema.org/EventCancelled',
	abandoned: 'https://schema.org/EventCancelled',
};

/** A team as a SportsTeam node (its canonical page as url). */
export function sportsTeamLd(team: TeamLike, origin: string, locale: Locale): SportsTeam {
	return {
		'@type': 'SportsTeam',
		name: team.name,
		sport: 'Football',
		url: absoluteUrl(origin, locale, teamPath(team)),
	};
}

/**
 * Where a match is played: its venue when the data has one; for a domestic league, the
 * league's country (every club in it plays at home there). Otherwise nothing: a venue is
 * never invented.
 */
export function matchLocation(
	competition: CompetitionLike,
	venue?: { name: string; city: string | null } | null,
): Place | undefined {
	if (venue) {
		return {
			'@type': 'Place',
			name: venue.name,
			address: { '@type': 'PostalAddress', addressLocality: venue.city ?? venue.name },
		};
	}
	if (competition.type === 'league') {
		return {
			'@type': 'Place',
			name: competition.areaName,
			address: { '@type': 'PostalAddress', addressCountry: competition.areaName },
		};
	}
	return undefined;
}

export interface SeasonDates {
	startDate: string | null;
	endDate: string | null;
	/** The competition's latest season: its page is the plain league address. */
	latest: boolean;
}

/** One match as a SportsEvent; `season` adds the competition's dates to its superEvent. */
export function sportsEventLd(
	m: MatchSummary,
	origin: string,
	locale: Locale,
	venue?: { name: string; city: string | null } | null,
	season?: SeasonDates | null,
): WithContext<SportsEvent> {
	const home = sportsTeamLd(m.home, origin, locale);
	const away = sportsTeamLd(m.away, origin, locale);
	const location = matchLocation(m.competition, venue);
	const superEvent: SportsEvent = {
		'@type': 'SportsEvent',
		name: `${m.competition.name} ${m.season.label}`,
		sport: 'Football',
		url: absoluteUrl(
			origin,
			locale,
			leaguePath(m.competition, season?.latest ? null : m.season.label),
		),
		...(season?.startDate ? { startDate: season.startDate } : {}),
		...(season?.endDate ? { endDate: season.endDate } : {}),
	};
	return {
		'@context': 'https://schema.org',
		'@type': 'SportsEvent',
		name: `${m.home.name} – ${m.away.name}`,
		description: `${m.competition.name} ${m.season.label}, ${m.round}`,
		sport: 'Football',
		startDate: m.kickoffTimeKnown
			? m.kickoffAt.toISOString()
			: m.kickoffAt.toISOString().slice(0, 10),
		eventStatus: STATUS[m.status] ?? 'https://schema.org/EventScheduled',
		eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
		url: absoluteUrl(origin, locale, matchPath(m)),
		homeTeam: home,
		awayTeam: away,
		competitor: [home, away],
		superEvent,
		...(location ? { location } : {}),
	};
}

/** The league page: the competition, its next matches, and breadcrumbs. */
export function leaguePageLd(
	c: CompetitionLike & { id: number },
	season: {
		label: string;
		latest: boolean;
		dates: { startDate: string | null; endDate: string | null };
	},
	fixtures: MatchSummary[],
	{ origin, locale, t }: LdContext,
): Graph {
	const path = leaguePath(c, season.latest ? null : season.label);
	const organization: SportsOrganization & { event?: SportsEvent[] } = {
		'@type': 'SportsOrganization',
		name: c.name,
		sport: 'Football',
		areaServed: c.areaName,
		url: absoluteUrl(origin, locale, leaguePath(c)),
	};
	const events = fixtures.slice(0, 5).map((m) => {
		const { '@context': _, ...event } = sportsEventLd(m, origin, locale, null, {
			...season.dates,
			latest: season.latest,
		});
		return event;
	});
	if (events.length > 0) organization.event = events;
	const crumbs: Crumb[] = [
		{ name: t('nav.home'), path: '/' },
		{ name: t('nav.leagues'), path: '/league' },
		{ name: season.latest ? c.name : `${c.name} ${season.label}`, path },
	];
	return graph([organization, breadcrumbLd(crumbs, origin, locale)]);
}

/** The team page: the team and breadcrumbs. */
export function teamPageLd(team: TeamLike, { origin, locale, t }: LdContext): Graph {
	const node = sportsTeamLd(team, origin, locale);
	const crumbs: Crumb[] = [
		{ name: t('nav.home'), path: '/' },
		{ name: t('nav.teams'), path: '/team' },
		{ name: team.name, path: teamPath(team) },
	];
	return graph([node, breadcrumbLd(crumbs, origin, locale)]);
}

/**
 * The match centre: the SportsEvent (its superEvent, the season, with the season's dates)
 * and breadcrumbs Home › Leagues › competition season › match.
 */
export async function matchPageLd(
	m: MatchSummary,
	venue: { name: string; city: string | null } | null,
	{ origin, locale, t }: LdContext,
): Promise<Graph> {
	const season = await seasonOf(m);
	const { '@context': _, ...event } = sportsEventLd(m, origin, locale, venue, season);
	const latest = season?.latest ?? false;
	const crumbs: Crumb[] = [
		{ name: t('nav.home'), path: '/' },
		{ name: t('nav.leagues'), path: '/league' },
		{
			name: `${m.competition.name} ${m.season.label}`,
			path: leaguePath(m.competition, latest ? null : m.season.label),
		},
		{ name: `${m.home.name} – ${m.away.name}`, path: matchPath(m) },
	];
	return graph([event, breadcrumbLd(crumbs, origin, locale)]);
}

/** The dates of a match's season, and whether it is the competition's latest. */
async function seasonOf(m: MatchSummary): Promise<SeasonDates | null> {
	const competition = await getCompetition(await getDb(), m.competition.id);
	const found = competition?.seasons.find((s) => s.label === m.season.label);
	if (!found) return null;
	return {
		startDate: found.startDate,
		endDate: found.endDate,
		latest: competition?.seasons[0]?.label === m.season.label,
	};
}

/** One match as a complete SportsEvent (venue, season dates), for pages about one match. */
export async function matchEventLd(
	m: MatchSummary,
	venue: { name: string; city: string | null } | null,
	{ origin, locale }: Pick<LdContext, 'origin' | 'locale'>,
): Promise<WithContext<SportsEvent>> {
	return sportsEventLd(m, origin, locale, venue, await seasonOf(m));
}

/**
 * A head-to-head page: a WebPage about the two teams whose main entity is the list of
 * their meetings (ItemList has no `about`: it is not a creative work).
 */
export function h2hPageLd(
	title: string,
	teams: [TeamLike, TeamLike],
	meetings: MatchSummary[],
	{ origin, locale }: Pick<LdContext, 'origin' | 'locale'>,
): WithContext<WebPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebPage',
		name: title,
		about: teams.map((team) => sportsTeamLd(team, origin, locale)),
		mainEntity: {
			'@type': 'ItemList',
			name: title,
			numberOfItems: meetings.length,
			itemListElement: meetings.map((m, i) => ({
				'@type': 'ListItem',
				position: i + 1,
				name: `${m.home.name} – ${m.away.name}`,
				url: absoluteUrl(origin, locale, matchPath(m)),
			})),
		},
	};
}

/** Several nodes in one block. */
export function graph(nodes: Thing[]): Graph {
	return { '@context': 'https://schema.org', '@graph': nodes };
}

export type { BreadcrumbList };
