import {
	CORRECTED_STATUSES,
	mayMoveTo,
	NEXT_STATUSES,
	RESULT_CORRECTABLE,
	takesEvents,
} from '~/lib/football/match-transitions';
import type { MatchStatus } from '~/lib/football/match-status';
import type { MatchState } from './matches';

/**
 * The match state machine (lib/football/match-transitions.ts) applied to one change, under
 * the live writer lock with the match as it is (so two writers cannot both pass it on the
 * same state). `console`: every editor's and scorer's write. `result`: an editor's audited
 * correction of a match that is over.
 */
export type ChangeRules = 'console' | 'result';

/** A change the state machine refuses: 409 with this code and message. */
export class MatchRuleError extends Error {
	constructor(
		readonly code: 'transition_not_allowed' | 'not_in_play' | 'match_over' | 'not_over',
		message: string,
		readonly from: string,
	) {
		super(message);
	}
}

const EVENT_KINDS = new Set(['event', 'correction', 'score']);
const OVER_HINT = 'an editor corrects its result, with a reason';

/** Throws MatchRuleError when `rules` forbid this change from `before`. */
export function checkChange(
	before: Pick<MatchState, 'status'>,
	change: { kind: string; status?: string | undefined },
	rules: ChangeRules,
): void {
	const from = before.status;
	if (rules === 'result') {
		if (!RESULT_CORRECTABLE.includes(from))
			throw new MatchRuleError(
				'not_over',
				`A match that is ${from} has no result to correct yet`,
				from,
			);
		if (
			change.status !== undefined &&
			!(CORRECTED_STATUSES as readonly string[]).includes(change.status)
		)
			throw new MatchRuleError(
				'transition_not_allowed',
				`A corrected result is finished, after extra time or on penalties, not ${change.status}`,
				from,
			);
		return;
	}
	// Nothing leaves these statuses here: the match is over (or never to be played).
	const over = (NEXT_STATUSES[from as MatchStatus] ?? []).length === 0;
	if (change.status !== undefined && !mayMoveTo(from, change.status)) {
		if (over) throw new MatchRuleError('match_over', `The match is ${from}: ${OVER_HINT}`, from);
		throw new MatchRuleError(
			'transition_not_allowed',
			`A match that is ${from} cannot become ${change.status}`,
			from,
		);
	}
	if (EVENT_KINDS.has(change.kind) && !takesEvents(from)) {
		if (over) throw new MatchRuleError('match_over', `The match is ${from}: ${OVER_HINT}`, from);
		throw new MatchRuleError(
			'not_in_play',
			`Events are recorded only while the match is live or at half time (it is ${from})`,
			from,
		);
	}
}
