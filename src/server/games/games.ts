import { sql } from 'drizzle-orm';
import {
	closedOptions,
	GAME_KINDS,
	GAME_OPTIONS,
	type GameKind,
	type GameStatus,
	type Pick,
	pointsAtStake,
} from '~/lib/games/rules';
import { clockNumber } from '~/lib/live/clock';
import { rowsOf } from '../db/rows';
import { appendEvent, type Queryable } from '../live/log';
import { type MatchState, numericIds, readMatchStates } from '../live/matches';
import type { LiveEvent } from '../live/types';
import {
	type GoalFact,
	isFinal,
	isPlayable,
	type MatchFacts,
	type Outcome,
	settle,
} from './settle-rules';
import {
	type SuspensionReason,
	type SuspensionSettings,
	suspends,
	suspensionAt,
} from './suspension';

/**
 * Live games in the database: opening, suspending and settling them on the live write path
 * (inside the transaction of `applyLiveChange`, under the log's writer lock), reading them,
 * and recording picks. See docs/games.md.
 */

/** How long games stay suspended after an event, and when a silent feed makes them stale. */
export type GameSettings = SuspensionSettings;

export interface PublicGame {
	id: number;
	matchId: string;
	kind: GameKind;
	status: GameStatus;
	options: readonly Pick[];
	/** Options that can no longer win (lib/games/rules.ts `closedOptions`): refused as picks. */
	closed: Pick[];
	result: Pick | null;
	voidReason: string | null;
	/** Why picks are refused now (with `status` suspended). */
	suspension: SuspensionReason | null;
	/** Milliseconds until an incident suspension ends, at the time of the answer. */
	suspendedMs: number | null;
	corrected: boolean;
	replay: boolean;
	run: number;
}

interface GameRow {
	id: number;
	match_id: number;
	kind: GameKind;
	run: number | string;
	replay: boolean;
	status: 'open' | 'settled' | 'void';
	result: Pick | null;
	void_reason: string | null;
	suspended_until: Date | string | null;
	settled_version: number;
	corrected: boolean;
}

const ms = (v: Date | string | null): number | null =>
	v === null ? null : v instanceof Date ? v.getTime() : Date.parse(v);

const GAME_COLUMNS = sql`id, match_id, kind, run, replay, status, result, void_reason, suspended_until,
	settled_version, corrected`;

/** The games of a match's latest run (replay runs or the match's own). */
async function runGames(db: Queryable, matchId: number, replay: boolean): Promise<GameRow[]> {
	return rowsOf<GameRow>(
		await db.execute(sql`SELECT ${GAME_COLUMNS} FROM games
			WHERE match_id = ${matchId} AND replay = ${replay}
			AND run = (SELECT max(run) FROM games WHERE match_id = ${matchId} AND replay = ${replay})
			ORDER BY id`),
	);
}

export function publicGame(
	row: GameRow,
	match: Pick2<MatchState, 'status' | 'minute' | 'updatedAt' | 'isReplay' | 'score'>,
	now: number,
	settings: GameSettings,
): PublicGame {
	let status: GameStatus = row.status;
	let suspension: SuspensionReason | null = null;
	let suspendedMs: number | null = null;
	if (row.status === 'open') {
		const s = suspensionAt(
			{ suspendedUntil: ms(row.suspended_until) },
			{
				status: match.status,
				minute: match.minute,
				updatedAt: Date.parse(match.updatedAt),
				isReplay: match.isReplay,
			},
			now,
			settings,
		);
		if (s) {
			status = 'suspended';
			suspension = s.reason;
			suspendedMs = s.until === null ? null : s.until - now;
		}
	}
	return {
		id: Number(row.id),
		matchId: String(row.match_id),
		kind: row.kind,
		status,
		options: GAME_OPTIONS[row.kind],
		closed: row.status === 'open' ? closedOptions(row.kind, match.score) : [],
		result: row.status === 'settled' ? row.result : null,
		voidReason: row.status === 'void' ? row.void_reason : null,
		suspension,
		suspendedMs,
		corrected: row.corrected,
		replay: row.replay,
		run: Number(row.run),
	};
}

type Pick2<T, K extends keyof T> = { [P in K]: T[P] };

async function insertRun(
	tx: Queryable,
	matchId: number,
	run: number,
	replay: boolean,
): Promise<number> {
	const values = sql.join(
		GAME_KINDS.map((k) => sql`(${matchId}, ${k}, ${run}, ${replay})`),
		sql`, `,
	);
	const inserted =
		await tx.execute(sql`INSERT INTO games (match_id, kind, run, replay) VALUES ${values}
		ON CONFLICT (match_id, kind, run) DO NOTHING RETURNING id`);
	return rowsOf(inserted).length;
}

/**
 * Opens the games of a real (not replayed) match that is scheduled or in play, if it has
 * none yet. Called by readers, so games exist for every playable match without a job.
 */
export async function ensureGames(db: Queryable, state: MatchState): Promise<boolean> {
	if (state.isReplay || !isPlayable(state.status)) return false;
	return (await insertRun(db, Number(state.matchId), 0, false)) > 0;
}

/** Goals of the match's current timeline, from the committed log (cancelled ones removed). */
export async function readGoals(
	tx: Queryable,
	matchId: string,
	fromId: number,
): Promise<GoalFact[]> {
	const rows = rowsOf<{
		id: number | string;
		kind: string;
		payload: Record<string, unknown> | string;
	}>(
		await tx.execute(sql`SELECT id, kind, payload FROM live_events
			WHERE match_id = ${matchId} AND id >= ${fromId} AND kind IN ('event', 'correction', 'status', 'score')
			ORDER BY id`),
	);
	let goals: Array<GoalFact & { logId: number }> = [];
	for (const row of rows) {
		const p = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
			string,
			unknown
		>;
		if (p.reset === true) goals = [];
		if (row.kind === 'correction' && typeof p.cancels === 'number')
			goals = goals.filter((g) => g.logId !== p.cancels);
		const entry = p.entry as Record<string, unknown> | undefined;
		const type = entry?.type;
		if (type === 'goal' || type === 'own_goal' || type === 'penalty_goal') {
			if (entry?.side !== 'home' && entry?.side !== 'away') continue;
			// Under review: not a goal until a correction confirms it (as a new entry).
			if (entry.review === true) continue;
			goals.push({
				logId: Number(row.id),
				side: entry.side,
				minute: typeof entry.minute === 'number' ? entry.minute : null,
				addedTime: typeof entry.addedTime === 'number' ? entry.addedTime : null,
			});
		}
	}
	return goals.map(({ side, minute, addedTime }) => ({ side, minute, addedTime }));
}

const sameOutcome = (row: GameRow, o: Exclude<Outcome, null>) =>
	row.status === o.status &&
	(o.status === 'settled' ? row.result === o.result : row.void_reason === o.reason);

/** A pick's points under its game's current settlement (null until the game is decided). */
export const PICK_POINTS = sql`CASE WHEN g.status = 'settled' AND p.pick = g.result THEN p.points_at_stake
	WHEN g.status IN ('settled', 'void') THEN 0 END`;
/** A pick's outcome under its game's current settlement: won, lost, void, or null. */
export const PICK_OUTCOME = sql`CASE WHEN g.status = 'void' THEN 'void'
	WHEN g.status = 'settled' THEN (CASE WHEN p.pick = g.result THEN 'won' ELSE 'lost' END) END`;

/**
 * Picks with their points and outcome (`p` joined to its game `g`), as a subquery. Nothing
 * writes per-pick results: a settlement or correction changes the game row and every pick's
 * points follow.
 */
export const scoredPicks = sql`(SELECT p.id, p.game_id, p.user_id, p.pick, p.points_at_stake, p.picked_at,
	g.match_id, g.kind, g.run, g.replay, g.opened_at, ${PICK_POINTS} AS points, ${PICK_OUTCOME} AS outcome
	FROM game_picks p JOIN games g ON g.id = p.game_id)`;

/**
 * Writes one game's settlement (or re-settlement), unless the game
 * already stands settled that way: a repeated full time, a retry or a second writer changes
 * nothing. The (game, version) key refuses a concurrent duplicate outright.
 */
async function writeSettlement(
	tx: Queryable,
	row: GameRow,
	outcome: Exclude<Outcome, null>,
	logId: number | null,
): Promise<boolean> {
	if (row.settled_version > 0 && sameOutcome(row, outcome)) return false;
	const version = row.settled_version + 1;
	const result = outcome.status === 'settled' ? outcome.result : null;
	const reason = outcome.status === 'void' ? outcome.reason : null;
	await tx.execute(sql`INSERT INTO game_settlements (game_id, version, status, result, void_reason, log_id)
		VALUES (${row.id}, ${version}, ${outcome.status}, ${result}, ${reason}, ${logId})`);
	// The picks' points follow from this row (PICK_POINTS): a re-settlement moves them both ways.
	// A game opened again (reopenPostponed) gets its first result, not a corrected one.
	const corrected = row.settled_version > 0 && row.status !== 'open';
	await tx.execute(sql`UPDATE games SET status = ${outcome.status}, result = ${result}, void_reason = ${reason},
		settled_version = ${version}, corrected = ${corrected}, settled_at = now(),
		suspended_until = NULL WHERE id = ${row.id}`);
	return true;
}

/**
 * Settles (or re-settles) every game of the match's current run from its committed state
 * and timeline. Returns the games whose settlement changed. Idempotent.
 */
export async function settleMatch(
	tx: Queryable,
	state: MatchState,
	logId: number | null,
): Promise<GameRow[]> {
	const rows = await runGames(tx, Number(state.matchId), state.isReplay);
	if (rows.length === 0) return [];
	const needsGoals = isFinal(state.status);
	const run = Number(rows[0]?.run ?? 0);
	const facts: MatchFacts = {
		status: state.status,
		score: state.score,
		goals: needsGoals ? await readGoals(tx, state.matchId, run) : [],
	};
	const changed: GameRow[] = [];
	for (const row of rows) {
		const outcome = settle(row.kind, facts);
		if (outcome && (await writeSettlement(tx, row, outcome, logId))) changed.push(row);
	}
	return changed;
}

/**
 * Opens again the games a postponement voided, once the match is back on the schedule (a
 * postponed match restored). Like a re-settlement: a new `game_settlements` version, now
 * `open`, and the picks made before count again (their points follow the game's next
 * settlement). Games voided for any other reason stay void. Returns the games it opened.
 */
export async function reopenPostponed(
	tx: Queryable,
	state: MatchState,
	logId: number,
): Promise<GameRow[]> {
	if (state.isReplay || state.status !== 'scheduled') return [];
	const rows = (await runGames(tx, Number(state.matchId), false)).filter(
		(r) => r.status === 'void' && r.void_reason === 'postponed',
	);
	for (const row of rows) {
		const version = row.settled_version + 1;
		await tx.execute(sql`INSERT INTO game_settlements (game_id, version, status, result, void_reason, log_id)
			VALUES (${row.id}, ${version}, 'open', NULL, NULL, ${logId})`);
		await tx.execute(sql`UPDATE games SET status = 'open', result = NULL, void_reason = NULL,
			settled_version = ${version}, settled_at = NULL, suspended_until = NULL WHERE id = ${row.id}`);
	}
	return rows;
}

/**
 * The games' part of one live change, inside its transaction (the caller holds the log
 * lock and has appended `event`): opens a replay's games at its kick-off, opens a real
 * match's games (again, after a postponement is lifted), suspends them after an incident,
 * settles at full time, re-settles after a correction, voids a postponed or abandoned
 * match. Returns the `game` events it appended.
 */
export async function onLiveChange(
	tx: Queryable,
	change: { kind: string; reset?: boolean | undefined; entryType?: string | null },
	state: MatchState,
	event: LiveEvent,
	now: number,
	settings: GameSettings,
): Promise<LiveEvent[]> {
	const matchId = Number(state.matchId);
	let touched = false;
	let reason: 'opened' | 'suspended' | 'settled' = 'opened';
	if (change.reset && state.isReplay) {
		// An unfinished earlier replay of this match (a crash) can never be settled fairly.
		await tx.execute(sql`UPDATE games SET status = 'void', void_reason = 'abandoned', settled_at = now()
			WHERE match_id = ${matchId} AND replay AND status = 'open'`);
		touched = (await insertRun(tx, matchId, event.id, true)) > 0;
	} else if (await ensureGames(tx, state)) touched = true;
	else if ((await reopenPostponed(tx, state, event.id)).length > 0) touched = true;
	if (isPlayable(state.status) && suspends(change)) {
		const until = new Date(now + settings.windowMs).toISOString();
		const updated = await tx.execute(sql`UPDATE games SET suspended_until = ${until}::timestamptz
			WHERE match_id = ${matchId} AND replay = ${state.isReplay} AND status = 'open'
			AND run = (SELECT max(run) FROM games WHERE match_id = ${matchId} AND replay = ${state.isReplay})
			RETURNING id`);
		if (rowsOf(updated).length > 0) {
			touched = true;
			reason = 'suspended';
		}
	}
	if (!isPlayable(state.status)) {
		const changed = await settleMatch(tx, state, event.id);
		if (changed.length > 0) {
			touched = true;
			reason = 'settled';
		}
	}
	if (!touched) return [];
	const rows = await runGames(tx, matchId, state.isReplay);
	const games = rows.map((r) => publicGame(r, state, now, settings));
	return [
		await appendEvent(tx, { matchId: state.matchId, kind: 'game', payload: { reason, games } }),
	];
}

/** The match's games as the API and the island show them (opening them if due). */
export async function readMatchGames(
	db: Queryable,
	matchId: string,
	now: number,
	settings: GameSettings,
): Promise<{ state: MatchState; games: PublicGame[] } | null> {
	const [state] = await readMatchStates(db, [matchId]);
	if (!state) return null;
	await ensureGames(db, state);
	let rows = await runGames(db, Number(matchId), state.isReplay);
	// A replay that has ended leaves the match not replayed, with only the replay's games.
	if (rows.length === 0 && !state.isReplay) rows = await runGames(db, Number(matchId), true);
	return { state, games: rows.map((r) => publicGame(r, state, now, settings)) };
}

/** Points a pick made now would put at stake on this match. */
export function stakeNow(state: MatchState, now: number, settings: GameSettings): number {
	return pointsAtStake(clockNumber(state, now));
}

export type PickResult =
	| { ok: true; created: boolean; pick: Pick; pointsAtStake: number; pickedAt: string }
	| { ok: false; status: 404; error: 'not_found' }
	| { ok: false; status: 400; error: 'invalid_pick'; options: readonly Pick[] }
	| {
			ok: false;
			status: 409;
			error: 'suspended' | 'settled' | 'closed' | 'decided';
			reason?: SuspensionReason;
			retryAfterMs?: number | null;
	  };

/**
 * Records a visitor's pick, or changes it while the game is open. The game row is read
 * FOR SHARE, so a settlement (which updates that row) either finished before, and the pick is
 * refused, or waits until the pick has committed: no pick is accepted once its game is decided. A repeated identical
 * pick changes nothing and keeps its original stake.
 */
export async function placePick(
	db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
	input: { gameId: number; userId: string; pick: string; now: number; settings: GameSettings },
): Promise<PickResult> {
	return db.transaction(async (tx) => {
		const [row] = rowsOf<GameRow>(
			await tx.execute(sql`SELECT ${GAME_COLUMNS} FROM games WHERE id = ${input.gameId} FOR SHARE`),
		);
		if (!row) return { ok: false, status: 404, error: 'not_found' } as const;
		const options = GAME_OPTIONS[row.kind];
		if (!(options as readonly string[]).includes(input.pick))
			return { ok: false, status: 400, error: 'invalid_pick', options } as const;
		if (row.status !== 'open') return { ok: false, status: 409, error: 'settled' } as const;
		const [state] = await readMatchStates(tx, [String(row.match_id)]);
		if (!state || !isPlayable(state.status) || state.isReplay !== row.replay)
			return { ok: false, status: 409, error: 'closed' } as const;
		const latest = await runGames(tx, row.match_id, row.replay);
		if (Number(latest[0]?.run) !== Number(row.run))
			return { ok: false, status: 409, error: 'closed' } as const;
		const shown = publicGame(row, state, input.now, input.settings);
		if (shown.status === 'suspended')
			return {
				ok: false,
				status: 409,
				error: 'suspended',
				reason: shown.suspension ?? 'incident',
				retryAfterMs: shown.suspendedMs,
			} as const;
		// An option the match has already ruled out ("No goal" after a goal) is no pick at all.
		if (shown.closed.includes(input.pick as Pick))
			return { ok: false, status: 409, error: 'decided' } as const;
		const stake = stakeNow(state, input.now, input.settings);
		const at = new Date(input.now).toISOString();
		// The WHERE keeps an identical repeat from lowering the stake it was made with.
		const written = rowsOf<{ points_at_stake: number; picked_at: Date | string }>(
			await tx.execute(sql`INSERT INTO game_picks (game_id, user_id, pick, points_at_stake, picked_at)
				VALUES (${row.id}, ${input.userId}, ${input.pick}, ${stake}, ${at}::timestamptz)
				ON CONFLICT (game_id, user_id) DO UPDATE SET pick = excluded.pick,
					points_at_stake = excluded.points_at_stake, picked_at = excluded.picked_at
				WHERE game_picks.pick <> excluded.pick
				RETURNING points_at_stake, picked_at`),
		);
		if (written[0]) {
			return {
				ok: true,
				created: true,
				pick: input.pick as Pick,
				pointsAtStake: Number(written[0].points_at_stake),
				pickedAt: new Date(ms(written[0].picked_at) ?? input.now).toISOString(),
			} as const;
		}
		const [kept] = rowsOf<{ points_at_stake: number; picked_at: Date | string }>(
			await tx.execute(sql`SELECT points_at_stake, picked_at FROM game_picks
				WHERE game_id = ${row.id} AND user_id = ${input.userId}`),
		);
		return {
			ok: true,
			created: false,
			pick: input.pick as Pick,
			pointsAtStake: Number(kept?.points_at_stake ?? stake),
			pickedAt: new Date(ms(kept?.picked_at ?? at) ?? input.now).toISOString(),
		} as const;
	});
}

export interface MyPick {
	gameId: number;
	pick: Pick;
	pointsAtStake: number;
	pickedAt: string;
	points: number | null;
	outcome: 'won' | 'lost' | 'void' | null;
}

/** A visitor's picks on the given games. */
export async function readPicks(
	db: Queryable,
	userId: string,
	gameIds: readonly number[],
): Promise<MyPick[]> {
	const ids = numericIds(gameIds.map(String));
	if (ids.length === 0) return [];
	const rows = rowsOf<{
		game_id: number;
		pick: Pick;
		points_at_stake: number;
		picked_at: Date | string;
		points: number | null;
		outcome: MyPick['outcome'];
	}>(
		await db.execute(sql`SELECT game_id, pick, points_at_stake, picked_at, points, outcome FROM ${scoredPicks} sp
			WHERE user_id = ${userId} AND game_id IN (${sql.join(
				ids.map((i) => sql`${i}`),
				sql`, `,
			)})`),
	);
	return rows.map((r) => ({
		gameId: Number(r.game_id),
		pick: r.pick,
		pointsAtStake: Number(r.points_at_stake),
		pickedAt: new Date(ms(r.picked_at) ?? 0).toISOString(),
		points: r.points === null ? null : Number(r.points),
		outcome: r.outcome,
	}));
}
