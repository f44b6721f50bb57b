import { getDb } from '~/server/db/client';
import { competitionBySlug, type CompetitionInfo } from '~/server/football/queries/competition-seasons';
import { matchesForDay, type DayMatches } from '~/server/football/queries/matches';
import { nearestMatchDays } from '~/server/football/queries/nearest-days';
import { getSport } from '~/server/football/queries/sports';
import { getLiveMatchesPage } from '~/server/live/page';
import type { SnapshotMatch } from '~/server/live/snapshot';
import { localDate } from '~/lib/time-zone';
import { dateStrip, parsePageKey } from './page-keys';

export interface DayPageData {
	/** today: no key; date: a date key; competition: a competition slug; invalid: anything else. */
	mode: 'today' | 'date' | 'competition' | 'invalid';
	today: string;
	date: string;
	competition: CompetitionInfo | null;
	day: DayMatches;
	/** The nearest day with matches, offered by the empty state (null when the day has matches). */
	nearest: string | null;
	strip: string[];
	/** Live snapshot of the day's live matches for the LiveScoresList island (empty when none). */
	live: SnapshotMatch[];
	/**
	 * Today's home follows every match live right now (replays of past matches included),
	 * whatever its date: it is where visitors look for live scores.
	 */
	liveAll: boolean;
}

/**
 * The home page, `/home-{key}` and `/match` without an id: the visitor's day of matches.
 * A date key shows that day; a competition slug shows that competition's nearest day with
 * matches; any other key gives the empty state (never an error). "Today" is today in the
 * visitor's zone. One round trip on a miss when the day has matches, none on a hit.
 */
export async function getDayPage(key: string | undefined, timeZone: string, now = new Date()): Promise<DayPageData> {
	const db = await getDb();
	const today = localDate(now, timeZone);
	const parsed = key === undefined ? null : parsePageKey(key);
	let mode: DayPageData['mode'] = 'today';
	let date = today;
	let competition: CompetitionInfo | null = null;
	if (parsed?.kind === 'date') {
		mode = 'date';
		date = parsed.date;
	} else if (parsed?.kind === 'slug') {
		competition = (await competitionBySlug(parsed.slug)) ?? null;
		mode = competition ? 'competition' : 'invalid';
	} else if (parsed) {
		mode = 'invalid';
	}
	const load = (d: string) => matchesForDay(db, { date: d, timeZone, now, competitionId: competition?.id });
	let day = await load(date);
	let nearest: string | null = null;
	if (day.total === 0 || mode === 'invalid') {
		nearest = (await nearestMatchDays(date, timeZone, competition?.id ?? null)).nearest;
		if (mode === 'competition' && nearest) {
			date = nearest;
			day = await load(date);
			nearest = null;
		}
	}
	if (mode === 'invalid') {
		if (day.total > 0) nearest = date;
		day = { ...day, groups: [], total: 0, live: 0 };
	}
	// Today: everything live now. Another day: only a day with live matches pays for the
	// live snapshot (and ships the island).
	const liveAll = mode === 'today';
	let live: SnapshotMatch[] = [];
	if (liveAll) {
		live = (await getLiveMatchesPage()).matches;
	} else if (day.live > 0) {
		const ids = new Set(day.groups.flatMap((g) => g.matches).map((m) => String(m.id)));
		live = (await getLiveMatchesPage()).matches.filter((m) => ids.has(m.matchId));
	}
	return { mode, today, date, competition, day, nearest, strip: dateStrip(date), live, liveAll };
}

/** Route-cache tags of a day page: a change to any of its matches drops the cached page. */
export function dayTags(data: DayPageData): string[] {
	return ['home', 'lists', ...data.day.groups.flatMap((g) => g.matches.map((m) => `match:${m.id}`))];
}

/** `/sport/{slug}`: football's day of matches; undefined (404) for a sport we do not cover. */
export async function getSportPage(slug: string | undefined, timeZone: string): Promise<DayPageData | undefined> {
	if (!slug || !getSport(slug)) return undefined;
	return getDayPage(undefined, timeZone);
}
