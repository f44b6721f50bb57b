import { z } from 'zod';
import { parseDbId } from '~/lib/input';
import { text } from '~/lib/input-schema';
import { isCrossSite, json, readLimited, requestMeta } from '../auth/http';
import { getDb } from '../db/client';
import { ensureFootballData } from '../football/ensure';
import { badRequest, jsonResponse, notFound } from '../football/api/http';
import { placePick, readMatchGames, readPicks } from './games';
import {
	BOARD_SCOPES,
	createLeague,
	joinLeague,
	LEAGUE_CODE_PATTERN,
	leaderboard,
	myLeagues,
} from './leaderboard';
import { limitedJoin } from './join-limits';
import { gameSettings } from './settings';
import { tooManyRequests } from '../limits/http';

/**
 * The HTTP side of the live games: the routes under src/pages call these with validated
 * path and query values and the caller (if any); answers follow the API's conventions
 * (`{error, message}`, 400 naming the field, 401, 404, 409).
 */

const dbId = (raw: string | undefined | null) => parseDbId(raw);

async function db() {
	const database = await getDb();
	await ensureFootballData(database);
	return database;
}

/** GET /api/v1/matches/{id}/games */
export async function matchGamesHandler(rawId: string | undefined, ifNoneMatch: string | null) {
	const id = dbId(rawId);
	if (id === null) return badRequest('id', 'must be a positive integer id');
	const found = await readMatchGames(await db(), String(id), Date.now(), gameSettings());
	if (!found) return notFound('Match');
	// Suspensions end with time, not with a write: revalidate every time (the ETag makes it cheap).
	return jsonResponse(
		{ matchId: id, replay: found.state.isReplay, status: found.state.status, games: found.games },
		{ ifNoneMatch, maxAge: 0 },
	);
}

export const pickBody = z.object({ pick: text(16) });

const MESSAGES = {
	suspended: 'The game is suspended for a moment after an incident; try again shortly',
	stale: 'The game is suspended while the live feed catches up',
	regular_time_over: 'Regular time is over: this game takes no more picks',
	settled: 'The game is settled; it takes no more picks',
	closed: 'The game is closed; it takes no more picks',
	decided: 'This option can no longer win (a goal has been scored); pick another',
} as const;

/** POST /api/games/{gameId}/picks */
export async function pickHandler(rawGameId: string | undefined, userId: string, pick: string) {
	const gameId = dbId(rawGameId);
	if (gameId === null)
		return json(400, {
			error: 'bad_request',
			message: 'Invalid parameter "gameId"',
			fields: ['gameId'],
		});
	const result = await placePick(await db(), {
		gameId,
		userId,
		pick,
		now: Date.now(),
		settings: gameSettings(),
	});
	if (result.ok)
		return json(result.created ? 201 : 200, {
			data: {
				gameId,
				pick: result.pick,
				pointsAtStake: result.pointsAtStake,
				pickedAt: result.pickedAt,
			},
		});
	if (result.status === 404) return json(404, { error: 'not_found', message: 'Game not found' });
	if (result.status === 400)
		return json(400, {
			error: 'invalid_request',
			message: `Invalid field "pick": must be one of ${result.options.join(', ')}`,
			fields: ['pick'],
		});
	const reason = result.error === 'suspended' ? (result.reason ?? 'incident') : result.error;
	const message =
		reason === 'incident'
			? MESSAGES.suspended
			: MESSAGES[reason as Exclude<keyof typeof MESSAGES, 'suspended'>];
	const retry: Record<string, string> =
		result.error === 'suspended' && typeof result.retryAfterMs === 'number'
			? { 'Retry-After': String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))) }
			: {};
	return json(409, { error: result.error, reason, message }, [], retry);
}

/** GET /api/games/picks?matchId= : the caller's picks on the match's current games. */
export async function myPicksHandler(rawMatchId: string | null, userId: string) {
	const matchId = dbId(rawMatchId);
	if (matchId === null)
		return json(400, {
			error: 'bad_request',
			message: 'Invalid parameter "matchId"',
			fields: ['matchId'],
		});
	const database = await db();
	const found = await readMatchGames(database, String(matchId), Date.now(), gameSettings());
	if (!found) return json(404, { error: 'not_found', message: 'Match not found' });
	const picks = await readPicks(
		database,
		userId,
		found.games.map((g) => g.id),
	);
	return json(200, { data: { matchId, picks } });
}

export const boardQuery = z.object({
	scope: z.enum(BOARD_SCOPES, { error: `must be one of ${BOARD_SCOPES.join(', ')}` }),
	matchId: z.string().optional(),
	league: z.string().optional(),
	replay: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});

/** GET /api/games/leaderboard?scope=match|week|season|league */
export async function leaderboardHandler(query: URLSearchParams, userId: string | null) {
	const parsed = boardQuery.safeParse(Object.fromEntries(query));
	if (!parsed.success) {
		const field = String(parsed.error.issues[0]?.path[0] ?? 'scope');
		return json(400, {
			error: 'bad_request',
			message: `Invalid parameter "${field}": ${parsed.error.issues[0]?.message ?? 'invalid'}`,
			fields: [field],
		});
	}
	const q = parsed.data;
	const database = await db();
	const base = { replay: q.replay === '1', now: Date.now(), userId };
	if (q.scope === 'match') {
		const matchId = dbId(q.matchId);
		if (matchId === null)
			return json(400, {
				error: 'bad_request',
				message: 'Invalid parameter "matchId"',
				fields: ['matchId'],
			});
		return json(200, { data: await leaderboard(database, { ...base, scope: 'match', matchId }) });
	}
	if (q.scope === 'league') {
		if (!userId) return json(401, { error: 'unauthorized', message: 'Authentication required' });
		const leagueId = dbId(q.league);
		const mine = await myLeagues(database, userId);
		// A league's board is for its members only: an unknown and a foreign league look alike.
		if (leagueId === null || !mine.some((l) => l.id === leagueId))
			return json(404, { error: 'not_found', message: 'League not found' });
		return json(200, { data: await leaderboard(database, { ...base, scope: 'league', leagueId }) });
	}
	return json(200, { data: await leaderboard(database, { ...base, scope: q.scope }) });
}

export const leagueBody = z.object({
	name: text(60).pipe(z.string().trim().min(1, 'must not be empty')),
});
export const joinBody = z.object({
	code: z
		.string()
		.transform((s) => s.trim().toUpperCase())
		.pipe(z.string().regex(LEAGUE_CODE_PATTERN, 'must be an 8-character league code')),
});

export async function createLeagueHandler(userId: string, name: string) {
	const league = await createLeague(await db(), userId, name);
	return json(201, { data: { ...league, name } });
}

/** Joins by code; wrong codes are limited per user and per client (join-limits.ts). */
export async function joinLeagueHandler(userId: string, code: string, ip: string) {
	const database = await db();
	const joined = await limitedJoin(userId, ip, () => joinLeague(database, userId, code));
	if (!joined.ok) return tooManyRequests(joined.retryAfter);
	const league = joined.league;
	if (!league) return json(404, { error: 'not_found', message: 'No league has this code' });
	return json(200, { data: league });
}

export async function myLeaguesHandler(userId: string) {
	return json(200, { data: await myLeagues(await db(), userId) });
}

export type LeagueFormOutcome =
	| { ok: true; kind: 'created'; code: string }
	| { ok: true; kind: 'joined'; name: string }
	| {
			ok: false;
			status: number;
			code: 'login' | 'forbidden' | 'badName' | 'badCode' | 'unknownCode';
	  }
	| { ok: false; status: 429; code: 'tooManyCodes'; retryAfter: number };

/**
 * The /live-games page's friends-league forms (no JavaScript needed): `intent=create` with
 * `name`, or `intent=join` with `code`. Signed-in visitors only, from our own pages only
 * (cookies from another site are refused), urlencoded and size-capped.
 */
export async function answerLeagueForm(
	request: Request,
	locals: { user: { id: string } | null; origin: string },
	clientAddress: string | undefined,
): Promise<LeagueFormOutcome> {
	if (!locals.user) return { ok: false, status: 401, code: 'login' };
	if (isCrossSite(request, locals.origin)) return { ok: false, status: 403, code: 'forbidden' };
	const type = request.headers.get('content-type') ?? '';
	const raw = /^application\/x-www-form-urlencoded\b/i.test(type)
		? await readLimited(request)
		: null;
	const form = new URLSearchParams(raw ?? '');
	if (form.get('intent') === 'join') {
		const parsed = joinBody.safeParse({ code: form.get('code') ?? '' });
		if (!parsed.success) return { ok: false, status: 400, code: 'badCode' };
		const userId = locals.user.id;
		const database = await db();
		const { ip } = requestMeta(request, clientAddress);
		const joined = await limitedJoin(userId, ip, () =>
			joinLeague(database, userId, parsed.data.code),
		);
		if (!joined.ok)
			return { ok: false, status: 429, code: 'tooManyCodes', retryAfter: joined.retryAfter };
		const league = joined.league;
		return league
			? { ok: true, kind: 'joined', name: league.name }
			: { ok: false, status: 404, code: 'unknownCode' };
	}
	const parsed = leagueBody.safeParse({ name: form.get('name') ?? '' });
	if (!parsed.success) return { ok: false, status: 400, code: 'badName' };
	const league = await createLeague(await db(), locals.user.id, parsed.data.name);
	return { ok: true, kind: 'created', code: league.code };
}
