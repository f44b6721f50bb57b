import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '~/lib/input-schema';
import { now } from '../clock';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import {
	applyLiveChange,
	type LiveChange,
	MatchNotFoundError,
	StaleVersionError,
} from '../live/apply';
import type { Queryable } from '../live/log';
import { readMatchStates, type MatchState } from '../live/matches';
import { MatchRuleError } from '../live/rules';
import { getLiveHub } from '../live/runtime';
import { buildSnapshot, type SnapshotMatch } from '../live/snapshot';
import { TIMELINE_TYPES, timelineEntry, type TimelineEntry } from '../live/types';
import { writeAudit } from './audit';
import { OnHoldError, openReview } from './hold';
import type { Actor } from './guard';
import { type IdempotencyClaim, storeAnswer } from '../http/idempotency';
import { scoringWindowRefusal } from './scoring-window';
import { REVIEWABLE_TYPES } from '~/lib/cms/hold';
import { can } from '~/lib/cms/roles';

/** A lease not renewed (by a change or the console's heartbeat) for this long is free. */
export const LEASE_MS = 2 * 60_000;

const version = z.number().int().min(0).max(2_147_483_647).optional();
const minute = z.number().int().min(0).max(200);

/** `POST /api/cms/matches/{id}/status`. */
export const statusBody = z.strictObject({
	status: z.enum([
		'scheduled',
		'live',
		'half_time',
		'finished',
		'finished_aet',
		'finished_pen',
		'postponed',
		'abandoned',
		'cancelled',
	]),
	minute: minute.optional(),
	version,
	takeover: z.boolean().optional(),
});
export type StatusBody = z.infer<typeof statusBody>;

/**
 * `POST /api/cms/matches/{id}/events`. For goals `side` is the team the goal counts for
 * (an own goal's `player` is from the other team); a shoot-out kick is `penalties` with
 * `scored`.
 */
export const eventBody = z
	.strictObject({
		type: z.enum(TIMELINE_TYPES),
		side: z.enum(['home', 'away']).optional(),
		minute,
		addedTime: z.number().int().min(0).max(60).optional(),
		player: text(120).optional(),
		detail: text(120).optional(),
		scored: z.boolean().optional(),
		/** Record it "under review": shown as such, no score change; the match goes on hold. */
		review: z.boolean().optional(),
		version,
		takeover: z.boolean().optional(),
	})
	.refine((b) => !SIDED.has(b.type) || b.side !== undefined, {
		path: ['side'],
		message: 'is required for this event type',
	})
	.refine((b) => b.review !== true || REVIEWABLE.has(b.type), {
		path: ['review'],
		message: 'only a goal, a red card or a VAR check can be under review',
	});
export type EventBody = z.infer<typeof eventBody>;

/** `PATCH /api/cms/matches/{id}/events/{eventId}`: the fields to correct. */
export const correctionBody = z
	.strictObject({
		minute: minute.optional(),
		addedTime: z.number().int().min(0).max(60).nullable().optional(),
		player: text(120).nullable().optional(),
		detail: text(120).nullable().optional(),
		side: z.enum(['home', 'away']).optional(),
		version,
		takeover: z.boolean().optional(),
	})
	.refine(
		(b) =>
			b.minute !== undefined ||
			b.addedTime !== undefined ||
			b.player !== undefined ||
			b.detail !== undefined ||
			b.side !== undefined,
		{ path: ['minute'], message: 'give at least one field to correct' },
	);
export type CorrectionBody = z.infer<typeof correctionBody>;

/** `DELETE /api/cms/matches/{id}/events/{eventId}` (body optional). */
export const deletionBody = z.strictObject({ version, takeover: z.boolean().optional() });

/** `POST /api/cms/matches/{id}/lease`. */
export const leaseBody = z.strictObject({ takeover: z.boolean().optional() });

export const GOALS = new Set(['goal', 'penalty_goal', 'own_goal']);
/** What may be recorded under review (the rest is never reviewed by video). */
export const REVIEWABLE = new Set<string>(REVIEWABLE_TYPES);
const SIDED = new Set([
	'goal',
	'penalty_goal',
	'own_goal',
	'missed_penalty',
	'yellow',
	'second_yellow',
	'red',
	'substitution',
	'penalties',
]);

export type ScoringFailure =
	| { ok: false; status: 403; error: 'forbidden'; message: string }
	| { ok: false; status: 404; error: 'not_found'; message: string }
	| { ok: false; status: 409; error: 'stale_version'; message: string; version: number }
	| { ok: false; status: 409; error: 'lease_held'; message: string; holder: string }
	| { ok: false; status: 409; error: 'on_hold'; message: string; eventId: number }
	| {
			ok: false;
			status: 409;
			/** The match state machine or the scoring window refused it (live/rules.ts). */
			error:
				| 'transition_not_allowed'
				| 'not_in_play'
				| 'match_over'
				| 'not_over'
				| 'outside_scoring_window';
			message: string;
			matchStatus: string;
	  };

export interface ScoringSuccess {
	ok: true;
	matchId: string;
	version: number;
	eventId: number;
	status: string;
	minute: number | null;
	score: { home: number; away: number } | null;
}
export type ScoringResult = ScoringSuccess | ScoringFailure;

class LeaseHeldError extends Error {
	constructor(readonly holder: string) {
		super(`match held by ${holder}`);
	}
}

async function assignedMatches(db: Queryable, userId: string): Promise<number[]> {
	const rows = rowsOf<{ match_id: number }>(
		await db.execute(sql`SELECT match_id FROM cms_scorer_assignments WHERE user_id = ${userId}`),
	);
	return rows.map((r) => Number(r.match_id));
}

/** The role rule for scoring this match (assignments included). */
export async function mayScore(actor: Actor, matchId: number): Promise<boolean> {
	const assigned = await assignedMatches(await getDb(), actor.id);
	return can(actor.scope, 'match.score', { matchId, assigned });
}

export interface LeaseView {
	holderId: string;
	holder: string;
	expiresAt: string;
}

async function readLease(db: Queryable, matchId: number, lock: boolean): Promise<LeaseView | null> {
	const rows = rowsOf<{ user_id: string; email: string; expires_at: Date | string }>(
		await db.execute(sql`SELECT l.user_id, u.email, l.expires_at FROM cms_match_leases l
			JOIN users u ON u.id = l.user_id WHERE l.match_id = ${matchId}
			${lock ? sql`FOR UPDATE OF l` : sql``}`),
	);
	const row = rows[0];
	if (!row) return null;
	return {
		holderId: row.user_id,
		holder: row.email,
		expiresAt: new Date(row.expires_at).toISOString(),
	};
}

/**
 * Takes or renews the match's lease for the actor inside `tx`. Held by someone else and
 * not expired: refused unless `takeover`, and a takeover is audited with the previous holder.
 */
async function holdLease(
	tx: Queryable,
	actor: Actor,
	matchId: number,
	takeover: boolean,
): Promise<{ previous: LeaseView | null; expiresAt: Date }> {
	const at = now();
	const current = await readLease(tx, matchId, true);
	const othersLive =
		current !== null && current.holderId !== actor.id && Date.parse(current.expiresAt) > at;
	if (othersLive && !takeover) throw new LeaseHeldError(current.holder);
	const expiresAt = new Date(at + LEASE_MS);
	await tx.execute(sql`INSERT INTO cms_match_leases (match_id, user_id, acquired_at, expires_at)
		VALUES (${matchId}, ${actor.id}, ${new Date(at).toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
		ON CONFLICT (match_id) DO UPDATE SET user_id = EXCLUDED.user_id,
			acquired_at = CASE WHEN cms_match_leases.user_id = EXCLUDED.user_id
				THEN cms_match_leases.acquired_at ELSE EXCLUDED.acquired_at END,
			expires_at = EXCLUDED.expires_at`);
	if (othersLive && current) {
		await writeAudit(tx, {
			actor,
			action: 'match.lease.takeover',
			target: `match:${matchId}`,
			before: { holder: current.holder, expiresAt: current.expiresAt },
			after: { holder: actor.email, expiresAt: expiresAt.toISOString() },
		});
	}
	return { previous: current, expiresAt };
}

/** `POST /api/cms/matches/{id}/lease`: take (or, with `takeover`, take over) the match. */
export async function takeLease(
	actor: Actor,
	matchId: number,
	takeover: boolean,
): Promise<{ ok: true; lease: LeaseView } | ScoringFailure> {
	if (!(await mayScore(actor, matchId))) return forbiddenMatch();
	const db = await getDb();
	const [state] = await readMatchStates(db, [String(matchId)]);
	if (!state) return notFound();
	try {
		const { expiresAt } = await db.transaction((tx) => holdLease(tx, actor, matchId, takeover));
		return {
			ok: true,
			lease: { holderId: actor.id, holder: actor.email, expiresAt: expiresAt.toISOString() },
		};
	} catch (error) {
		if (error instanceof LeaseHeldError) return leaseHeld(error.holder);
		throw error;
	}
}

const forbiddenMatch = (): ScoringFailure => ({
	ok: false,
	status: 403,
	error: 'forbidden',
	message: 'You may not score this match',
});
const notFound = (): ScoringFailure => ({
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No such match',
});
const leaseHeld = (holder: string): ScoringFailure => ({
	ok: false,
	status: 409,
	error: 'lease_held',
	message: `${holder} is scoring this match; take it over to continue`,
	holder,
});
const stale = (current: number): ScoringFailure => ({
	ok: false,
	status: 409,
	error: 'stale_version',
	message: `The match changed (now version ${current}); refresh and try again`,
	version: current,
});

const onHold = (eventId: number): ScoringFailure => ({
	ok: false,
	status: 409,
	error: 'on_hold',
	message: 'The match is on hold: an entry is under review; confirm or cancel it first',
	eventId,
});

/** The 409 of a change the match's state machine refuses. */
export const ruleRefusal = (error: MatchRuleError): ScoringFailure => ({
	ok: false,
	status: 409,
	error: error.code,
	message: error.message,
	matchStatus: error.from,
});

/** A success as the route answers it (`{ data }`), also what a repeated key gets again. */
export function successOf(
	matchId: number,
	event: { id: number; payload: unknown },
): ScoringSuccess {
	const p = event.payload as Record<string, unknown>;
	return {
		ok: true,
		matchId: String(matchId),
		version: Number(p['version']),
		eventId: event.id,
		status: String(p['status']),
		minute: (p['minute'] as number | null) ?? null,
		score: (p['score'] as ScoringSuccess['score']) ?? null,
	};
}

/** The stored answer of a success: what `scoringResponse` sends for it. */
export function storedSuccess(success: ScoringSuccess) {
	const { ok: _ok, ...data } = success;
	return { status: 201, body: { data } };
}

const summary = (s: Pick<MatchState, 'status' | 'minute' | 'score' | 'version'>) => ({
	status: s.status,
	minute: s.minute,
	score: s.score,
	version: s.version,
});

/**
 * The common path of every scoring action: role rule, version check, then ONE live
 * change through applyLiveChange, whose transaction also holds the lease check and the
 * audit row, so a refused lease or a failed audit write publishes nothing.
 */
export async function applyScoring(
	actor: Actor,
	matchId: number,
	opts: {
		version?: number | undefined;
		takeover?: boolean | undefined;
		/** Only the review's confirm/cancel passes a hold. */
		resolvesHold?: boolean;
		/** The request's Idempotency-Key: the answer is stored with the change. */
		claim?: IdempotencyClaim | null | undefined;
	},
	action: string,
	build: (
		before: MatchState,
	) => Promise<{ change: LiveChange; detail?: Record<string, unknown> } | ScoringFailure>,
): Promise<ScoringResult> {
	if (!(await mayScore(actor, matchId))) return forbiddenMatch();
	const db = await getDb();
	const [before] = await readMatchStates(db, [String(matchId)]);
	if (!before) return notFound();
	const outside = await scoringWindowRefusal(db, actor, before);
	if (outside) return outside;
	if (opts.version !== undefined && opts.version !== before.version) return stale(before.version);
	const held = opts.resolvesHold ? null : await openReview(db, matchId);
	if (held !== null) return onHold(held);
	const built = await build(before);
	if ('ok' in built) return built;
	try {
		const event = await applyLiveChange(
			built.change,
			{ db, bus: getLiveHub().bus },
			{
				// The change was computed from `before`: it must still be the current state.
				expectVersion: before.version,
				rules: 'console',
				within: async (tx, { before: locked, event }) => {
					await holdLease(tx, actor, matchId, opts.takeover === true);
					// Again under the writer lock: a review recorded meanwhile holds this change.
					if (!opts.resolvesHold) {
						const review = await openReview(tx, matchId, event.id);
						if (review !== null) throw new OnHoldError(review);
					}
					const payload = event.payload as Record<string, unknown>;
					await writeAudit(tx, {
						actor,
						action,
						target: `match:${matchId}`,
						before: { ...summary(locked), ...(built.detail?.['before'] as object) },
						after: {
							status: payload['status'],
							minute: payload['minute'],
							score: payload['score'],
							version: payload['version'],
							eventId: event.id,
							...(payload['entry'] ? { entry: payload['entry'] } : {}),
							...(payload['cancels'] ? { cancels: payload['cancels'] } : {}),
						},
					});
					if (opts.claim)
						await storeAnswer(tx, opts.claim, storedSuccess(successOf(matchId, event)));
				},
			},
		);
		return successOf(matchId, event);
	} catch (error) {
		if (error instanceof MatchRuleError) return ruleRefusal(error);
		if (error instanceof StaleVersionError) return stale(error.current);
		if (error instanceof LeaseHeldError) return leaseHeld(error.holder);
		if (error instanceof OnHoldError) return onHold(error.eventId);
		if (error instanceof MatchNotFoundError) return notFound();
		throw error;
	}
}

export const bump = (
	score: MatchState['score'],
	side: 'home' | 'away',
	by: 1 | -1,
): { home: number; away: number } => {
	const s = { home: score?.home ?? 0, away: score?.away ?? 0 };
	s[side] = Math.max(0, s[side] + by);
	return s;
};

const STATUS_ENTRY: Partial<Record<StatusBody['status'], TimelineEntry['type']>> = {
	half_time: 'halftime',
	finished: 'fulltime',
	finished_aet: 'fulltime',
	finished_pen: 'fulltime',
};

/** Kick-off, half time, second half, full time, postponed/abandoned… */
export function recordStatus(
	actor: Actor,
	matchId: number,
	body: StatusBody,
	claim?: IdempotencyClaim | null,
) {
	return applyScoring(
		actor,
		matchId,
		{ ...body, claim },
		`match.status.${body.status}`,
		async (before) => {
			let type = STATUS_ENTRY[body.status];
			if (body.status === 'live')
				type =
					before.status === 'half_time'
						? 'second_half'
						: before.status === 'live'
							? undefined
							: 'kickoff';
			// Each period's clock starts at its first minute: the second half at 46', however long
			// the first half ran (lib/live/clock.ts derives the minute from there).
			const minuteNow =
				body.minute ?? (type === 'second_half' ? 46 : type === 'kickoff' ? 0 : before.minute);
			const change: LiveChange = {
				matchId: String(matchId),
				kind: 'status',
				status: body.status,
				minute: minuteNow ?? null,
			};
			// A match that starts has a score; one that stops at half time keeps it as `ht`.
			if (body.status === 'live' && before.score === null) change.score = { home: 0, away: 0 };
			if (body.status === 'half_time') change.ht = before.score ?? { home: 0, away: 0 };
			if (type) change.entry = timelineEntry({ type, minute: minuteNow ?? null });
			return { change };
		},
	);
}

/** A goal, card, substitution, shoot-out kick… */
export function recordEvent(
	actor: Actor,
	matchId: number,
	body: EventBody,
	claim?: IdempotencyClaim | null,
) {
	const action = body.review ? 'match.review.open' : `match.event.${body.type}`;
	return applyScoring(actor, matchId, { ...body, claim }, action, async (before) => {
		const entry = timelineEntry({
			type: body.type,
			minute: body.minute,
			addedTime: body.addedTime ?? null,
			side: body.side ?? null,
			player: body.player ?? null,
			detail:
				body.type === 'penalties' ? (body.scored ? 'scored' : 'missed') : (body.detail ?? null),
		});
		// Under review: on the timeline as such, the score untouched until it is confirmed.
		if (body.review)
			return {
				change: {
					matchId: String(matchId),
					kind: 'event',
					minute: body.minute,
					entry: { ...entry, review: true },
				},
			};
		const change: LiveChange = {
			matchId: String(matchId),
			kind: 'event',
			minute: body.minute,
			entry,
		};
		if (GOALS.has(body.type) && body.side) change.score = bump(before.score, body.side, 1);
		if (body.type === 'penalties' && body.scored && body.side)
			change.pen = bump(before.pen, body.side, 1);
		return { change };
	});
}

/** The current (not cancelled) timeline entry with this log id, or null. */
export async function activeEntry(
	db: Queryable,
	matchId: number,
	eventId: number,
): Promise<TimelineEntry | null> {
	const rows = rowsOf<{ payload: Record<string, unknown> }>(
		await db.execute(sql`SELECT payload FROM live_events e WHERE e.id = ${eventId}
			AND e.match_id = ${String(matchId)} AND e.payload ? 'entry'
			AND NOT EXISTS (SELECT 1 FROM live_events c WHERE c.match_id = e.match_id
				AND c.kind = 'correction' AND c.id > e.id AND (c.payload->>'cancels')::bigint = e.id)`),
	);
	const entry = rows[0]?.payload['entry'];
	return entry && typeof entry === 'object' ? (entry as TimelineEntry) : null;
}

export const noEntry = (): ScoringFailure => ({
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No such event in this match (or it was already corrected)',
});

/**
 * Edits an entry: a `correction` that cancels the old entry and carries the corrected one,
 * so every open page and the log show the same history (never a silent edit).
 */
export function correctEvent(
	actor: Actor,
	matchId: number,
	eventId: number,
	body: CorrectionBody,
	claim?: IdempotencyClaim | null,
) {
	return applyScoring(actor, matchId, { ...body, claim }, 'match.event.correct', async (before) => {
		const old = await activeEntry(await getDb(), matchId, eventId);
		if (!old) return noEntry();
		const entry: TimelineEntry = {
			...old,
			...(body.minute !== undefined ? { minute: body.minute } : {}),
			...(body.addedTime !== undefined ? { addedTime: body.addedTime } : {}),
			...(body.player !== undefined ? { player: body.player } : {}),
			...(body.detail !== undefined ? { detail: body.detail } : {}),
			...(body.side !== undefined ? { side: body.side } : {}),
		};
		const change: LiveChange = {
			matchId: String(matchId),
			kind: 'correction',
			cancels: eventId,
			entry,
		};
		if (GOALS.has(old.type) && old.side && entry.side && old.side !== entry.side)
			change.score = bump(bump(before.score, old.side, -1), entry.side, 1);
		return { change, detail: { before: { entry: old } } };
	});
}

/** Deletes an entry (a goal ruled out): a `correction` cancelling it, the score taken back. */
export function deleteEvent(
	actor: Actor,
	matchId: number,
	eventId: number,
	opts: { version?: number | undefined; takeover?: boolean | undefined },
	claim?: IdempotencyClaim | null,
) {
	return applyScoring(actor, matchId, { ...opts, claim }, 'match.event.delete', async (before) => {
		const old = await activeEntry(await getDb(), matchId, eventId);
		if (!old) return noEntry();
		const change: LiveChange = { matchId: String(matchId), kind: 'correction', cancels: eventId };
		if (GOALS.has(old.type) && old.side) change.score = bump(before.score, old.side, -1);
		return { change, detail: { before: { entry: old } } };
	});
}

export interface ConsoleMatch {
	match: SnapshotMatch;
	lease: LeaseView | null;
}

/** What the console shows for a match: live state, timeline with log ids, lease. */
export async function consoleMatch(matchId: number): Promise<ConsoleMatch | null> {
	const db = await getDb();
	const { matches } = await buildSnapshot(db, [String(matchId)]);
	const match = matches[0];
	if (!match) return null;
	const lease = await readLease(db, matchId, false);
	return { match, lease: lease && Date.parse(lease.expiresAt) > now() ? lease : null };
}
