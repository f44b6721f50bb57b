import { type CalendarKind, calendarPath, webcalUrl } from '~/lib/urls';
import type { ViewContext } from './context';

/** One iCalendar feed a page offers. */
export interface CalendarFeed {
	kind: CalendarKind;
	id: number;
	name: string;
	/** A competition's season other than its latest (a team feed has every season). */
	season?: string | null;
}

/** The two links of a feed: `webcal:` (calendar apps subscribe) and https (download). */
export interface CalendarLinkView {
	name: string;
	https: string;
	webcal: string;
}

/**
 * Links to iCalendar feeds (src/components/football/CalendarLinks.astro prints them). The
 * event links inside a feed are the match pages in the page's language.
 */
export function calendarLinks(
	feeds: CalendarFeed[],
	ctx: Pick<ViewContext, 'locale' | 'origin'>,
): CalendarLinkView[] {
	return feeds.map((f) => {
		const https = new URL(
			calendarPath(f.kind, f.id, { locale: ctx.locale, season: f.season }),
			ctx.origin,
		).href;
		return { name: f.name, https, webcal: webcalUrl(https) };
	});
}
