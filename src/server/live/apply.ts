import { z } from 'zod';
import { anchorClock, type MatchClock } from '~/lib/live/clock';
import { invalidateTags, matchChangeTags } from '../cache/tags';
import type { Database } from '../db/client';
import type { LiveBus } from './bus';
import { matchLineupsSchema, replaceLineups } from './lineups';
import { appendEvent, lockLog, type Queryable } from './log';
import { readMatchStates, updateMatch, type MatchState } from './matches';
import { type ChangeRules, checkChange } from './rules';
import { MATCH_STATUSES, scoreSchema, timelineEntrySchema, type LiveEvent } from './types';

/**
 * One change to a live match, as providers and the scoring console produce it.
 * `score`/`ht`/`et`/`pen` are absolute (the whole score, not a delta), so every event
 * carries the full state and a client can apply it twice without harm.
 */
export const liveChangeSchema = z.object({
	matchId: z.string().regex(/^\d{1,9}$/),
	kind: z.enum(['score', 'event', 'status', 'correction', 'stats', 'lineups']),
	status: z.enum(MATCH_STATUSES).optional(),
	minute: z.number().int().min(0).max(200).nullable().optional(),
	score: scoreSchema.nullable().optional(),
	ht: scoreSchema.nullable().optional(),
	et: scoreSchema.nullable().optional(),
	pen: scoreSchema.nullable().optional(),
	entry: timelineEntrySchema.optional(),
	/** For `correction`: the log id of the timeline entry it cancels (a disallowed goal). */
	cancels: z.number().int().positive().optional(),
	/** For `correction`: it confirms the entry it cancels after a review (alerts as new). */
	confirmed: z.boolean().optional(),
	stats: z.record(z.string().max(40), z.tuple([z.number(), z.number()])).optional(),
	/** For `lineups`: the sides published (stored in `lineups`; the event names the sides). */
	lineups: matchLineupsSchema.optional(),
	/** Start of a (re)play: clients clear the match's timeline. */
	reset: z.boolean().optional(),
	/**
	 * The match clock, when the writer knows it exactly (a replay knows its own clock). Left
	 * out, it is derived from the status and minute (`clockAfter`).
	 */
	clock: z
		.object({
			period: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
			startedAt: z.iso.datetime(),
			rate: z.number().positive().max(1000),
		})
		.nullable()
		.optional(),
});
export type LiveChange = z.input<typeof liveChangeSchema>;

export class MatchNotFoundError extends Error {
	constructor(id: string) {
		super(`match ${id} not found`);
	}
}

/**
 * Work another feature does inside a live change's transaction, after the change's event is
 * appended and before COMMIT (the live games settle here: src/server/games/hook.ts). It may
 * append events of its own to the log (it holds the writer lock); they are published after
 * COMMIT, right after the change's. A hook that throws rolls the whole change back.
 */
export type LiveChangeHook = (
	tx: Queryable,
	change: z.output<typeof liveChangeSchema>,
	state: MatchState,
	event: LiveEvent,
) => Promise<LiveEvent[]>;

const hooks = new Set<LiveChangeHook>();

/** Adds a hook to every later live change; returns the function that removes it. */
export function addLiveChangeHook(hook: LiveChangeHook): () => void {
	hooks.add(hook);
	return () => hooks.delete(hook);
}

/** The change was based on a version of the match that is no longer current. */
export class StaleVersionError extends Error {
	constructor(
		readonly expected: number,
		readonly current: number,
	) {
		super(`match version is ${current}, the change was based on ${expected}`);
	}
}

/**
 * What the scoring console adds to a change: the version it was based on (checked under
 * the writer lock, so two scorers cannot both apply a change to the same version), and
 * work that must commit or roll back with the change (the audit row, the lease check).
 * `within` may throw to cancel the whole change.
 */
export interface ApplyOptions {
	expectVersion?: number | undefined;
	/**
	 * Holds the change to the match's state machine (live/rules.ts), checked on the locked
	 * state: every console and API writer passes it; feeds and replays follow their provider.
	 */
	rules?: ChangeRules | undefined;
	within?: (tx: Queryable, change: { before: MatchState; event: LiveEvent }) => Promise<void>;
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
	options: ApplyOptions = {},
): Promise<LiveEvent> {
	const run = chain.then(() => applyNow(input, deps, options));
	chain = run.catch(() => undefined);
	return run;
}

async function applyNow(
	input: LiveChange,
	{ db, bus }: { db: Database; bus: LiveBus },
	options: ApplyOptions,
) {
	const change = liveChangeSchema.parse(input);
	const guarded =
		options.expectVersion !== undefined ||
		options.within !== undefined ||
		options.rules !== undefined;
	const events = await db.transaction(async (tx) => {
		await lockLog(tx);
		// Under the writer lock no other change can land between this read and the update.
		const [before] = await readMatchStates(tx, [change.matchId]);
		if (!before) throw new MatchNotFoundError(change.matchId);
		if (options.expectVersion !== undefined && before.version !== options.expectVersion)
			throw new StaleVersionError(options.expectVersion, before.version);
		if (options.rules) checkChange(before, change, options.rules);
		const state = await updateMatch(tx, change.matchId, {
			status: change.status,
			minute: change.minute,
			score: change.score,
			ht: change.ht,
			et: change.et,
			pen: change.pen,
			clock: clockAfter(before, change, Date.now()),
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
			clock: state.clock,
			// Who plays, so a page that did not list the match yet (a live list when it kicks
			// off) can show it without asking again.
			kickoffAt: state.kickoffAt,
			home: state.home,
			away: state.away,
			competition: state.competition,
		};
		if (change.entry) payload.entry = change.entry;
		if (change.cancels) payload.cancels = change.cancels;
		if (change.confirmed) payload.confirmed = true;
		if (change.stats) payload.stats = change.stats;
		if (change.reset) payload.reset = true;
		if (change.lineups) payload.lineups = await replaceLineups(tx, change.matchId, change.lineups);
		const main = await appendEvent(tx, { matchId: change.matchId, kind: change.kind, payload });
		if (options.within) await options.within(tx, { before, event: main });
		const events = [main];
		for (const hook of hooks) events.push(...(await hook(tx, change, state, main)));
		return events;
	});
	// An editor's write (guarded: the console, fixtures) drops this process's cached pages and
	// data of the match before the writer gets its answer, so a read right after it sees the
	// change. The bus then drops them in every process, coalesced (live/invalidate.ts); feed
	// ticks leave it to the bus alone, a sweep per tick would cost more than it saves.
	if (guarded) invalidateTags(matchChangeTags([change.matchId]));
	for (const e of events) await bus.publish(e);
	return events[0] as LiveEvent;
}

/**
 * The clock after a change: the writer's own when it sends one; none once the match is not
 * being played (half time, full time, postponed…); otherwise anchored on the minute the
 * change reports, keeping the clock the match has while they agree (lib/live/clock.ts).
 * Undefined leaves the column as it is.
 */
export function clockAfter(
	before: MatchState,
	change: Pick<z.output<typeof liveChangeSchema>, 'clock' | 'status' | 'minute'>,
	nowMs: number,
): MatchClock | null | undefined {
	if (change.clock !== undefined) return change.clock;
	const status = change.status ?? before.status;
	if (status !== 'live') return before.clock === null ? undefined : null;
	const minute = change.minute !== undefined ? change.minute : before.minute;
	if (minute === null) return undefined;
	const next = anchorClock(before.clock, minute, nowMs);
	return next === before.clock ? undefined : next;
}
