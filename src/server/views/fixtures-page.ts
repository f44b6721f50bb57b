import type { StructuredData } from '~/lib/seo';
import { getDb } from '~/server/db/client';
import {
	getCompetitions,
	type CompetitionInfo,
	type SeasonInfo,
} from '~/server/football/queries/competition-seasons';
import { listMatches, matchesForDay, type DayMatches } from '~/server/football/queries/matches';
import { nearestMatchDays } from '~/server/football/queries/nearest-days';
import type { MatchSummary } from '~/server/football/queries/shape';
import { dayRangeUtc } from '~/server/football/time';
import { localHref } from '~/lib/locale-resolution';
import { localDate } from '~/lib/time-zone';
import type { ViewContext } from './context';
import {
	competitionBlockView,
	dateStripView,
	paginationView,
	type CompetitionBlockView,
	type DayLink,
	type PaginationView,
} from './day-parts';
import { formatDay } from './format';
import { namesFor } from './names';
import { itemListLd, matchItems } from '~/server/seo/jsonld/lists';
import { matchRows, type MatchRowView } from './match-row';
import { dateStrip, isIsoDate, isSlug } from './page-keys';

export const FIXTURES_PAGE_SIZE = 40;

export interface FixturesPageData {
	today: string;
	/** The selected day, or null when a whole competition season is listed. */
	date: string | null;
	competition: CompetitionInfo | null;
	season: SeasonInfo | null;
	competitions: CompetitionInfo[];
	strip: string[];
	/** By date: the day's matches grouped by competition. */
	day: DayMatches | null;
	/** By competition (no date): one page of the season's matches in kick-off order. */
	list: { items: MatchSummary[]; page: number; pages: number } | null;
	nearest: string | null;
}

/**
 * `/fixtures-results?date=&competition=&page=`: filters are plain links, so every view is
 * shareable and crawlable. A date lists that day (optionally one competition); a
 * competition alone lists its latest season, paginated, opening on the page with the
 * next match. Unknown filter values are ignored (the unfiltered page is shown).
 */
export async function getFixturesPage(
	params: URLSearchParams,
	timeZone: string,
	now = new Date(),
): Promise<FixturesPageData> {
	const db = await getDb();
	const today = localDate(now, timeZone);
	const competitions = await getCompetitions();
	const slug = params.get('competition');
	const competition = (slug && isSlug(slug) && competitions.find((c) => c.slug === slug)) || null;
	const rawDate = params.get('date');
	const date = rawDate && isIsoDate(rawDate) ? rawDate : competition ? null : today;
	const requestedPage = Number(params.get('page') ?? '');
	const base = {
		today,
		date,
		competition,
		competitions,
		season: null,
		day: null,
		list: null,
		nearest: null,
	};
	if (date) {
		const day = await matchesForDay(db, { date, timeZone, now, competitionId: competition?.id });
		const nearest =
			day.total === 0
				? (await nearestMatchDays(date, timeZone, competition?.id ?? null)).nearest
				: null;
		return { ...base, strip: dateStrip(date), day, nearest };
	}
	const season = competition!.seasons[0] ?? null;
	if (!season) return { ...base, strip: dateStrip(today), season };
	let page = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 0;
	if (page === 0) {
		// Open on the page holding the first match from today on (the whole season before it).
		const before = await listMatches(db, {
			seasonId: season.id,
			to: dayRangeUtc(today, timeZone).start,
			pageSize: 1,
			now,
		});
		page = Math.floor(before.total / FIXTURES_PAGE_SIZE) + 1;
	}
	let result = await listMatches(db, {
		seasonId: season.id,
		page,
		pageSize: FIXTURES_PAGE_SIZE,
		now,
	});
	const pages = Math.max(1, Math.ceil(result.total / FIXTURES_PAGE_SIZE));
	if (page > pages) {
		page = pages;
		result = await listMatches(db, {
			seasonId: season.id,
			page,
			pageSize: FIXTURES_PAGE_SIZE,
			now,
		});
	}
	return { ...base, strip: dateStrip(today), season, list: { items: result.items, page, pages } };
}

export interface FixturesView {
	title: string;
	description: string;
	structuredData: StructuredData;
	/** The competition filter: "all", then each competition. */
	filters: { href: string; label: string; current: boolean }[];
	strip: DayLink[];
	/** A day of one competition links to its whole season. */
	wholeSeasonHref: string | null;
	/** By date: the day's blocks, or the empty state with the nearest day that has matches. */
	day: { blocks: CompetitionBlockView[]; nearest: { href: string; label: string } | null } | null;
	/** By competition: one page of the season. */
	list: { rows: MatchRowView[]; label: string; pagination: PaginationView | null } | null;
}

/** `/fixtures-results?date=&competition=&page=` ready to render. */
export async function getFixturesView(
	params: URLSearchParams,
	ctx: ViewContext,
): Promise<FixturesView> {
	const raw = await getFixturesPage(params, ctx.timeZone);
	const { locale, t, origin } = ctx;
	const names = await namesFor(ctx);
	const data = {
		...raw,
		competition: raw.competition && names.competitionRef(raw.competition),
		competitions: raw.competitions.map((c) => names.competitionRef(c)),
		day: raw.day && {
			...raw.day,
			groups: raw.day.groups.map((g) => ({
				...g,
				competition: names.competitionRef(g.competition),
				matches: g.matches.map(names.match),
			})),
		},
		list: raw.list && { ...raw.list, items: raw.list.items.map(names.match) },
	};
	const href = (p: { date?: string | null; competition?: string | null; page?: number }) => {
		const q = new URLSearchParams();
		if (p.date) q.set('date', p.date);
		if (p.competition) q.set('competition', p.competition);
		if (p.page && p.page > 1) q.set('page', String(p.page));
		const s = q.toString();
		return localHref(locale, `/fixtures-results${s ? `?${s}` : ''}`);
	};
	const comp = data.competition;
	const title =
		comp && !data.date
			? t('football:fixtures.competitionTitle', {
					competition: comp.name,
					season: data.season?.label ?? '',
				})
			: data.date
				? t('football:fixtures.dateTitle', { date: formatDay(data.date, locale) }) +
					(comp ? ` · ${comp.name}` : '')
				: t('football:fixtures.title');
	const description =
		comp && !data.date
			? t('football:fixtures.competitionDescription', {
					competition: comp.name,
					season: data.season?.label ?? '',
				})
			: t('football:fixtures.description');
	const matches = data.day ? data.day.groups.flatMap((g) => g.matches) : (data.list?.items ?? []);
	return {
		title,
		description,
		structuredData: itemListLd(title, matchItems(matches, origin, locale)),
		filters: [
			{ href: href({ date: data.date }), label: t('football:ui.allCompetitions'), current: !comp },
			...data.competitions.map((c) => ({
				href: href({ date: data.date, competition: c.slug }),
				label: c.name,
				current: comp?.id === c.id,
			})),
		],
		strip: dateStripView(
			data.strip,
			data.date ?? '',
			data.today,
			(d) => href({ date: d, competition: comp?.slug }),
			ctx,
		),
		wholeSeasonHref: comp && data.date ? href({ competition: comp.slug }) : null,
		day: data.day
			? {
					blocks: data.day.groups.map((g) => competitionBlockView(g, ctx)),
					nearest: data.nearest
						? {
								href: href({ date: data.nearest, competition: comp?.slug }),
								label: t('football:home.nearest', { date: formatDay(data.nearest, locale) }),
							}
						: null,
				}
			: null,
		list: data.list
			? {
					rows: matchRows(data.list.items, ctx, { showDate: true }),
					label: title,
					pagination: paginationView(
						data.list.page,
						data.list.pages,
						(p) => href({ competition: comp?.slug, page: p }),
						ctx,
					),
				}
			: null,
	};
}
