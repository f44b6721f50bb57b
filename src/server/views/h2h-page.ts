import type { StructuredData } from '~/lib/seo';
import { teamPath } from '~/lib/urls';
import { localHref } from '~/lib/locale-resolution';
import { getDb } from '~/server/db/client';
import { getHeadToHeadBySlug, vsSlug } from '~/server/football/queries/head-to-head';
import { listMatches } from '~/server/football/queries/matches';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { HeadToHead } from '~/server/football/tables/head-to-head';
import type { ViewContext } from './context';
import { absoluteUrl } from '~/lib/urls';
import { namedWebPageLd } from '~/server/seo/jsonld/content';
import { h2hPageLd } from '~/server/seo/jsonld/football';
import { h2hSummaryView, type H2HSummaryView } from './match-parts';
import { matchRows, teamView, type MatchRowView, type TeamView } from './match-row';
import { namesFor } from './names';
import { isSlug } from './page-keys';
import { getTeamChoices } from './team-page';

export interface H2HPageData {
	h2h: HeadToHead;
	/** Every meeting with scores, newest first (links to the match centres). */
	matches: MatchSummary[];
}

/** `/team/head-to-head/{a}-vs-{b}`: undefined (404) when the slug does not name two teams. */
export async function getH2HPage(
	slug: string | undefined,
	now = new Date(),
): Promise<H2HPageData | undefined> {
	if (!slug || !isSlug(slug) || !slug.includes('-vs-')) return undefined;
	const db = await getDb();
	const h2h = await getHeadToHeadBySlug(db, slug);
	if (!h2h) return undefined;
	const ids = new Set(h2h.meetings.map((m) => m.id));
	// The meetings as full match rows: both teams' results, filtered to the pair.
	const all = await listMatches(db, {
		teamId: h2h.team1.id,
		filter: 'results',
		pageSize: 200,
		now,
	});
	const matches = all.items.filter((m) => ids.has(m.id));
	return { h2h, matches };
}

export interface H2HFormData {
	teams: Awaited<ReturnType<typeof getTeamChoices>>;
	/** Where a submitted pair should go (302), or null to show the form. */
	redirect: string | null;
	error: 'same' | null;
	team1: string | null;
	team2: string | null;
}

/**
 * `/team/head-to-head` without a slug: a plain GET form (`?team1=slug&team2=slug`). A valid
 * submission redirects to the canonical slug page.
 */
export async function getH2HForm(params: URLSearchParams): Promise<H2HFormData> {
	const teams = await getTeamChoices();
	const pick = (name: string) => {
		const v = params.get(name);
		return v && isSlug(v) && teams.some((t) => t.slug === v) ? v : null;
	};
	const team1 = pick('team1');
	const team2 = pick('team2');
	if (team1 && team2 && team1 === team2)
		return { teams, redirect: null, error: 'same', team1, team2 };
	const redirect =
		team1 && team2 ? `/team/head-to-head/${vsSlug({ slug: team1 }, { slug: team2 })}` : null;
	return { teams, redirect, error: null, team1, team2 };
}

export interface H2HView {
	title: string;
	description: string;
	structuredData: StructuredData;
	teams: [TeamView & { href: string }, TeamView & { href: string }];
	summary: H2HSummaryView;
	matches: MatchRowView[];
	formHref: string;
}

/** `/team/head-to-head/{a}-vs-{b}` ready to render; undefined (404) as `getH2HPage`. */
export async function getH2HView(
	slug: string | undefined,
	ctx: ViewContext,
): Promise<H2HView | undefined> {
	const raw = await getH2HPage(slug);
	if (!raw) return undefined;
	const { locale, t } = ctx;
	const names = await namesFor(ctx);
	const data = { ...raw, matches: raw.matches.map(names.match) };
	const h2h = { ...raw.h2h, team1: names.team(raw.h2h.team1), team2: names.team(raw.h2h.team2) };
	const vars = { team1: h2h.team1.name, team2: h2h.team2.name, count: h2h.played };
	const title = t('football:h2h.pageTitle', vars);
	const team = (tm: { id: number; name: string; slug: string }) => ({
		...teamView(tm),
		href: localHref(locale, teamPath(tm)),
	});
	return {
		title,
		description: t('football:h2h.pageDescription', vars),
		structuredData: h2hPageLd(title, [h2h.team1, h2h.team2], data.matches, ctx),
		teams: [team(h2h.team1), team(h2h.team2)],
		summary: h2hSummaryView(h2h, t),
		matches: matchRows(data.matches, ctx, {
			showDate: true,
			showYear: true,
			showCompetition: true,
		}),
		formHref: localHref(locale, '/team/head-to-head'),
	};
}

interface TeamOption {
	value: string;
	name: string;
	selected: boolean;
}

export interface H2HFormView {
	/** Where a complete submission goes (302, localised), or null to show the form. */
	redirect: string | null;
	structuredData: StructuredData;
	/** The two teams are the same one. */
	sameTeam: boolean;
	action: string;
	/** The two pickers, clubs and national teams apart. */
	fields: { name: 'team1' | 'team2'; label: string; clubs: TeamOption[]; nations: TeamOption[] }[];
}

/** `/team/head-to-head` without a slug: the picker, or where a submission goes. */
export async function getH2HFormView(
	params: URLSearchParams,
	ctx: ViewContext,
): Promise<H2HFormView> {
	const data = await getH2HForm(params);
	const { locale, t, origin } = ctx;
	const names = await namesFor(ctx);
	const collator = new Intl.Collator(locale);
	const options = (national: boolean, selected: string | null) =>
		data.teams
			.filter((tm) => Boolean(tm.isNational) === national)
			.map((tm) => ({ value: tm.slug, name: names.team(tm).name, selected: tm.slug === selected }))
			// Nations are listed by the name the visitor reads ("Deutschland" under D).
			.sort((a, b) => (national ? collator.compare(a.name, b.name) : 0));
	const field = (name: 'team1' | 'team2', selected: string | null) => ({
		name,
		label: t(`football:h2h.${name}`),
		clubs: options(false, selected),
		nations: options(true, selected),
	});
	return {
		redirect: data.redirect ? localHref(locale, data.redirect) : null,
		structuredData: namedWebPageLd(
			t('football:h2h.formTitle'),
			absoluteUrl(origin, locale, '/team/head-to-head'),
		),
		sameTeam: data.error === 'same',
		action: localHref(locale, '/team/head-to-head'),
		fields: [field('team1', data.team1), field('team2', data.team2)],
	};
}
