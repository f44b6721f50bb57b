/**
 * What the home page shows when today has no matches of its own, so its first screen is
 * never empty: the next fixtures, the latest results of the main competitions and their
 * tables. "Main" is the competitions' own weight (the hot-match ranking's), nothing new.
 */
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { getDb } from '~/server/db/client';
import { getCompetitions } from '~/server/football/queries/competition-seasons';
import { listMatches } from '~/server/football/queries/matches';
import type { MatchSummary } from '~/server/football/queries/shape';
import { getStandings } from '~/server/football/queries/standings';
import { localHref } from '~/lib/locale-resolution';
import { leaguePath } from '~/lib/urls';
import type { ViewContext } from './context';
import { competitionBlockView, type CompetitionBlockView } from './day-parts';
import { type TableView, tableView } from './league-table';
import { namesFor } from './names';

/** Competitions whose results lead, heaviest first. */
const RESULT_COMPETITIONS = 5;
const RESULTS_EACH = 4;
/** League tables beside them. */
const TABLES = 4;
const TABLE_ROWS = 5;
const FIXTURES = 10;
/** A competition whose last result is older than this has nothing "latest" to show. */
const RECENT_MS = 365 * 24 * 60 * 60 * 1000;

export interface WhatsOnView {
	/** Said instead of the empty state: there is nothing today, here is the latest. */
	note: string;
	fixtures: { heading: string; blocks: CompetitionBlockView[] } | null;
	results: { heading: string; blocks: CompetitionBlockView[] } | null;
	tables: {
		heading: string;
		items: { table: TableView; href: string; link: string }[];
	} | null;
	/** Route-cache tags of the matches shown. */
	matchIds: number[];
}

function byCompetition(matches: readonly MatchSummary[]) {
	const groups = new Map<
		number,
		{ competition: MatchSummary['competition']; matches: MatchSummary[] }
	>();
	for (const m of matches) {
		const g = groups.get(m.competition.id) ?? { competition: m.competition, matches: [] };
		g.matches.push(m);
		groups.set(m.competition.id, g);
	}
	return [...groups.values()];
}

export async function whatsOnView(ctx: ViewContext, now = new Date()): Promise<WhatsOnView> {
	const { locale, t } = ctx;
	const names = await namesFor(ctx);
	const db = await getDb();
	const competitions = await getCompetitions();
	const [upcoming, latest, standings] = await Promise.all([
		listMatches(db, { filter: 'fixtures', pageSize: FIXTURES, now }),
		Promise.all(
			competitions.map((c) =>
				listMatches(db, { competitionId: c.id, filter: 'results', pageSize: RESULTS_EACH, now }),
			),
		),
		Promise.all(
			competitions
				.filter((c) => c.type === 'league')
				.slice(0, TABLES)
				.map((c) => getStandings(db, c.id)),
		),
	]);
	const recent = latest
		.map((page) => page.items.map(names.match))
		.filter((items) => {
			const newest = items[0];
			return newest !== undefined && now.getTime() - newest.kickoffAt.getTime() < RECENT_MS;
		})
		.slice(0, RESULT_COMPETITIONS);
	const rows = { showDate: true };
	const fixtureBlocks = byCompetition(upcoming.items.map(names.match)).map((g) =>
		competitionBlockView(g, ctx, rows),
	);
	const resultBlocks = recent.map((items) =>
		competitionBlockView(byCompetition(items)[0]!, ctx, rows),
	);
	const tables = standings.flatMap((s) => {
		const first = s?.tables[0];
		if (!s || !first || first.rows.length === 0) return [];
		const competition = names.competitionRef(s.competition);
		const caption = `${competition.name} ${s.season.label}`;
		return [
			{
				table: tableView(
					first.rows.slice(0, TABLE_ROWS).map((r) => ({ ...r, team: names.team(r.team) })),
					{ caption, showForm: false },
					ctx,
				),
				href: localHref(locale, leaguePath(s.competition)),
				link: t('football:home.fullTable', { competition: competition.name }),
			},
		];
	});
	return {
		note: t('football:home.nothingToday'),
		fixtures:
			fixtureBlocks.length > 0
				? { heading: t('football:home.nextFixtures'), blocks: fixtureBlocks }
				: null,
		results:
			resultBlocks.length > 0
				? { heading: t('football:home.latestResults'), blocks: resultBlocks }
				: null,
		tables: tables.length > 0 ? { heading: t('football:home.tables'), items: tables } : null,
		matchIds: [...upcoming.items, ...recent.flat()].map((m) => m.id),
	};
}

/**
 * `whatsOnView` as every visitor of one language and time zone gets it, kept for the
 * current minute (its fixtures and "recent" test are minute-grained) and dropped by any
 * match change: building it was 7 % of an uncached home render, and the home page is
 * route-cached per zone, so many misses share it.
 */
export function sharedWhatsOnView(ctx: ViewContext, now = new Date()): Promise<WhatsOnView> {
	const minute = Math.floor(now.getTime() / 60_000);
	return cached(`view:whats-on:${ctx.locale}:${ctx.timeZone}:${minute}`, 60_000, [LISTS_TAG], () =>
		whatsOnView(ctx, now),
	);
}
