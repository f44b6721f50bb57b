/**
 * THE addresses of the site's public things. Every link to a league, team, match, news
 * post or calendar feed is built here, whoever prints it: pages, the sitemap, canonical
 * and hreflang links, JSON-LD, RSS and iCalendar. A page answering at another form of its
 * address redirects (301) to the one built here (src/server/seo/addresses.ts).
 *
 * Paths are unprefixed ('/team/argentina'); `localPath` adds the locale, `absoluteUrl`
 * the origin. Pure: usable on the server and in the browser.
 */
import type { Locale } from '../i18n/locales';
import { localHref } from './locale-resolution';

/**
 * A league's page: `/league/{slug}`, plus `?season=` for a past season (the latest season
 * has no query: one address per page). Slugs are unique and kept by the importer once
 * given, so they are stable across re-imports, unlike ids.
 */
export function leaguePath(competition: { slug: string }, season?: string | null): string {
	const base = `/league/${competition.slug}`;
	return season ? `${base}?season=${encodeURIComponent(season)}` : base;
}

/** A team's page: `/team/{slug}`. */
export function teamPath(team: { slug: string }): string {
	return `/team/${team.slug}`;
}

/** A match centre: `/match/{id}` (matches have no name of their own that stays unique). */
export function matchPath(match: { id: number | string }): string {
	return `/match/${match.id}`;
}

/** A news post: `/news/{slug}`. */
export function newsPath(slug: string): string {
	return `/news/${slug}`;
}

/** The news list. */
export const NEWS_PATH = '/news';

/** `path` in `locale`: '/en/team/argentina'. */
export function localPath(locale: Locale, path = '/'): string {
	return localHref(locale, path);
}

/** The absolute URL of `path` in `locale` on `origin`. */
export function absoluteUrl(origin: string, locale: Locale, path = '/'): string {
	return new URL(localHref(locale, path), origin).href;
}

/** The RSS feed of a locale. */
export function rssPath(locale: Locale): string {
	return `/${locale}/rss.xml`;
}

export type CalendarKind = 'team' | 'competition';

/**
 * An iCalendar feed: `/api/calendar/{kind}/{id}.ics`, with the locale its event links and
 * texts use, and for a competition optionally a season (default its latest).
 */
export function calendarPath(
	kind: CalendarKind,
	id: number,
	opts: { locale?: Locale; season?: string | null } = {},
): string {
	const query = new URLSearchParams();
	if (opts.locale) query.set('locale', opts.locale);
	if (opts.season) query.set('season', opts.season);
	const qs = query.toString();
	return `/api/calendar/${kind}/${id}.ics${qs ? `?${qs}` : ''}`;
}

/** The same feed as a `webcal:` address, which calendar apps open as a subscription. */
export function webcalUrl(httpUrl: string): string {
	return httpUrl.replace(/^https?:/, 'webcal:');
}
