import { z } from 'zod';
import type { Database } from '../db/client';
import { onLiveChange } from '../games/games';
import { gameSettings } from '../games/settings';
import type { LiveBus } from './bus';
import { appendEvent, lockLog } from './log';
import { updateMatch } from './matches';
import { MATCH_STATUSES, scoreSchema, timelineEntrySchema, type LiveEvent } from './types';

/**
 * One change to a live match, as providers and the scoring console produce it.
 * `score`/`ht`/`et`/`pen` are absolute (the whole score, not a delta), so every event
 * carries the full state and a client can apply it twice without harm.
 */
export const liveChangeSchema = z.object({
	matchId: z.string().regex(/^\d{1,9}$/),
	kind: z.enum(['score', 'event', 'status', 'correction', 'stats']),
	status: z.enum(MATCH_STATUSES).optional(),
	minute: z.number().int().min(0).max(200).nullable().optional(),
	score: scoreSchema.nullable().optional(),
	ht: scoreSchema.nullable().optional(),
	et: scoreSchema.nullable().optional(),
	pen: scoreSchema.nullable().optional(),
	entry: timelineEntrySchema.optional(),
	/** For `correction`: the log id of the timeline entry it cancels (a disallowed goal). */
	cancels: z.number().int().positive().optional(),
	stats: z.record(z.string().max(40), z.tuple([z.number(), z.number()])).optional(),
	/** Start of a (re)play: clients clear the match's timeline. */
	reset: z.boolean().optional(),
});
export type LiveChange = z.input<typeof liveChangeSchema>;

export class MatchNotFoundError extends Error {
	constructor(id: string) {
		super(`match ${id} not found`);
	}
}

// In-process writers queue here, so publish order equals commit order in this process too.
let chain: Promise<unknown> = Promise.resolve();

/**
 * Applies one change: ONE transaction updates the match row (status, score, version + 1)
 * and appends the event to `live_events`; only after COMMIT is the event published. A
 * failed write throws and publishes nothing, so no client ever sees an id that is then
 * rolled back.
 */
export function applyLiveChange(
	input: LiveChange,
	deps: { db: Database; bus: LiveBus },
): Promise<LiveEvent> {
	const run = chain.then(() => applyNow(input, deps));
	chain = run.catch(() => undefined);
	return run;
}

async function applyNow(input: LiveChange, { db, bus }: { db: Database; bus: LiveBus }) {
	const change = liveChangeSchema.parse(input);
	const events = await db.transaction(async (tx) => {
		await lockLog(tx);
		const state = await updateMatch(tx, change.matchId, {
			status: change.status,
			minute: change.minute,
			score: change.score,
			ht: change.ht,
			et: change.et,
			pen: change.pen,
		});
		if (!state) throw new MatchNotFoundError(change.matchId);
		const payload: Record<string, unknown> = {
			status: state.status,
			minute: state.minute,
			score: state.score,
			ht: state.ht,
			et: state.et,
			pen: state.pen,
			version: state.version,
			isReplay: state.isReplay,
		};
		if (change.entry) payload.entry = change.entry;
		if (change.cancels) payload.cancels = change.cancels;
		if (change.stats) payload.stats = change.stats;
		if (change.reset) payload.reset = true;
		const main = await appendEvent(tx, { matchId: change.matchId, kind: change.kind, payload });
		// The live games settle in the same transaction: a committed full time or correction
		// always comes with its settlement, and the `game` event follows it in the log.
		const games = await onLiveChange(
			tx,
			{ kind: change.kind, reset: change.reset, entryType: change.entry?.type ?? null },
			state,
			main,
			Date.now(),
			gameSettings(),
		);
		return [main, ...games];
	});
	for (const e of events) await bus.publish(e);
	return events[0] as LiveEvent;
}
