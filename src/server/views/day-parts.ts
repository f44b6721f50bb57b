/**
 * Parts of the pages that list days of matches (home, fixtures): the date strip, the
 * matches of one competition, the pager.
 */
import { isLive } from '~/lib/football/match-status';
import { leaguePath } from '~/lib/urls';
import type { MatchSummary, CompetitionRef } from '~/server/football/queries/shape';
import { localHref } from '~/lib/locale-resolution';
import type { ViewContext } from './context';
import { LOCALE_TAGS } from '~/i18n/locales';
import { dateTimeFormat } from '~/lib/intl';
import { formatDay } from './format';
import { type MatchRowOptions, matchRows, type MatchRowView } from './match-row';

/** A day of the date strip. */
export interface DayLink {
	href: string;
	/** "Today" or the whole date ("Saturday 16 August 2025"), the link's tooltip. */
	label: string;
	/** Shown on two short lines: "Sat" (or "Today") over "16 Aug", or over "16" on phones. */
	weekday: string;
	date: string;
	dayNumber: string;
	current: boolean;
}

export interface CompetitionBlockView {
	slug: string;
	name: string;
	areaName: string;
	href: string;
	/** "2 live", or null when none of its matches is being played. */
	liveCount: string | null;
	rows: MatchRowView[];
}

/** Previous and next page links (null on the first or last page) and "Page 2 of 9". */
export interface PaginationView {
	prev: string | null;
	next: string | null;
	text: string;
}

export function dateStripView(
	days: readonly string[],
	selected: string,
	today: string,
	href: (date: string) => string,
	ctx: ViewContext,
): DayLink[] {
	const tag = LOCALE_TAGS[ctx.locale];
	const weekday = dateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
	const dayMonth = dateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
	const dayOnly = dateTimeFormat(tag, { day: 'numeric', timeZone: 'UTC' });
	return days.map((d) => {
		const noon = new Date(`${d}T12:00:00Z`);
		const isToday = d === today;
		return {
			href: href(d),
			label: isToday ? ctx.t('football:ui.today') : formatDay(d, ctx.locale, 'long'),
			weekday: isToday ? ctx.t('football:ui.today') : weekday.format(noon),
			date: dayMonth.format(noon),
			dayNumber: dayOnly.format(noon),
			current: d === selected,
		};
	});
}

export function competitionBlockView(
	group: { competition: CompetitionRef; matches: MatchSummary[] },
	ctx: ViewContext,
	rowOptions: MatchRowOptions = {},
): CompetitionBlockView {
	const { competition, matches } = group;
	const live = matches.filter((m) => isLive(m.status)).length;
	return {
		slug: competition.slug,
		name: competition.name,
		areaName: competition.areaName,
		href: localHref(ctx.locale, leaguePath(competition)),
		liveCount: live > 0 ? ctx.t('football:ui.liveCount', { count: live }) : null,
		rows: matchRows(matches, ctx, rowOptions),
	};
}

/** Null when everything fits on one page. */
export function paginationView(
	page: number,
	pages: number,
	href: (page: number) => string,
	ctx: ViewContext,
): PaginationView | null {
	if (pages <= 1) return null;
	return {
		prev: page > 1 ? href(page - 1) : null,
		next: page < pages ? href(page + 1) : null,
		text: ctx.t('football:ui.pageOf', { page, pages }),
	};
}
