import type { StructuredData } from '~/lib/seo';
import { absoluteUrl, teamPath } from '~/lib/urls';
import { localHref } from '~/lib/locale-resolution';
import { getDb } from '~/server/db/client';
import { getTeamList } from '~/server/football/queries/team-list';
import { listTeams, type TeamDetail } from '~/server/football/queries/teams';
import { type CalendarLinkView, calendarLinks } from './calendar-links';
import type { ViewContext } from './context';
import { leagueSeasonPath } from '~/server/seo/addresses';
import { teamPageLd } from '~/server/seo/jsonld/football';
import { itemListLd } from '~/server/seo/jsonld/lists';
import { formView, tableView, type FormView, type TableView } from './league-table';
import { matchRows, teamView, type MatchRowView } from './match-row';
import { namesFor } from './names';

export { getTeamList, type TeamListGroup } from '~/server/football/queries/team-list';

/** Every team for the head-to-head picker (clubs, then national teams). */
export async function getTeamChoices() {
	return listTeams(await getDb());
}

export interface TeamPageView {
	id: number;
	title: string;
	description: string;
	structuredData: StructuredData;
	name: string;
	crest: string;
	/** Its place in its latest table, linking to that table; null when it has none. */
	standing: { href: string; text: string } | null;
	form: FormView | null;
	/** Its row of that table. */
	table: TableView | null;
	compareHref: string;
	/** The team's feed (every season). */
	calendar: CalendarLinkView[];
	fixtures: MatchRowView[];
	results: MatchRowView[];
	squad: {
		caption: string;
		players: { shirt: string; name: string; position: string; club: string }[];
	} | null;
}

/**
 * `/team/{slug}` ready to render, from the team's data as the address resolver loaded it
 * (src/server/seo/addresses.ts: ids and other spellings of the address answer 301).
 */
export async function getTeamView(data: TeamDetail, ctx: ViewContext): Promise<TeamPageView> {
	const { locale, t } = ctx;
	const names = await namesFor(ctx);
	const { squad } = data;
	const team = names.team(data.team);
	const standing = data.standing && {
		...data.standing,
		competition: names.competitionRef(data.standing.competition),
		group: data.standing.group && names.group(data.standing.group),
		row: { ...data.standing.row, team: names.team(data.standing.row.team) },
	};
	const vars = { team: team.name };
	const rows = { showDate: true, showYear: true, showCompetition: true };
	return {
		id: team.id,
		title: t('football:team.pageTitle', vars),
		description: t('football:team.pageDescription', vars),
		structuredData: teamPageLd(team, ctx),
		name: team.name,
		crest: teamView(team).crest,
		standing: standing && {
			href: localHref(locale, await leagueSeasonPath(standing.competition, standing.season)),
			text: t('football:team.positionText', {
				position: standing.row.position,
				teams: standing.teams,
				competition: standing.competition.name,
				season: standing.season,
				points: standing.row.points,
			}),
		},
		form: data.form ? formView(data.form, t) : null,
		table: standing
			? tableView(
					[standing.row],
					{
						caption: `${standing.competition.name} ${standing.season}${standing.group ? ` · ${standing.group}` : ''}`,
						highlight: [team.id],
					},
					ctx,
				)
			: null,
		compareHref: localHref(locale, `/team/head-to-head?team1=${team.slug}`),
		calendar: calendarLinks([{ kind: 'team', id: team.id, name: team.name }], ctx),
		fixtures: matchRows(data.fixtures.map(names.match), ctx, rows),
		results: matchRows(data.results.map(names.match), ctx, rows),
		squad:
			squad && squad.players.length > 0
				? {
						caption: t('football:team.squadCaption', {
							competition: names.competitionNamed(squad.competition),
							season: squad.season,
						}),
						players: squad.players.map((p) => ({
							shirt: String(p.shirtNumber ?? ''),
							name: p.name,
							position: p.position ?? '',
							club: p.club ?? '',
						})),
					}
				: null,
	};
}

export interface TeamListView {
	structuredData: StructuredData;
	h2hHref: string;
	groups: {
		name: string;
		areaName: string;
		season: string;
		teams: { name: string; href: string }[];
	}[];
}

/** `/team`: every team of each competition's latest season. */
export async function getTeamListView(ctx: ViewContext): Promise<TeamListView> {
	const { locale, t, origin } = ctx;
	const names = await namesFor(ctx);
	const groups = (await getTeamList()).map((g) => ({ ...g, teams: g.teams.map(names.team) }));
	// A club in its league and in the Champions League is listed once in the structured data.
	const seen = new Map<number, { name: string; slug: string }>();
	for (const g of groups) for (const tm of g.teams) seen.set(tm.id, tm);
	return {
		structuredData: itemListLd(
			t('football:team.heading'),
			[...seen.values()].map((tm) => ({
				name: tm.name,
				url: absoluteUrl(origin, locale, teamPath(tm)),
			})),
		),
		h2hHref: localHref(locale, '/team/head-to-head'),
		groups: groups.map((g) => ({
			name: names.competitionNamed(g.competition.name),
			areaName: g.competition.areaName,
			season: g.competition.season,
			teams: g.teams.map((tm) => ({ name: tm.name, href: localHref(locale, teamPath(tm)) })),
		})),
	};
}
