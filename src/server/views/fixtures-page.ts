import { getDb } from '~/server/db/client';
import { getCompetitions, type CompetitionInfo, type SeasonInfo } from '~/server/football/queries/competition-seasons';
import { listMatches, matchesForDay, type DayMatches } from '~/server/football/queries/matches';
import { nearestMatchDays } from '~/server/football/queries/nearest-days';
import type { MatchSummary } from '~/server/football/queries/shape';
import { dayRangeUtc } from '~/server/football/time';
import { localDate } from '~/lib/time-zone';
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
export async function getFixturesPage(params: URLSearchParams, timeZone: string, now = new Date()): Promise<FixturesPageData> {
	const db = await getDb();
	const today = localDate(now, timeZone);
	const competitions = await getCompetitions();
	const slug = params.get('competition');
	const competition = (slug && isSlug(slug) && competitions.find((c) => c.slug === slug)) || null;
	const rawDate = params.get('date');
	const date = rawDate && isIsoDate(rawDate) ? rawDate : competition ? null : today;
	const requestedPage = Number(params.get('page') ?? '');
	const base = { today, date, competition, competitions, season: null, day: null, list: null, nearest: null };
	if (date) {
		const day = await matchesForDay(db, { date, timeZone, now, competitionId: competition?.id });
		const nearest = day.total === 0 ? (await nearestMatchDays(date, timeZone, competition?.id ?? null)).nearest : null;
		return { ...base, strip: dateStrip(date), day, nearest };
	}
	const season = competition!.seasons[0] ?? null;
	if (!season) return { ...base, strip: dateStrip(today), season };
	let page = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 0;
	if (page === 0) {
		// Open on the page holding the first match from today on (the whole season before it).
		const before = await listMatches(db, { seasonId: season.id, to: dayRangeUtc(today, timeZone).start, pageSize: 1, now });
		page = Math.floor(before.total / FIXTURES_PAGE_SIZE) + 1;
	}
	let result = await listMatches(db, { seasonId: season.id, page, pageSize: FIXTURES_PAGE_SIZE, now });
	const pages = Math.max(1, Math.ceil(result.total / FIXTURES_PAGE_SIZE));
	if (page > pages) {
		page = pages;
		result = await listMatches(db, { seasonId: season.id, page, pageSize: FIXTURES_PAGE_SIZE, now });
	}
	return { ...base, strip: dateStrip(today), season, list: { items: result.items, page, pages } };
}
