/**
 * THE match clock. A live match's minute is derived, never stored as "last minute seen plus
 * time since": from the instant the current period started and the rate its clock runs at
 * (1 for real football, the replay speed for a replay). Every surface, server and browser,
 * reads the minute through `clockMinute`/`clockLabel`, so at one instant they all show the
 * same minute, and it moves one minute at a time except where a period starts.
 *
 * Plain TypeScript (no zod): the islands import it. The server's schema for a clock sent in
 * a live change is in src/server/live/apply.ts.
 */

/** The four periods of play: first and second half, the two halves of extra time. */
export const PERIODS = {
	1: { base: 0, length: 45 },
	2: { base: 45, length: 45 },
	3: { base: 90, length: 15 },
	4: { base: 105, length: 15 },
} as const;
export type Period = keyof typeof PERIODS;

/** Stoppage time shown at most (a clock left running by a feed that went quiet stops here). */
export const MAX_ADDED = 30;

export interface MatchClock {
	period: Period;
	/** The instant (ISO, server time) the period's first minute began. */
	startedAt: string;
	/** Match seconds per real second: 1, or a replay's speed. */
	rate: number;
}

export interface ClockReading {
	/** The minute of the period's regular time: 1…45, 46…90, 91…105, 106…120. */
	minute: number;
	/** Minutes of stoppage time being played (45+2' is minute 45, added 2), else 0. */
	added: number;
}

/** The period a minute belongs to (a feed's minute 45 with stoppage is still the first). */
export function periodOf(minute: number): Period {
	if (minute <= 45) return 1;
	if (minute <= 90) return 2;
	if (minute <= 105) return 3;
	return 4;
}

/** Where the clock stands at `nowMs` (server time): never before the period's first minute. */
export function clockMinute(clock: MatchClock, nowMs: number): ClockReading {
	const { base, length } = PERIODS[clock.period];
	const started = Date.parse(clock.startedAt);
	const elapsed = Number.isFinite(started) ? Math.max(0, nowMs - started) : 0;
	const played = Math.floor((elapsed * clock.rate) / 60_000) + 1;
	if (played <= length) return { minute: base + played, added: 0 };
	return { minute: base + length, added: Math.min(MAX_ADDED, played - length) };
}

/** `37'`, `45+2'`. */
export function readingText(r: ClockReading): string {
	return r.added > 0 ? `${r.minute}+${r.added}'` : `${r.minute}'`;
}

/**
 * A clock for a match that a feed or an editor reports at `minute` now: the period's first
 * minute began `minute - base - 1` minutes ago. `before` (the clock the match has) is kept
 * in the same period unless the report is more than a minute ahead of it, so a feed polled
 * every few seconds does not make the minute stutter; a new period re-anchors it.
 */
export function anchorClock(
	before: MatchClock | null,
	minute: number,
	nowMs: number,
	rate = before?.rate ?? 1,
): MatchClock {
	const period = periodOf(Math.max(1, minute));
	if (before && before.period === period && before.rate === rate) {
		const r = clockMinute(before, nowMs);
		// Behind the clock (an editor typing a goal a minute late, stoppage time reported as
		// the period's last minute) or one ahead: the clock stands. Only a clock that is
		// clearly slow is moved on, so the minute never runs backwards.
		if (Math.max(1, minute) <= r.minute + r.added + 1) return before;
	}
	const into = Math.max(0, minute - PERIODS[period].base - 1);
	return { period, startedAt: new Date(nowMs - (into * 60_000) / rate).toISOString(), rate };
}

/** What a live match shows in place of a running minute. */
export interface ClockLabels {
	halfTime: string;
	finished: string;
}

/**
 * The minute as every surface shows it: `37'`, `45+2'`, the half-time label, full time, or
 * '' before kick-off. `minute` is the last minute committed, for a match without a clock
 * (older rows, providers that never said): shown as it is, never counted on.
 */
export function clockLabel(
	m: { status: string; minute: number | null; clock?: MatchClock | null },
	labels: ClockLabels,
	nowMs: number,
): string {
	if (m.status === 'half_time') return labels.halfTime;
	if (m.status.startsWith('finished')) return labels.finished;
	if (m.status !== 'live') return '';
	if (m.clock) return readingText(clockMinute(m.clock, nowMs));
	return m.minute === null ? '' : `${Math.max(1, m.minute)}'`;
}

/**
 * Whole minutes played (the stakes of live games): 0 in the first minute, 45 at half time and
 * all through first-half stoppage. Null before kick-off.
 */
export function clockNumber(
	m: { status: string; minute: number | null; clock?: MatchClock | null },
	nowMs: number,
): number | null {
	if (m.status === 'scheduled') return null;
	if (m.status === 'half_time') return 45;
	if (m.status !== 'live' || !m.clock) return m.minute;
	const r = clockMinute(m.clock, nowMs);
	return r.added > 0 ? r.minute : r.minute - 1;
}

/** A clock as a live message carries it, checked without a schema library (browser side). */
export function isClock(v: unknown): v is MatchClock {
	if (typeof v !== 'object' || v === null) return false;
	const c = v as Record<string, unknown>;
	return (
		(c.period === 1 || c.period === 2 || c.period === 3 || c.period === 4) &&
		typeof c.startedAt === 'string' &&
		Number.isFinite(Date.parse(c.startedAt)) &&
		typeof c.rate === 'number' &&
		c.rate > 0 &&
		c.rate <= 1000
	);
}
