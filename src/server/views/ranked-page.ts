import type { StructuredData } from '~/lib/seo';
import { localHref } from '~/lib/locale-resolution';
import { getDb } from '~/server/db/client';
import {
	competitionBySlug,
	type CompetitionInfo,
} from '~/server/football/queries/competition-seasons';
import { hotMatches, type HotMatch } from '~/server/football/queries/hot';
import { mostPopularMatches, type PopularMatch } from '~/server/football/queries/popular';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { ViewContext } from './context';
import { formatDay } from './format';
import { namesFor } from './names';
import { itemListLd, matchItems } from '~/server/seo/jsonld/lists';
import { matchRowView, type MatchRowView } from './match-row';
import { parsePageKey } from './page-keys';

export const HOT_DAYS = 14;

/** `/hot-matches`: upcoming matches over the next two weeks ranked by TOP's documented rule. */
export async function getHotPage(now = new Date()): Promise<HotMatch[]> {
	return hotMatches(await getDb(), { now, days: HOT_DAYS, limit: 30 });
}

export interface PopularPageData {
	mode: 'recent' | 'date' | 'competition' | 'invalid';
	date: string | null;
	competition: CompetitionInfo | null;
	items: PopularMatch[];
}

/**
 * `/most-popular-matches` and `/most-popular-matches-{key}` (key as for home: a date or a
 * competition slug; anything else is the empty state, never an error).
 */
export async function getPopularPage(
	key: string | undefined,
	now = new Date(),
): Promise<PopularPageData> {
	const db = await getDb();
	const parsed = key === undefined ? null : parsePageKey(key);
	if (!parsed)
		return {
			mode: 'recent',
			date: null,
			competition: null,
			items: await mostPopularMatches(db, { now, days: 7 }),
		};
	if (parsed.kind === 'date') {
		return {
			mode: 'date',
			date: parsed.date,
			competition: null,
			items: await mostPopularMatches(db, { now, day: parsed.date }),
		};
	}
	if (parsed.kind === 'slug') {
		const competition = await competitionBySlug(parsed.slug);
		if (competition) {
			const items = await mostPopularMatches(db, { now, days: 90, competitionId: competition.id });
			return { mode: 'competition', date: null, competition, items };
		}
	}
	return { mode: 'invalid', date: null, competition: null, items: [] };
}

/** Hot matches and most popular matches: an ordered list with the reason for each place. */
export interface RankedView {
	title: string;
	description: string;
	heading: string;
	/** How the list is ranked. */
	rule: string;
	noindex: boolean;
	structuredData: StructuredData;
	items: { rank: number; row: MatchRowView; note: string }[];
	/** The empty state's message. */
	empty: string;
}

/** Hot matches: the empty state offers the fixtures instead. */
export interface HotView extends RankedView {
	browse: { href: string; label: string };
}

function ranked(
	texts: Pick<RankedView, 'title' | 'description' | 'heading' | 'rule' | 'empty' | 'noindex'>,
	items: { match: MatchSummary; note: string }[],
	ctx: ViewContext,
): RankedView {
	return {
		...texts,
		structuredData: itemListLd(
			texts.title,
			matchItems(
				items.map((i) => i.match),
				ctx.origin,
				ctx.locale,
			),
		),
		items: items.map((item, i) => ({
			rank: i + 1,
			row: matchRowView(item.match, ctx, { showDate: true, showCompetition: true }),
			note: item.note,
		})),
	};
}

/** `/hot-matches` ready to render. */
export async function getHotView(ctx: ViewContext): Promise<HotView> {
	const hot = await getHotPage();
	const { t, locale } = ctx;
	const names = await namesFor(ctx);
	const items = hot.map((h) => ({
		match: names.match(h.match),
		note: [
			t('football:hot.points', { score: h.score }),
			h.reasons.rivalry > 0 ? t('football:hot.rivalry') : '',
		]
			.filter(Boolean)
			.join(' · '),
	}));
	const view = ranked(
		{
			title: t('football:hot.title'),
			description: t('football:hot.description'),
			heading: t('football:hot.heading'),
			rule: t('football:hot.rule'),
			empty: t('football:hot.none', { days: HOT_DAYS }),
			noindex: false,
		},
		items,
		ctx,
	);
	return {
		...view,
		browse: {
			href: localHref(locale, '/fixtures-results'),
			label: t('football:home.browseFixtures'),
		},
	};
}

/** `/most-popular-matches` and `/most-popular-matches-{key}` ready to render. */
export async function getPopularView(
	key: string | undefined,
	ctx: ViewContext,
): Promise<RankedView> {
	const data = await getPopularPage(key);
	const { t } = ctx;
	const names = await namesFor(ctx);
	const title =
		data.mode === 'date' && data.date
			? t('football:popular.dateTitle', { date: formatDay(data.date, ctx.locale) })
			: data.mode === 'competition' && data.competition
				? t('football:popular.competitionTitle', {
						competition: names.competitionRef(data.competition).name,
					})
				: t('football:popular.title');
	const items = data.items.map((p) => ({
		match: names.match(p.match),
		note: t('football:popular.views', { count: p.views }),
	}));
	return ranked(
		{
			title,
			description: t('football:popular.description'),
			heading: title,
			rule: t('football:popular.rule'),
			empty: t('football:popular.none'),
			noindex: data.mode === 'invalid',
		},
		items,
		ctx,
	);
}
