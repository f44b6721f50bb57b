import type { GameKind, Pick } from '~/lib/games/rules';
import { REGULAR_MINUTES } from '~/lib/games/rules';
import { isLive } from '~/lib/football/match-status';
import type { MatchStatus, Score } from '~/lib/live/match-state';

/**
 * Pure settlement rules (no database): what each game's result is, given a match's committed
 * state. Only regular time counts: extra-time goals and shoot-outs are ignored, stoppage time
 * at the end of either half is regular time. Own goals count for the side they were
 * credited to (the timeline's `side`, openfootball's convention and the replay's).
 */

/** A goal as the live timeline records it: `minute` 90 with `addedTime` 4 is 90+4. */
export interface GoalFact {
	side: 'home' | 'away';
	minute: number | null;
	addedTime: number | null;
}

export interface MatchFacts {
	status: MatchStatus | (string & {});
	/** The 90-minute score (the `ft` columns). */
	score: Score | null;
	/** Goals in the order they were committed, cancelled ones already removed. */
	goals: readonly GoalFact[];
}

export type VoidReason =
	| 'draw'
	| 'postponed'
	| 'cancelled'
	| 'abandoned'
	| 'awarded'
	| 'no_events'
	| 'no_score';

export type Outcome =
	| { status: 'settled'; result: Pick }
	| { status: 'void'; reason: VoidReason }
	/** Not decided yet: the match is not over. */
	| null;

export const FINAL_STATUSES = ['finished', 'finished_aet', 'finished_pen'] as const;
const VOIDING: Record<string, VoidReason> = {
	postponed: 'postponed',
	cancelled: 'cancelled',
	abandoned: 'abandoned',
	// Awarded at the table: the regular time that was played (if any) is not the result.
	awarded: 'awarded',
};

export function isFinal(status: string): boolean {
	return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** Statuses in which games are open for picks. */
export function isPlayable(status: string): boolean {
	return status === 'scheduled' || isLive(status);
}

export function isRegularTime(goal: GoalFact): boolean {
	return goal.minute === null || goal.minute <= REGULAR_MINUTES;
}

/** Goals of regular time in match-clock order (45+2 before 46'); stable for equal minutes. */
export function regularGoals(goals: readonly GoalFact[]): GoalFact[] {
	return goals
		.map((g, i) => ({ g, i }))
		.filter(({ g }) => isRegularTime(g))
		.sort(
			(a, b) =>
				(a.g.minute ?? 0) - (b.g.minute ?? 0) ||
				(a.g.addedTime ?? 0) - (b.g.addedTime ?? 0) ||
				a.i - b.i,
		)
		.map(({ g }) => g);
}

export function settle(kind: GameKind, facts: MatchFacts): Outcome {
	const voiding = VOIDING[facts.status];
	if (voiding) return { status: 'void', reason: voiding };
	if (!isFinal(facts.status)) return null;
	const score = facts.score;
	if (!score) return { status: 'void', reason: 'no_score' };
	const total = score.home + score.away;
	if (kind === 'odd_even') return { status: 'settled', result: total % 2 === 0 ? 'even' : 'odd' };
	if (kind === 'two_way') {
		if (score.home === score.away) return { status: 'void', reason: 'draw' };
		return { status: 'settled', result: score.home > score.away ? 'home' : 'away' };
	}
	if (total === 0) return { status: 'settled', result: 'none' };
	const goals = regularGoals(facts.goals);
	// The timeline must account for every goal of the score; otherwise the last scorer is a
	// guess, and a guess never decides points.
	const home = goals.filter((g) => g.side === 'home').length;
	if (goals.length !== total || home !== score.home) return { status: 'void', reason: 'no_events' };
	return { status: 'settled', result: (goals.at(-1) as GoalFact).side };
}
