import { liveTable } from '~/lib/live/league-table';
import { getLiveLeagueTable } from '~/server/live/page';
import { createHash } from 'node:crypto';
import type { StructuredData } from '~/lib/seo';
import {
	DEFAULT_ACCENT,
	EMBED_KINDS,
	type EmbedKind,
	embedPath,
	embedSnippet,
	type Theme,
} from '~/lib/embed';
import { isLocale, LOCALE_NAMES, LOCALES } from '~/i18n/locales';
import { type BuilderChoice, builderQuery, type EmbedQuery, parseEmbed } from '~/lib/embed-params';
import { absoluteUrl } from '~/lib/urls';
import { localDate } from '~/lib/time-zone';
import { getDb } from '~/server/db/client';
import { LISTS_TAG, matchTag } from '~/server/cache/tags';
import {
	competitionBySlug,
	getCompetitions,
	groupByArea,
} from '~/server/football/queries/competition-seasons';
import { getTeamList } from '~/server/football/queries/team-list';
import { exampleMatchId } from '~/server/football/queries/example-match';
import type { MatchDetail } from '~/server/football/queries/match-detail';
import { matchSquads } from '~/server/football/queries/match-squads';
import { listMatches, liveMatchesNow, matchesForDay } from '~/server/football/queries/matches';
import type { MatchSummary } from '~/server/football/queries/shape';
import { getStandings } from '~/server/football/queries/standings';
import { getTeamRef } from '~/server/football/queries/teams';
import { namedWebPageLd } from '~/server/seo/jsonld/content';
import type { ViewContext } from './context';
import { type FormView, formView, type TableView, tableView } from './league-table';
import { type EmbedView, embedView, getMatchPage } from './match-page';
import type { LineUpSide } from './match-parts';
import { type MatchRowView, matchRows } from './match-row';
import { namesFor } from './names';
import { isLive } from '~/lib/football/match-status';
import { outcomeFor } from './score';

/** `/widget`: the id of the match its example embeds (null when the database is empty). */
export function getWidgetPage(): Promise<number | null> {
	return exampleMatchId();
}

// ---------------------------------------------------------------------------------------
// The embeds (`/{locale}/embed/{kind}/…`): what every one shares, then one view per kind.
// ---------------------------------------------------------------------------------------

/** What the embed layout needs besides the widget itself. */
export interface EmbedChrome {
	theme: Theme;
	/** `:root .embed-root.embed-root{--accent:#…}`, or null; its CSP hash goes with it. */
	accentCss: string | null;
	accentHash: `sha256-${string}` | null;
	/** The attribution link (absolute: the widget is framed on other sites). */
	siteHref: string;
	/** Only the live kinds carry the live script; null otherwise. */
	live: {
		ids: string;
		/** A list that takes in matches as they start (live scores), not a fixed set. */
		follow: boolean;
		/** Redraw at every change of its matches (the table widget). */
		refresh: boolean;
		ageSeconds: string;
		ageMinutes: string;
		waiting: string;
	} | null;
}

/** A widget ready to render, or the small message that replaces it (400/404). */
export type EmbedPage<V> =
	| { ok: true; view: V; chrome: EmbedChrome; title: string; tags: string[]; maxAge: number }
	| { ok: false; status: 400 | 404; message: string; chrome: EmbedChrome; title: string };

/**
 * Widgets render every time in UTC, whoever asks, so one cached copy serves all (their
 * script shows kick-offs in the host visitor's zone, without a cookie).
 */
function embedContext(ctx: ViewContext): ViewContext {
	return { locale: ctx.locale, t: ctx.t, origin: ctx.origin, timeZone: 'UTC' };
}

function chrome(
	ctx: ViewContext,
	look: { theme: Theme; accent?: string | undefined },
	liveIds: string | null = null,
	follow = false,
	refresh = false,
): EmbedChrome {
	const accentCss = look.accent ? `:root .embed-root.embed-root{--accent:#${look.accent}}` : null;
	return {
		theme: look.theme,
		accentCss,
		accentHash: accentCss
			? (`sha256-${createHash('sha256').update(accentCss).digest('base64')}` as const)
			: null,
		siteHref: absoluteUrl(ctx.origin, ctx.locale, '/'),
		live:
			liveIds === null
				? null
				: {
						ids: liveIds,
						follow,
						refresh,
						ageSeconds: ctx.t('live:ageSeconds'),
						ageMinutes: ctx.t('live:ageMinutes'),
						waiting: ctx.t('live:ageUnknown'),
					},
	};
}

/** The theme and accent a bad address still gets when they themselves are fine. */
function lookOf(params: URLSearchParams): { theme: Theme } {
	const theme = params.get('theme');
	return { theme: theme === 'light' || theme === 'dark' ? theme : 'auto' };
}

function failure<V>(
	ctx: ViewContext,
	params: URLSearchParams,
	status: 400 | 404,
	message: string,
): EmbedPage<V> {
	return { ok: false, status, message, chrome: chrome(ctx, lookOf(params)), title: message };
}

/** 404: the thing the widget should show is not in our data. */
function notFound<V>(ctx: ViewContext, params: URLSearchParams, field: string): EmbedPage<V> {
	return failure(ctx, params, 404, ctx.t('embed:error.notFound', { field }));
}

/**
 * Validates the address of one widget, then builds it with `build`; any bad parameter
 * (or a language we do not have) becomes the small message, never an exception.
 */
async function embedPage<K extends EmbedKind, V>(
	kind: K,
	input: { locale: string | undefined; subject: string | undefined; params: URLSearchParams },
	ctx: ViewContext,
	build: (
		query: EmbedQuery<K>,
		subject: string | number | null,
		ctx: ViewContext,
	) => Promise<
		| {
				view: V;
				title: string;
				tags: string[];
				live?: string | null;
				follow?: boolean;
				/** Redraw at every change of its matches (a table), not only of a row's status. */
				refresh?: boolean;
		  }
		| string
	>,
): Promise<EmbedPage<V>> {
	if (input.locale !== ctx.locale) return notFound(ctx, input.params, 'locale');
	const parsed = parseEmbed(kind, input.subject, input.params);
	if (!parsed.ok) {
		if (parsed.status === 404) return notFound(ctx, input.params, parsed.field);
		return failure(
			ctx,
			input.params,
			400,
			ctx.t('embed:error.badParam', { field: parsed.field, problem: parsed.problem }),
		);
	}
	const ectx = embedContext(ctx);
	const built = await build(parsed.query, parsed.subject, ectx);
	if (typeof built === 'string') return notFound(ctx, input.params, built);
	const live = built.live ?? null;
	return {
		ok: true,
		view: built.view,
		chrome: chrome(ectx, parsed.query, live, built.follow, built.refresh),
		title: built.title,
		tags: built.tags,
		// Live widgets move with the stream anyway; a short life keeps first paint fresh.
		maxAge: live === null ? 60 : 15,
	};
}

export type EmbedInput = Parameters<typeof embedPage>[1];

/** The ids a live widget follows: its matches that are playing or kick off today. */
function liveIdsOf(matches: readonly MatchSummary[]): string | null {
	const ids = matches
		.filter((m) => isLive(m.status) || m.status === 'scheduled')
		.map((m) => String(m.id));
	return ids.length > 0 ? ids.join(',') : null;
}

const matchTags = (matches: readonly { id: number }[]) => [
	LISTS_TAG,
	...matches.map((m) => matchTag(m.id)),
];

// --- live scores -------------------------------------------------------------------------

export interface ScoresEmbedView {
	heading: string;
	rows: MatchRowView[];
	empty: string | null;
}

/**
 * `/embed/scores[?competition=|team=]`: every match live now plus today's (UTC), of all
 * competitions, one competition or one team.
 */
export function getScoresEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<ScoresEmbedView>> {
	return embedPage('scores', input, ctx, async (q, _s, c) => {
		const db = await getDb();
		const competition = q.competition ? await competitionBySlug(q.competition) : null;
		if (q.competition && !competition) return 'competition';
		const team = q.team ? await getTeamRef(db, q.team) : null;
		if (q.team && !team) return 'team';
		const now = new Date();
		const competitionId = competition?.id;
		const [live, day] = await Promise.all([
			liveMatchesNow(db, { now, competitionId }),
			matchesForDay(db, { date: localDate(now, 'UTC'), timeZone: 'UTC', now, competitionId }),
		]);
		const seen = new Set<number>();
		const names = await namesFor(c);
		const matches = [...live.groups, ...day.groups]
			.flatMap((g) => g.matches)
			.filter((m) => (team ? m.home.id === team.id || m.away.id === team.id : true))
			.filter((m) => !seen.has(m.id) && seen.add(m.id))
			.map(names.match);
		const heading =
			(team && names.team(team).name) ??
			(competition && names.competition(competition.slug, competition.name)) ??
			c.t('embed:kind.scores');
		return {
			view: {
				heading,
				rows: matchRows(matches, c, { showCompetition: !competition }),
				empty: matches.length === 0 ? c.t('embed:noMatchesToday') : null,
			},
			title: `${heading} · ${c.t('embed:kind.scores')}`,
			tags: ['home', ...matchTags(matches)],
			// Live even when nothing is on yet: a match that starts later joins the list.
			live: liveIdsOf(matches) ?? '',
			follow: true,
		};
	});
}

// --- one match, line-up ------------------------------------------------------------------

export interface LineupEmbedView extends EmbedView {
	/** The squads shown instead of unpublished line-ups, and the sentence saying so. */
	squadNote: string | null;
}

/** A match's line-ups when published, else both squads (said so), else "not known yet". */
export async function lineupEmbedView(
	detail: MatchDetail,
	ctx: ViewContext,
): Promise<LineupEmbedView> {
	const view = await embedView(detail, ctx);
	if (view.lineups) return { ...view, squadNote: null };
	const m = detail.match;
	const squads = await matchSquads(await getDb(), {
		seasonId: m.season.id,
		teamIds: [m.home.id, m.away.id],
	});
	if (squads.length === 0) return { ...view, squadNote: null };
	const names = await namesFor(ctx);
	const sides: LineUpSide[] = squads.map((s) => ({
		name: s.teamId === m.home.id ? m.home.name : m.away.name,
		groups: [
			{
				heading: ctx.t('embed:squadHeading', {
					competition: names.competitionNamed(s.competition),
					season: s.season,
				}),
				players: s.players.map((p) => ({
					shirt: String(p.shirtNumber ?? ''),
					name: p.name,
					position: p.position,
				})),
			},
		],
	}));
	// A match not yet played: "not published yet"; a past one: "not in our data".
	const note = m.status === 'scheduled' ? 'embed:squadInstead' : 'embed:squadInsteadPast';
	return { ...view, lineups: sides, squadNote: ctx.t(note) };
}

/** `/embed/match/{id}`: score, status and goals of one match, live while it is played. */
export function getMatchEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<LineupEmbedView>> {
	return embedPage('match', input, ctx, async (_q, id, c) => {
		const detail = await getMatchPage(String(id));
		if (!detail) return 'id';
		const view = { ...(await embedView(detail, c)), lineups: null, squadNote: null };
		const m = detail.match;
		return {
			view,
			// The teams as the widget names them, in its language.
			title: `${view.home.name} ${c.t('football:ui.versus')} ${view.away.name}`,
			tags: matchTags([m]),
			live: isLive(m.status) || m.status === 'scheduled' ? String(m.id) : null,
		};
	});
}

/** `/embed/lineup/{id}`: the match with its line-ups (or squads). */
export function getLineupEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<LineupEmbedView>> {
	return embedPage('lineup', input, ctx, async (_q, id, c) => {
		const detail = await getMatchPage(String(id));
		if (!detail) return 'id';
		const view = await lineupEmbedView(detail, c);
		return { view, title: view.title, tags: matchTags([detail.match]) };
	});
}

// --- league table ------------------------------------------------------------------------

export interface TableEmbedView {
	tables: TableView[];
	fullHref: string;
}

/** `/embed/table/{competition}[?season=&group=&team=]`: the table(s), a team highlighted. */
export function getTableEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<TableEmbedView>> {
	return embedPage('table', input, ctx, async (q, slug, c) => {
		const db = await getDb();
		const standings = await getStandings(db, String(slug), q.season ? { season: q.season } : {});
		if (!standings || standings.tables.length === 0) return q.season ? 'season' : 'id';
		const team = q.team ? await getTeamRef(db, q.team) : null;
		if (q.team && !team) return 'team';
		const tables = standings.tables.filter((tb) => !q.group || tb.group === q.group);
		if (tables.length === 0) return 'group';
		const names = await namesFor(c);
		const vars = {
			competition: names.competition(standings.competition.slug, standings.competition.name),
			season: standings.season.label,
		};
		// Matches of these tables in play count as they stand (the one live-table function, as
		// the league page and the match centre), and the widget redraws at each of their changes.
		const live = await getLiveLeagueTable(standings.season.id);
		const states = Object.fromEntries(live.initial.map((m) => [m.matchId, m]));
		const fixturesOf = (group: string | null) =>
			live.fixtures.filter((f) => group === null || f.group === group);
		const shown = tables.flatMap((tb) => fixturesOf(tb.group)).map((f) => f.matchId);
		return {
			live: shown.length > 0 ? [...new Set(shown)].join(',') : null,
			refresh: true,
			view: {
				tables: tables.map((tb) =>
					tableView(
						liveTable(tb.rows, fixturesOf(tb.group), states),
						{
							caption: tb.group
								? c.t('football:table.groupCaption', { ...vars, group: names.group(tb.group) })
								: c.t('football:table.caption', vars),
							highlight: team ? [team.id] : [],
							showForm: false,
						},
						c,
					),
				),
				fullHref: absoluteUrl(c.origin, c.locale, `/league/${standings.competition.slug}`),
			},
			title: c.t('football:table.caption', vars),
			tags: [LISTS_TAG],
		};
	});
}

// --- fixtures and results, form ----------------------------------------------------------

export interface FixturesEmbedView {
	heading: string;
	fixtures: MatchRowView[];
	results: MatchRowView[];
	fixturesLabel: string;
	resultsLabel: string;
	empty: string | null;
}

/** `/embed/fixtures?team=|competition=`: the next five matches and the last five results. */
export function getFixturesEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<FixturesEmbedView>> {
	return embedPage('fixtures', input, ctx, async (q, _s, c) => {
		const db = await getDb();
		const competition = q.competition ? await competitionBySlug(q.competition) : null;
		if (q.competition && !competition) return 'competition';
		const team = q.team ? await getTeamRef(db, q.team) : null;
		if (q.team && !team) return 'team';
		const where = { competitionId: competition?.id, teamId: team?.id, pageSize: 5 };
		const [next, last] = await Promise.all([
			listMatches(db, { ...where, filter: 'fixtures' }),
			listMatches(db, { ...where, filter: 'results' }),
		]);
		const options = { showDate: true, showYear: true, showCompetition: Boolean(team) };
		const names = await namesFor(c);
		const heading =
			(team && names.team(team).name) ??
			(competition && names.competition(competition.slug, competition.name)) ??
			'';
		return {
			view: {
				heading,
				fixtures: matchRows(next.items.map(names.match), c, options),
				results: matchRows(last.items.map(names.match), c, options),
				fixturesLabel: c.t('embed:fixtures'),
				resultsLabel: c.t('embed:results'),
				empty: next.items.length + last.items.length === 0 ? c.t('embed:noMatches') : null,
			},
			title: `${heading} · ${c.t('embed:kind.fixtures')}`,
			tags: [LISTS_TAG],
		};
	});
}

export interface FormEmbedView {
	heading: string;
	form: FormView;
	rows: MatchRowView[];
	empty: string | null;
}

/** `/embed/form/{team}`: the team's last five results as badges and rows. */
export function getFormEmbed(
	input: EmbedInput,
	ctx: ViewContext,
): Promise<EmbedPage<FormEmbedView>> {
	return embedPage('form', input, ctx, async (_q, slug, c) => {
		const db = await getDb();
		const team = await getTeamRef(db, String(slug));
		if (!team) return 'id';
		const last = await listMatches(db, { teamId: team.id, filter: 'results', pageSize: 5 });
		const names = await namesFor(c);
		const named = names.team(team);
		const letters = [...last.items]
			.reverse()
			.map((m) => outcomeFor(m, team.id) ?? '')
			.join('');
		return {
			view: {
				heading: c.t('embed:formHeading', { team: named.name }),
				form: formView(letters, c.t),
				rows: matchRows(last.items.map(names.match), c, {
					showDate: true,
					showYear: true,
					showCompetition: true,
				}),
				empty: last.items.length === 0 ? c.t('embed:noMatches') : null,
			},
			title: c.t('embed:formHeading', { team: named.name }),
			tags: [LISTS_TAG],
		};
	});
}

// ---------------------------------------------------------------------------------------
// The builder (`/widget`)
// ---------------------------------------------------------------------------------------

export interface WidgetView {
	structuredData: StructuredData;
	/** 400 when a choice in the address is bad (the form then shows the defaults). */
	status: 200 | 400;
	error: string | null;
	choice: BuilderChoice;
	kinds: { value: EmbedKind; label: string }[];
	/** Competitions by area (the table, and scores or fixtures of one competition). */
	competitions: { label: string; options: { value: string; label: string }[] }[];
	/** Teams by competition, never one flat list of hundreds. */
	teams: { label: string; options: { value: string; label: string }[] }[];
	languages: { value: string; label: string }[];
	themes: { value: Theme; label: string }[];
	/** The widget's address on this site (the preview), or null while its subject is missing. */
	preview: string | null;
	/** The code to copy. */
	code: string | null;
	/** Absolute `/widget?…` with these choices. */
	shareHref: string;
	/** SITE_URL's origin: the builder's script writes the same code as this view. */
	origin: string;
	/** The colour input's start (the site's green, meaning "no accent"). */
	defaultAccent: string;
}

/**
 * `/widget?kind=…&…`: the builder. Its choices are a GET form (shareable, and the preview
 * works without JavaScript); the page's script updates the preview and code as you choose.
 */
export async function getWidgetView(
	params: URLSearchParams,
	ctx: ViewContext,
): Promise<WidgetView> {
	const { locale, t, origin } = ctx;
	const raw = Object.fromEntries(params);
	const parsed = builderQuery.safeParse(raw);
	const issue = parsed.success ? null : parsed.error.issues[0];
	const field = issue
		? issue.code === 'unrecognized_keys'
			? (issue.keys[0] ?? '')
			: String(issue.path[0] ?? '')
		: '';
	const choice: BuilderChoice = parsed.success ? parsed.data : builderQuery.parse({});
	const [exampleId, competitions, teamGroups, names] = await Promise.all([
		exampleMatchId(),
		getCompetitions(),
		getTeamList(),
		namesFor(ctx),
	]);
	const lang = choice.lang && isLocale(choice.lang) ? choice.lang : locale;
	choice.lang = lang;
	// Fill in only what the chosen kind cannot do without (live scores default to all).
	choice.match ??= exampleId === null ? undefined : String(exampleId);
	if (choice.kind === 'table') choice.competition ||= competitions[0]?.slug;
	if (choice.kind === 'form' || (choice.kind === 'fixtures' && !choice.competition))
		choice.team ||= teamGroups[0]?.teams[0]?.slug;
	// The colour input always sends a value: the site's own green means "no accent", so the
	// widget keeps the theme's own green (lighter in dark mode).
	if (choice.accent === DEFAULT_ACCENT) choice.accent = undefined;
	const path = embedPath(lang, choice);
	const kindLabel = t(`embed:kind.${choice.kind}`);
	const share = new URLSearchParams(
		Object.entries(choice)
			.filter(([, v]) => v !== undefined && v !== '')
			.map(([k, v]) => [k, String(v)]),
	);
	return {
		structuredData: namedWebPageLd(
			t('football:widget.title'),
			absoluteUrl(origin, locale, '/widget'),
			t('football:widget.description'),
		),
		status: issue ? 400 : 200,
		error: issue ? t('embed:error.badParam', { field, problem: issue.message }) : null,
		choice,
		kinds: EMBED_KINDS.map((k) => ({ value: k, label: t(`embed:kind.${k}`) })),
		competitions: groupByArea(competitions).map((g) => ({
			label: names.area(g.items[0]!.areaCode, g.areaName),
			options: g.items.map((c) => ({ value: c.slug, label: names.competition(c.slug, c.name) })),
		})),
		teams: teamGroups.map((g) => ({
			label: `${names.competitionNamed(g.competition.name)} ${g.competition.season}`,
			options: g.teams.map((tm) => ({ value: tm.slug, label: names.team(tm).name })),
		})),
		languages: LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
		themes: [
			{ value: 'auto', label: t('embed:builder.themeAuto') },
			{ value: 'light', label: t('embed:builder.themeLight') },
			{ value: 'dark', label: t('embed:builder.themeDark') },
		],
		preview: path,
		code: path ? embedSnippet(origin, path, choice.width, `Matchday: ${kindLabel}`) : null,
		shareHref: `${absoluteUrl(origin, locale, '/widget')}?${share}`,
		origin,
		defaultAccent: DEFAULT_ACCENT,
	};
}
