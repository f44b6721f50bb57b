/**
 * Parts of the pages that list days of matches (home, fixtures): the date strip, the
 * matches of one competition, the pager.
 */
import { leaguePath } from '~/lib/urls';
import type { MatchSummary, CompetitionRef } from '~/server/football/queries/shape';
import { localHref } from '~/lib/locale-resolution';
import type { ViewContext } from './context';
import { formatDay } from './format';
import { matchRows, type MatchRowView } from './match-row';

/** A day of the date strip. */
export interface DayLink {
	href: string;
	/** "Today" or a short date ("Sat 16 Aug"). */
	label: string;
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
	return days.map((d) => ({
		href: href(d),
		label: d === today ? ctx.t('football:ui.today') : formatDay(d, ctx.locale, 'short'),
		current: d === selected,
	}));
}

export function competitionBlockView(
	group: { competition: CompetitionRef; matches: MatchSummary[] },
	ctx: ViewContext,
): CompetitionBlockView {
	const { competition, matches } = group;
	const live = matches.filter((m) => m.status === 'live' || m.status === 'half_time').length;
	return {
		slug: competition.slug,
		name: competition.name,
		areaName: competition.areaName,
		href: localHref(ctx.locale, leaguePath(competition)),
		liveCount: live > 0 ? ctx.t('football:ui.liveCount', { count: live }) : null,
		rows: matchRows(matches, ctx),
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
