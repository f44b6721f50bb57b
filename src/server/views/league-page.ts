import { parseDbId } from '~/lib/input';
import { renderedAtText } from './format';
import type { StructuredData } from '~/lib/seo';
import { absoluteUrl, leaguePath, teamPath } from '~/lib/urls';
import type { LeagueTableLabels } from '~/lib/live/labels';
import type { StandingsRow } from '~/lib/standings';
import { localHref } from '~/lib/locale-resolution';
import { getDb } from '~/server/db/client';
import { listCompetitionsByArea, type AreaGroup } from '~/server/football/queries/competitions';
import { listMatches } from '~/server/football/queries/matches';
import { topScorers, type Scorer } from '~/server/football/queries/scorers';
import type { MatchSummary } from '~/server/football/queries/shape';
import { getStandings, type Standings } from '~/server/football/queries/standings';
import { leagueTableLabels } from '~/server/live/labels';
import { getLiveLeagueTable, type LiveTableFixture } from '~/server/live/page';
import type { SnapshotMatch } from '~/server/live/snapshot';
import { type CalendarLinkView, calendarLinks } from './calendar-links';
import type { ViewContext } from './context';
import { leaguePageLd } from '~/server/seo/jsonld/football';
import { itemListLd } from '~/server/seo/jsonld/lists';
import { tableView, type TableView } from './league-table';
import { matchRows, type MatchRowView } from './match-row';
import { namesFor } from './names';

/** `/league`: competitions grouped by country or area. */
export async function getLeagueList(): Promise<AreaGroup[]> {
	return listCompetitionsByArea(await getDb());
}

export interface LeaguePageData {
	standings: Standings;
	/** True when the season shown is the competition's latest. */
	latest: boolean;
	fixtures: MatchSummary[];
	results: MatchSummary[];
	scorers: Scorer[];
	/** This season's table matches in play (or kicking off soon), for the live table island. */
	live: Awaited<ReturnType<typeof getLiveLeagueTable>>;
}

const SEASON_RE = /^\d{4}(-\d{2})?$/;

/**
 * `/league/{id}?season=…`: the table(s) with form and position change, next fixtures,
 * latest results and top scorers of one season. Undefined (404) for an id that is not a
 * number, an unknown competition or a season it does not have.
 */
export async function getLeaguePage(
	id: string | undefined,
	season: string | null,
	now = new Date(),
): Promise<LeaguePageData | undefined> {
	const n = parseDbId(id);
	if (n === null) return undefined;
	if (season !== null && !SEASON_RE.test(season)) return undefined;
	const db = await getDb();
	const standings = await getStandings(db, n, season ? { season } : {});
	if (!standings) return undefined;
	const seasonId = standings.season.id;
	const competitionId = standings.competition.id;
	const [fixtures, results, scorers, live] = await Promise.all([
		listMatches(db, { competitionId, seasonId, filter: 'fixtures', pageSize: 10, now }),
		listMatches(db, { competitionId, seasonId, filter: 'results', pageSize: 10, now }),
		topScorers(db, competitionId, { season: standings.season.label, limit: 15 }),
		getLiveLeagueTable(seasonId, 12, now),
	]);
	return {
		standings,
		latest: standings.seasons[0]?.id === seasonId,
		fixtures: fixtures.items,
		results: results.items,
		scorers,
		live,
	};
}

/** `/league`: the competitions by area. */
export interface LeagueListView {
	structuredData: StructuredData;
	areas: {
		name: string;
		competitions: { name: string; href: string; type: string; seasons: string }[];
	}[];
}

export async function getLeagueListView(ctx: ViewContext): Promise<LeagueListView> {
	const { locale, t, origin } = ctx;
	const names = await namesFor(ctx);
	const groups = (await getLeagueList()).map((g) => ({
		area: { ...g.area, name: names.area(g.area.code, g.area.name) },
		competitions: g.competitions.map((c) => ({ ...c, name: names.competition(c.slug, c.name) })),
	}));
	const all = groups.flatMap((g) => g.competitions);
	return {
		structuredData: itemListLd(
			t('football:league.heading'),
			all.map((c) => ({ name: c.name, url: absoluteUrl(origin, locale, leaguePath(c)) })),
		),
		areas: groups.map((g) => ({
			name: g.area.name,
			competitions: g.competitions.map((c) => ({
				name: c.name,
				href: localHref(locale, leaguePath(c)),
				type: t(`football:league.type.${c.type}`),
				seasons: t('football:league.seasons', { list: c.seasons.join(', ') }),
			})),
		})),
	};
}

/** A table of the league page: live (an island moving as goals go in) or as the server has it. */
export type LeagueTableView =
	| {
			live: true;
			/** Props of the LiveLeagueTable island. */
			island: {
				rows: StandingsRow[];
				fixtures: LiveTableFixture[];
				initial: SnapshotMatch[];
				labels: LeagueTableLabels;
				caption: string;
			};
	  }
	| { live: false; table: TableView };

export interface LeagueView {
	competitionId: number;
	/** `/league/{slug}`, with `?season=` for a past season: the page's canonical address. */
	canonicalPath: string;
	title: string;
	description: string;
	heading: string;
	structuredData: StructuredData;
	/** A table is live: the page hydrates. */
	interactive: boolean;
	seasons: { label: string; href: string; current: boolean }[];
	/** "Groups" or "Table". */
	tablesHeading: string;
	tables: LeagueTableView[];
	fixtures: MatchRowView[];
	results: MatchRowView[];
	allMatchesHref: string;
	/** The feed of the season shown. */
	calendar: CalendarLinkView[];
	scorers: {
		caption: string;
		rows: {
			rank: number;
			player: string;
			team: string;
			href: string;
			goals: number;
			penalties: number;
		}[];
	};
}

/**
 * `/league/{id}?season=…` ready to render; undefined (404) as `getLeaguePage`. The route
 * resolves the canonical address `/league/{slug}` to the id first (src/server/seo/addresses.ts).
 */
export async function getLeagueView(
	id: string | undefined,
	season: string | null,
	ctx: ViewContext,
): Promise<LeagueView | undefined> {
	const data = await getLeaguePage(id, season);
	if (!data) return undefined;
	const { locale, t } = ctx;
	const names = await namesFor(ctx);
	const competition = {
		...data.standings.competition,
		name: names.competition(data.standings.competition.slug, data.standings.competition.name),
	};
	const { seasons } = data.standings;
	const tables = data.standings.tables.map((tb) => ({
		...tb,
		group: tb.group && names.group(tb.group),
		rows: tb.rows.map((r) => ({ ...r, team: names.team(r.team) })),
	}));
	const fixtureMatches = data.fixtures.map(names.match);
	const current = data.standings.season;
	const vars = { competition: competition.name, season: current.label };
	const grouped = tables.length > 1 || tables.some((tb) => tb.group);
	// Matches of this table in play: the table becomes a live island that moves as goals go in.
	const { fixtures: liveFixtures, initial: liveInitial } = data.live;
	const live = liveFixtures.length > 0;
	const liveLabels = live ? { ...leagueTableLabels(t), asOf: renderedAtText(ctx) } : undefined;
	return {
		competitionId: competition.id,
		canonicalPath: leaguePath(competition, data.latest ? null : current.label),
		title: t('football:league.pageTitle', vars),
		description: t('football:league.pageDescription', vars),
		heading: `${competition.name} ${current.label}`,
		structuredData: leaguePageLd(
			competition,
			{ label: current.label, latest: data.latest, dates: current },
			fixtureMatches,
			ctx,
		),
		interactive: live,
		seasons: seasons.map((s, i) => ({
			label: s.label,
			href: localHref(locale, leaguePath(competition, i === 0 ? null : s.label)),
			current: s.id === current.id,
		})),
		tablesHeading: grouped ? t('football:league.groups') : t('football:league.table'),
		tables: tables.map((tb): LeagueTableView => {
			const caption = tb.group
				? t('football:table.groupCaption', { ...vars, group: tb.group })
				: t('football:table.caption', vars);
			const fixtures = liveFixtures.filter((f) => !tb.group || f.group === tb.group);
			return live && liveLabels && fixtures.length > 0
				? {
						live: true,
						island: {
							rows: tb.rows,
							fixtures,
							initial: liveInitial.map((m) => names.snapshot(m)),
							labels: liveLabels,
							caption,
						},
					}
				: { live: false, table: tableView(tb.rows, { caption, showForm: !grouped }, ctx) };
		}),
		fixtures: matchRows(fixtureMatches, ctx, { showDate: true }),
		results: matchRows(data.results.map(names.match), ctx, { showDate: true }),
		allMatchesHref: localHref(locale, `/fixtures-results?competition=${competition.slug}`),
		calendar: calendarLinks(
			[
				{
					kind: 'competition',
					id: competition.id,
					name: `${competition.name} ${current.label}`,
					season: data.latest ? null : current.label,
				},
			],
			ctx,
		),
		scorers: {
			caption: t('football:league.scorersCaption', vars),
			rows: data.scorers.map((s) => ({
				rank: s.rank,
				player: s.player,
				team: names.team(s.team).name,
				href: localHref(locale, teamPath(s.team)),
				goals: s.goals,
				penalties: s.penalties,
			})),
		},
	};
}
