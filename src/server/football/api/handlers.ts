import { isLive } from '~/lib/football/match-status';
import { getDb, type Database } from '~/server/db/client';
import { ensureFootballData } from '../ensure';
import { getCompetition, listCompetitions } from '../queries/competitions';
import { getHeadToHead } from '../queries/head-to-head';
import { getMatchDetail } from '../queries/match-detail';
import { liveMatchesNow, matchesForDay, type MatchFilter } from '../queries/matches';
import { getStandings } from '../queries/standings';
import { getTeamDetail } from '../queries/teams';
import { todayIn } from '../time';
import { badRequest, jsonResponse, MAX_AGE, notFound } from './http';
import {
	dateParam,
	idOrSlugParam,
	idParam,
	param,
	seasonParam,
	statusParam,
	timeZoneParam,
} from './params';
import { h2hJson, matchDetailJson, matchJson, rowJson } from './serialize';

/**
 * The /api/v1 handlers. Routes pass plain values (path params, the query string and the
 * If-None-Match header), never the request, and return what these answer.
 */
export interface ApiInput {
	params: Record<string, string | undefined>;
	query: URLSearchParams;
	ifNoneMatch: string | null;
	now?: Date;
}

async function db(): Promise<Database> {
	const database = await getDb();
	await ensureFootballData(database);
	return database;
}

export async function competitionsHandler(input: ApiInput): Promise<Response> {
	const list = await listCompetitions(await db());
	return jsonResponse(
		{ competitions: list },
		{ ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.slow },
	);
}

export async function competitionHandler(input: ApiInput): Promise<Response> {
	const id = param('id', input.params.id, idOrSlugParam, true);
	if (!id.ok) return badRequest(id.param, id.message);
	const found = await getCompetition(await db(), id.value!);
	if (!found) return notFound('Competition');
	return jsonResponse(
		{ ...found.competition, seasons: found.seasons },
		{ ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.slow },
	);
}

export async function standingsHandler(input: ApiInput): Promise<Response> {
	const id = param('id', input.params.id, idOrSlugParam, true);
	if (!id.ok) return badRequest(id.param, id.message);
	const season = param('season', input.query.get('season'), seasonParam);
	if (!season.ok) return badRequest(season.param, season.message);
	const date = param('date', input.query.get('date'), dateParam);
	if (!date.ok) return badRequest(date.param, date.message);
	const database = await db();
	const asOf = date.value
		? new Date(Date.parse(`${date.value}T00:00:00Z`) + 86_400_000)
		: undefined;
	const s = await getStandings(database, id.value!, { season: season.value, asOf });
	if (!s) {
		return (await getCompetition(database, id.value!))
			? notFound(`Season ${season.value}`)
			: notFound('Competition');
	}
	return jsonResponse(
		{
			competition: s.competition,
			season: s.season.label,
			seasons: s.seasons.map((x) => x.label),
			tieBreak: s.rule,
			asOf: asOf?.toISOString() ?? null,
			rows: s.tables.flatMap((t) => t.rows.map((r) => rowJson(r, t.group))),
			groups: s.tables.map((t) => ({
				group: t.group,
				rows: t.rows.map((r) => rowJson(r, t.group)),
			})),
		},
		{ ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.standard },
	);
}

export async function matchesHandler(input: ApiInput): Promise<Response> {
	const tz = param('tz', input.query.get('tz'), timeZoneParam);
	if (!tz.ok) return badRequest(tz.param, tz.message);
	const date = param('date', input.query.get('date'), dateParam);
	if (!date.ok) return badRequest(date.param, date.message);
	const competition = param('competition', input.query.get('competition'), idParam);
	if (!competition.ok) return badRequest(competition.param, competition.message);
	const status = param('status', input.query.get('status'), statusParam);
	if (!status.ok) return badRequest(status.param, status.message);
	const now = input.now ?? new Date();
	const timeZone = tz.value ?? 'UTC';
	const compact = (groups: Awaited<ReturnType<typeof liveMatchesNow>>['groups']) =>
		groups.map((g) => ({
			competition: { id: g.competition.id, slug: g.competition.slug, name: g.competition.name },
			matches: g.matches.map(matchJson),
		}));
	if (status.value === 'live' && !date.value) {
		// "What is live now", whatever the day: a match that started before midnight stays listed.
		const live = await liveMatchesNow(await db(), { now, competitionId: competition.value });
		return jsonResponse(
			{
				date: null,
				timeZone,
				from: null,
				to: null,
				total: live.total,
				live: live.live,
				competitions: compact(live.groups),
			},
			{ ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.live },
		);
	}
	const day = await matchesForDay(await db(), {
		date: date.value ?? todayIn(timeZone, now),
		timeZone,
		now,
		competitionId: competition.value,
		filter: (status.value ?? 'all') as MatchFilter,
	});
	return jsonResponse(
		{
			date: day.date,
			timeZone: day.timeZone,
			from: day.from.toISOString(),
			to: day.to.toISOString(),
			total: day.total,
			live: day.live,
			competitions: compact(day.groups),
		},
		{
			ifNoneMatch: input.ifNoneMatch,
			maxAge: status.value === 'live' ? MAX_AGE.live : MAX_AGE.day,
		},
	);
}

export async function matchHandler(input: ApiInput): Promise<Response> {
	const id = param('id', input.params.id, idParam, true);
	if (!id.ok) return badRequest(id.param, id.message);
	const detail = await getMatchDetail(await db(), id.value!, input.now);
	if (!detail) return notFound('Match');
	const live = isLive(detail.match.status);
	return jsonResponse(matchDetailJson(detail), {
		ifNoneMatch: input.ifNoneMatch,
		maxAge: live ? MAX_AGE.live : MAX_AGE.standard,
	});
}

export async function teamHandler(input: ApiInput): Promise<Response> {
	const id = param('id', input.params.id, idParam, true);
	if (!id.ok) return badRequest(id.param, id.message);
	const t = await getTeamDetail(await db(), id.value!, input.now);
	if (!t) return notFound('Team');
	return jsonResponse(
		{
			...t.team,
			form: t.form,
			standing: t.standing
				? {
						competition: t.standing.competition,
						season: t.standing.season,
						group: t.standing.group,
						teams: t.standing.teams,
						row: rowJson(t.standing.row, t.standing.group),
					}
				: null,
			results: t.results.map(matchJson),
			fixtures: t.fixtures.map(matchJson),
			squad: t.squad,
		},
		{ ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.standard },
	);
}

export async function h2hHandler(input: ApiInput): Promise<Response> {
	const team1 = param('team1', input.query.get('team1'), idParam, true);
	if (!team1.ok) return badRequest(team1.param, team1.message);
	const team2 = param('team2', input.query.get('team2'), idParam, true);
	if (!team2.ok) return badRequest(team2.param, team2.message);
	if (team1.value === team2.value) return badRequest('team2', 'must differ from team1');
	const h = await getHeadToHead(await db(), team1.value!, team2.value!);
	if (!h) return notFound('Team');
	return jsonResponse(h2hJson(h), { ifNoneMatch: input.ifNoneMatch, maxAge: MAX_AGE.standard });
}
