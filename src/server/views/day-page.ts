import type { StructuredData } from '~/lib/seo';
import type { LiveLabels } from '~/lib/live/labels';
import { getDb } from '~/server/db/client';
import {
	competitionBySlug,
	type CompetitionInfo,
} from '~/server/football/queries/competition-seasons';
import { matchesForDay, type DayMatches } from '~/server/football/queries/matches';
import { nearestMatchDays } from '~/server/football/queries/nearest-days';
import { getSport } from '~/server/football/queries/sports';
import { liveLabels } from '~/server/live/labels';
import { getLiveMatchesPage } from '~/server/live/page';
import type { SnapshotMatch } from '~/server/live/snapshot';
import { localHref } from '~/lib/locale-resolution';
import { localDate } from '~/lib/time-zone';
import { liveWatchMarks, type LiveWatchMarks } from './live-list-page';
import type { ViewContext } from './context';
import {
	competitionBlockView,
	dateStripView,
	type CompetitionBlockView,
	type DayLink,
} from './day-parts';
import { formatDay, renderedAtText } from './format';
import { liveNames, namesFor } from './names';
import { homeLd, homeMatchItems, itemListLd, matchItems } from '~/server/seo/jsonld/lists';
import { dateStrip, parsePageKey } from './page-keys';
import { sharedWhatsOnView, type WhatsOnView } from './whats-on';

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
export async function getDayPage(
	key: string | undefined,
	timeZone: string,
	now = new Date(),
): Promise<DayPageData> {
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
	const load = (d: string) =>
		matchesForDay(db, { date: d, timeZone, now, competitionId: competition?.id });
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
	return [
		'home',
		'lists',
		...data.day.groups.flatMap((g) => g.matches.map((m) => `match:${m.id}`)),
	];
}

/** `/sport/{slug}`: football's day of matches; undefined (404) for a sport we do not cover. */
export async function getSportPage(
	slug: string | undefined,
	timeZone: string,
): Promise<DayPageData | undefined> {
	if (!slug || !getSport(slug)) return undefined;
	return getDayPage(undefined, timeZone);
}

/** The day of matches as HomePage and TodayMatchesPage render it (DayMatches.astro). */
export interface DayMatchesView {
	heading: string;
	strip: DayLink[];
	/**
	 * Props of the LiveScoresList island; null when nothing of the day is live. Today's home
	 * has it even with nothing live (`quietWhenEmpty`): a match that kicks off joins it.
	 */
	live: {
		initial: SnapshotMatch[];
		matchIds: string[] | null;
		matchHref: string;
		labels: LiveLabels;
		watch: LiveWatchMarks;
		quietWhenEmpty: boolean;
	} | null;
	blocks: CompetitionBlockView[];
	/** Today without matches of its own: the next fixtures, latest results and tables instead. */
	whatsOn: WhatsOnView | null;
	/** The empty state, when the day has no matches to show (and nothing else stands in). */
	empty: {
		message: string;
		/** The nearest day with matches. */
		nearest: { href: string; label: string } | null;
		fixturesHref: string;
		leaguesHref: string;
	} | null;
}

export interface DayView {
	title: string;
	description: string;
	/** The page's h1 (TodayMatchesPage; the home page has none of its own). */
	heading: string;
	structuredData: StructuredData;
	noindex: boolean;
	interactive: boolean;
	/** Route-cache tags. */
	tags: string[];
	day: DayMatchesView;
}

function dayMatchesView(
	data: DayPageData,
	ctx: ViewContext,
	whatsOn: WhatsOnView | null = null,
): DayMatchesView {
	const { locale, t } = ctx;
	const dayHref = (d: string) =>
		data.competition
			? localHref(locale, `/fixtures-results?date=${d}&competition=${data.competition.slug}`)
			: localHref(locale, d === data.today ? '/home' : `/home-${d}`);
	const heading =
		data.mode === 'competition' && data.competition
			? t('football:home.competitionDay', {
					competition: data.competition.name,
					date: formatDay(data.date, locale),
				})
			: data.date === data.today
				? t('football:home.today', { date: formatDay(data.date, locale) })
				: t('football:home.day', { date: formatDay(data.date, locale) });
	const blocks = data.day.groups.map((g) => competitionBlockView(g, ctx));
	return {
		heading,
		strip: dateStripView(data.strip, data.date, data.today, dayHref, ctx),
		live:
			data.live.length > 0 || data.liveAll
				? {
						initial: data.live,
						matchIds: data.liveAll ? null : data.live.map((m) => m.matchId),
						matchHref: localHref(locale, '/match/{id}'),
						labels: { ...liveLabels(t), names: liveNames(ctx), asOf: renderedAtText(ctx) },
						watch: liveWatchMarks(data.live, ctx),
						quietWhenEmpty: data.live.length === 0,
					}
				: null,
		blocks,
		whatsOn,
		empty:
			blocks.length > 0 || whatsOn
				? null
				: {
						message:
							data.mode === 'invalid'
								? t('football:home.unknownKey')
								: t('football:home.noMatches'),
						nearest: data.nearest
							? {
									href: localHref(
										locale,
										data.nearest === data.today ? '/home' : `/home-${data.nearest}`,
									),
									label: t('football:home.nearest', { date: formatDay(data.nearest, locale) }),
								}
							: null,
						fixturesHref: localHref(locale, '/fixtures-results'),
						leaguesHref: localHref(locale, '/league'),
					},
	};
}

/** The day's data with every name in the visitor's language (views/names.ts). */
async function localDayPage(data: DayPageData, ctx: ViewContext): Promise<DayPageData> {
	const names = await namesFor(ctx);
	return {
		...data,
		competition: data.competition && names.competitionRef(data.competition),
		day: {
			...data.day,
			groups: data.day.groups.map((g) => ({
				...g,
				competition: names.competitionRef(g.competition),
				matches: g.matches.map(names.match),
			})),
		},
		live: data.live.map((m) => names.snapshot(m)),
	};
}

/** The home page, `/home` and `/home-{key}`. */
export async function getHomeView(key: string | undefined, ctx: ViewContext): Promise<DayView> {
	const data = await localDayPage(await getDayPage(key, ctx.timeZone), ctx);
	// The first screen of the site is never empty: a today without matches shows the latest.
	const whatsOn =
		data.mode === 'today' && data.day.total === 0 ? await sharedWhatsOnView(ctx) : null;
	const { locale, t, origin } = ctx;
	const date = formatDay(data.date, locale);
	const [title, description] =
		data.mode === 'competition' && data.competition
			? [
					t('football:home.competitionTitle', { competition: data.competition.name }),
					t('football:home.competitionDescription', { competition: data.competition.name, date }),
				]
			: data.mode === 'date'
				? [t('football:home.dateTitle', { date }), t('football:home.dateDescription', { date })]
				: [t('pages.home.title'), t('pages.home.description')];
	return {
		title,
		description,
		heading: title,
		structuredData: homeLd(
			t('site.name'),
			// Every match the page shows: the day's, and those live now (today's home follows
			// every live match, replays included, whatever their day).
			itemListLd(title, homeMatchItems(data, origin, locale)),
			origin,
			locale,
		),
		noindex: data.mode === 'invalid',
		interactive: data.live.length > 0,
		tags: [...dayTags(data), ...(whatsOn?.matchIds ?? []).map((id) => `match:${id}`)],
		day: dayMatchesView(data, ctx, whatsOn),
	};
}

/** Today's matches under a heading of their own: `/match` without an id, `/sport/football`. */
function todayView(
	data: DayPageData,
	keys: { title: string; description: string },
	ctx: ViewContext,
): DayView {
	const { locale, t, origin } = ctx;
	const title = t(keys.title);
	return {
		title,
		description: t(keys.description),
		heading: title,
		structuredData: itemListLd(
			title,
			matchItems(
				data.day.groups.flatMap((g) => g.matches),
				origin,
				locale,
			),
		),
		noindex: false,
		interactive: data.live.length > 0,
		tags: dayTags(data),
		day: dayMatchesView(data, ctx),
	};
}

/** `/match` without an id: today's matches. */
export async function getMatchDayView(ctx: ViewContext): Promise<DayView> {
	const data = await localDayPage(await getDayPage(undefined, ctx.timeZone), ctx);
	return todayView(
		data,
		{ title: 'football:match.todayTitle', description: 'football:match.todayDescription' },
		ctx,
	);
}

/** `/sport/{slug}`: undefined (404) for a sport we do not cover. */
export async function getSportView(
	slug: string | undefined,
	ctx: ViewContext,
): Promise<DayView | undefined> {
	const raw = await getSportPage(slug, ctx.timeZone);
	if (!raw) return undefined;
	const data = await localDayPage(raw, ctx);
	return todayView(
		data,
		{ title: 'football:sport.footballTitle', description: 'football:sport.footballDescription' },
		ctx,
	);
}
