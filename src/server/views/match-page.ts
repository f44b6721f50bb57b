import { isFinished } from '~/lib/football/match-status';
import { matchPageFollows } from '~/lib/live/follow-window';
import { parseDbId } from '~/lib/input';
import type { StructuredData } from '~/lib/seo';
import type { ScoreboardModel } from '~/lib/scoreboard';
import type { Translate } from '~/i18n/server';
import { absoluteUrl, matchPath, teamPath } from '~/lib/urls';
import type { MatchCentreLabels } from '~/lib/live/labels';
import { localHref } from '~/lib/locale-resolution';
import { localDate } from '~/lib/time-zone';
import type { MatchStatus } from '~/server/db/schema/football';
import { getDb } from '~/server/db/client';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG, matchTag } from '~/server/cache/tags';
import { getMatchDetail, type MatchDetail } from '~/server/football/queries/match-detail';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { StandingsRow } from '~/lib/standings';
import { leagueTableLabels, matchCentreLabels } from '~/server/live/labels';
import { getLiveLeagueTable, getLiveMatchCentre } from '~/server/live/page';
import type { SnapshotMatch } from '~/server/live/snapshot';
import { leagueSeasonPath } from '~/server/seo/addresses';
import { matchEventLd, matchPageLd } from '~/server/seo/jsonld/football';
import { type CalendarLinkView, calendarLinks } from './calendar-links';
import type { ViewContext } from './context';
import { formatDay, renderedAtText } from './format';
import type { LeagueTableView } from './league-page';
import { tableView, type TableView } from './league-table';
import { formationView, type FormationSide } from './match-lineups';
import {
	goalsView,
	h2hSummaryView,
	lineUpsView,
	timelineView,
	type GoalItem,
	type H2HSummaryView,
	type LineUpSide,
	type TimelineItem,
} from './match-parts';
import {
	kickoffView,
	replayBadge,
	scoreView,
	statusView,
	teamView,
	type KickoffView,
	type ScoreView,
	type StatusView,
	type TeamView,
} from './match-row';
import { namesFor } from './names';

/**
 * `/match/{id}`: the match centre's data (one round trip on a miss, none on a hit: the
 * query module caches it). Undefined (404) unless `id` is the number of a known match.
 */
export async function getMatchPage(
	id: string | undefined,
	now = new Date(),
): Promise<MatchDetail | undefined> {
	const n = parseDbId(id);
	if (n === null) return undefined;
	// The finished detail (tables and head-to-head computed) is kept too, not only the row:
	// a page render then does no table arithmetic. A match change drops it (matchTag).
	return cached(`pages:match:${n}`, 15_000, [matchTag(n), LISTS_TAG], async () =>
		getMatchDetail(await getDb(), n, now),
	);
}

/** Props of the LiveLeagueTable island, as the league page builds them. */
type LiveTableIsland = Extract<LeagueTableView, { live: true }>['island'];

/**
 * The match centre: the match, plus the live snapshot for the LiveMatchCentre island when
 * the page follows the match (lib/live/follow-window.ts); otherwise the page ships no live JavaScript.
 */
export async function getMatchCentre(
	id: string | undefined,
	now = new Date(),
): Promise<{ detail: MatchDetail; live: SnapshotMatch | null } | undefined> {
	const detail = await getMatchPage(id, now);
	if (!detail) return undefined;
	const follow = matchPageFollows(detail.match, now);
	return { detail, live: follow ? await getLiveMatchCentre(detail.match.id) : null };
}

/** The match's head as the match centre and the embed show it. */
interface MatchHead {
	id: number;
	status: MatchStatus;
	home: TeamView & { href: string };
	away: TeamView & { href: string };
	score: ScoreView;
	kickoff: KickoffView;
}

function matchHead(m: MatchSummary, ctx: ViewContext): MatchHead {
	return {
		id: m.id,
		status: m.status,
		home: { ...teamView(m.home), href: localHref(ctx.locale, teamPath(m.home)) },
		away: { ...teamView(m.away), href: localHref(ctx.locale, teamPath(m.away)) },
		score: scoreView(m, ctx.t),
		kickoff: kickoffView(m.kickoffAt, m.kickoffTimeKnown, 'datetime', ctx),
	};
}

/**
 * THE scoreboard of the match centre (one, live or not): static HTML for a finished or
 * future match; the LiveMatchCentre island prints the same model with the live score,
 * minute and replay badge while the match is played.
 */
export function scoreboardView(m: MatchSummary, live: boolean, ctx: ViewContext): ScoreboardModel {
	const head = matchHead(m, ctx);
	const team = (x: MatchHead['home']) => ({ name: x.name, href: x.href, crest: x.crest });
	return {
		matchId: String(m.id),
		code: m.status,
		home: team(head.home),
		away: team(head.away),
		score: head.score && { home: head.score.home, away: head.score.away },
		notes: head.score ? [head.score.aet, head.score.pen].filter((n): n is string => !!n) : [],
		versus: ctx.t('football:ui.versus'),
		status: live ? null : statusView(m.status, m.minute, ctx.t).text,
		// A replay is live by definition: the island's state says so (and shows the badge).
		replay: false,
	};
}

export interface MatchCentreView extends MatchHead {
	title: string;
	description: string;
	structuredData: StructuredData;
	crumbs: { href: string; label: string; round: string };
	scoreboard: ScoreboardModel;
	halfTime: string | null;
	/** "MetLife Stadium, East Rutherford". */
	venue: string | null;
	/** The feeds of both teams and of the match's season. */
	calendar: CalendarLinkView[];
	/** Props of the LiveMatchCentre island while the match is played, else null. */
	live: { initial: SnapshotMatch; labels: MatchCentreLabels } | null;
	timeline: TimelineItem[];
	/** Both line-ups drawn on a pitch, with the benches; null when the data has none. */
	lineups: FormationSide[] | null;
	/**
	 * One short line on what the data does not have for this match ("Line-ups and statistics
	 * are not available…"); null when it has everything. While live, the island speaks for
	 * the statistics (a feed may deliver them), so only line-ups are mentioned here.
	 */
	notKnown: string | null;
	h2h: H2HSummaryView;
	/** The latest meetings, newest first. */
	meetings: {
		href: string;
		iso: string;
		date: string;
		home: string;
		homeGoals: number;
		awayGoals: number;
		away: string;
		competition: string;
	}[];
	allMeetingsHref: string;
	beacon: string;
	table: TableView | null;
	/**
	 * Props of the LiveLeagueTable island while the page follows the match: the whole table,
	 * moving with this match's live score (and its group's other matches in play). Null
	 * otherwise (then `table`, static, is shown).
	 */
	liveTable: LiveTableIsland | null;
}

/** `/match/{id}` ready to render; undefined (404) as `getMatchCentre`. */
export async function getMatchCentreView(
	id: string | undefined,
	ctx: ViewContext,
): Promise<MatchCentreView | undefined> {
	const data = await getMatchCentre(id);
	if (!data) return undefined;
	const liveFixtures =
		data.live && data.detail.table && !isFinished(data.detail.match.status)
			? await getLiveLeagueTable(data.detail.match.season.id)
			: { fixtures: [], initial: [] };
	const { locale, t, timeZone } = ctx;
	const names = await namesFor(ctx);
	const { events, lineups, venue } = data.detail;
	const m = names.match(data.detail.match);
	const h2h = {
		...data.detail.headToHead,
		team1: names.team(data.detail.headToHead.team1),
		team2: names.team(data.detail.headToHead.team2),
	};
	const table = data.detail.table && {
		...data.detail.table,
		group: data.detail.table.group && names.group(data.detail.table.group),
		rows: data.detail.table.rows.map((r) => ({ ...r, team: names.team(r.team) })),
	};
	const vars = { home: m.home.name, away: m.away.name, competition: m.competition.name };
	const homeFirst = (x: { homeTeamId: number }) => x.homeTeamId === m.home.id;
	// The SportsEvent's superEvent carries the season's dates; the crumb links the season's
	// canonical page (plain for the latest season).
	const [structuredData, seasonPath] = await Promise.all([
		matchPageLd(m, venue, ctx),
		leagueSeasonPath(m.competition, m.season.label),
	]);
	const head = matchHead(m, ctx);
	const lineupView = formationView(
		lineups,
		[
			{ id: m.home.id, name: m.home.name, crest: head.home.crest },
			{ id: m.away.id, name: m.away.name, crest: head.away.crest },
		],
		t,
	);
	return {
		...head,
		title: `${t('football:match.title', vars)} · ${m.competition.name} · ${formatDay(m.kickoffAt.toISOString().slice(0, 10), locale)}`,
		description: t('football:match.description', vars),
		structuredData,
		crumbs: {
			href: localHref(locale, seasonPath),
			label: `${m.competition.name} ${m.season.label}`,
			round: `${m.round}${m.groupName ? ` · ${m.groupName}` : ''}`,
		},
		scoreboard: scoreboardView(m, data.live !== null, ctx),
		halfTime: m.score.ht
			? t('football:match.halfTime', { home: m.score.ht[0], away: m.score.ht[1] })
			: null,
		venue: venue
			? `${venue.name}${venue.city && venue.city !== venue.name ? `, ${venue.city}` : ''}`
			: null,
		calendar: calendarLinks(
			[
				{ kind: 'team', id: m.home.id, name: m.home.name },
				{ kind: 'team', id: m.away.id, name: m.away.name },
				{
					kind: 'competition',
					id: m.competition.id,
					name: `${m.competition.name} ${m.season.label}`,
					season: m.season.label,
				},
			],
			ctx,
		),
		live: data.live
			? {
					initial: names.snapshot(data.live),
					labels: { ...matchCentreLabels(t), asOf: renderedAtText(ctx) },
				}
			: null,
		timeline: timelineView(events, t),
		lineups: lineupView,
		notKnown: notKnownText(lineupView !== null, data.live !== null, t),
		h2h: h2hSummaryView(h2h, t),
		meetings: h2h.meetings.slice(0, 6).map((x) => ({
			href: localHref(locale, matchPath(x)),
			iso: x.kickoffAt.toISOString(),
			date: formatDay(localDate(x.kickoffAt, timeZone), locale, 'medium'),
			home: homeFirst(x) ? m.home.name : m.away.name,
			homeGoals: x.homeGoals,
			awayGoals: x.awayGoals,
			away: homeFirst(x) ? m.away.name : m.home.name,
			competition: names.competitionNamed(x.competition),
		})),
		allMeetingsHref: localHref(locale, `/team/head-to-head/${m.home.slug}-vs-${m.away.slug}`),
		beacon: localHref(locale, `${matchPath(m)}/seen.gif`),
		// A finished match is already in the table's rows: counted live too, it would count twice.
		liveTable:
			data.live && table && !isFinished(m.status)
				? liveTableProps(data.detail.match, data.live, liveFixtures, {
						rows: table.all.map((r) => ({ ...r, team: names.team(r.team) })),
						group: data.detail.table?.group ?? null,
						caption: `${m.competition.name} ${m.season.label}${table.group ? ` · ${table.group}` : ''}`,
						names,
						t,
					})
				: null,
		table:
			table && table.rows.length > 0
				? tableView(
						table.rows,
						{
							caption: `${m.competition.name} ${m.season.label}${table.group ? ` · ${table.group}` : ''}`,
							highlight: table.highlight,
							showForm: false,
						},
						ctx,
					)
				: null,
	};
}

/**
 * What the match centre says it does not know. Statistics are never stored (only a live
 * feed delivers them, and the island shows those), so a page not live always lacks them.
 */
export function notKnownText(hasLineups: boolean, live: boolean, t: Translate): string | null {
	if (live) return hasLineups ? null : t('football:match.noLineups');
	return hasLineups ? t('football:match.noStats') : t('football:match.notKnown');
}

export interface EmbedView extends MatchHead {
	title: string;
	description: string;
	structuredData: StructuredData;
	competition: string;
	round: string;
	statusText: StatusView;
	goals: GoalItem[];
	lineups: LineUpSide[] | null;
	/** The match centre, absolute (the embed is framed on other sites). */
	fullHref: string;
	/** "Replay" while the replay feed plays the match back: a host site must not show it as live. */
	replay: { label: string; note: string } | null;
}

/** The line-up widget of one match (framed on other sites). */
export async function embedView(detail: MatchDetail, ctx: ViewContext): Promise<EmbedView> {
	const { locale, t, origin } = ctx;
	const { lineups, events } = detail;
	const m = (await namesFor(ctx)).match(detail.match);
	return {
		...matchHead(m, ctx),
		title: t('football:embed.title', { home: m.home.name, away: m.away.name }),
		description: t('football:match.description', {
			home: m.home.name,
			away: m.away.name,
			competition: m.competition.name,
		}),
		structuredData: await matchEventLd(m, detail.venue, ctx),
		competition: m.competition.name,
		round: m.round,
		statusText: statusView(m.status, m.minute, t),
		goals: goalsView(events),
		lineups: lineups.length > 0 ? lineUpsView(lineups, [m.home, m.away], t) : null,
		fullHref: absoluteUrl(origin, locale, matchPath(m)),
		replay: replayBadge(m, t),
	};
}

/**
 * The live table of a followed match: this match (always, even before kick-off) and the other
 * matches of its table in play, each named as the page names them.
 */
function liveTableProps(
	m: MatchSummary,
	live: SnapshotMatch,
	others: Awaited<ReturnType<typeof getLiveLeagueTable>>,
	opts: {
		rows: StandingsRow[];
		group: string | null;
		caption: string;
		names: Awaited<ReturnType<typeof namesFor>>;
		t: ViewContext['t'];
	},
): LiveTableIsland {
	const own = {
		matchId: String(m.id),
		homeTeamId: m.home.id,
		awayTeamId: m.away.id,
		group: opts.group,
	};
	const fixtures = [
		own,
		...others.fixtures.filter((f) => f.matchId !== own.matchId && f.group === opts.group),
	];
	const initial = [live, ...others.initial.filter((s) => s.matchId !== own.matchId)];
	return {
		rows: opts.rows,
		fixtures,
		initial: initial.map((s) => opts.names.snapshot(s)),
		labels: leagueTableLabels(opts.t),
		caption: opts.caption,
	};
}
