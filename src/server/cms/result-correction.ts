import { z } from 'zod';
import { CORRECTED_STATUSES } from '~/lib/football/match-transitions';
import { text } from '~/lib/input-schema';
import { getDb } from '../db/client';
import { applyLiveChange, MatchNotFoundError, StaleVersionError } from '../live/apply';
import { readMatchStates } from '../live/matches';
import { MatchRuleError } from '../live/rules';
import { getLiveHub } from '../live/runtime';
import { writeAudit } from './audit';
import type { Actor } from './guard';
import { type IdempotencyClaim, storeAnswer } from '../http/idempotency';
import { ruleRefusal, type ScoringResult, storedSuccess, successOf } from './scoring';

const goals = z.number().int().min(0).max(99);

/**
 * `POST /api/cms/matches/{id}/result`: the one way a match that is over changes (issue 28).
 * An editor or admin sets the final score (and, if it was wrong, how it ended) and says why;
 * the reason is kept in the audit row.
 */
export const resultBody = z.strictObject({
	score: z.strictObject({ home: goals, away: goals }),
	status: z.enum(CORRECTED_STATUSES).optional(),
	reason: text(500)
		.transform((s) => s.trim())
		.refine((s) => s.length >= 3, 'give the reason for the correction'),
	version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type ResultBody = z.infer<typeof resultBody>;

/**
 * Corrects the result of a finished (or awarded, or unknown) match through the live write
 * path, held to the `result` rules: one `score` change whose transaction writes the
 * `match.result.correct` audit row with the reason, re-settles the live games (their hook)
 * and, under an Idempotency-Key, stores the answer.
 */
export async function correctResult(
	actor: Actor,
	matchId: number,
	body: ResultBody,
	claim?: IdempotencyClaim | null,
): Promise<ScoringResult> {
	const db = await getDb();
	const [state] = await readMatchStates(db, [String(matchId)]);
	if (!state) return { ok: false, status: 404, error: 'not_found', message: 'No such match' };
	const expected = body.version ?? state.version;
	try {
		const event = await applyLiveChange(
			{
				matchId: String(matchId),
				kind: 'score',
				score: body.score,
				...(body.status ? { status: body.status } : {}),
			},
			{ db, bus: getLiveHub().bus },
			{
				expectVersion: expected,
				rules: 'result',
				within: async (tx, { before, event }) => {
					await writeAudit(tx, {
						actor,
						action: 'match.result.correct',
						target: `match:${matchId}`,
						before: { status: before.status, score: before.score, version: before.version },
						after: {
							status: body.status ?? before.status,
							score: body.score,
							version: before.version + 1,
							reason: body.reason,
						},
					});
					if (claim) await storeAnswer(tx, claim, storedSuccess(successOf(matchId, event)));
				},
			},
		);
		return successOf(matchId, event);
	} catch (error) {
		if (error instanceof MatchRuleError) return ruleRefusal(error);
		if (error instanceof StaleVersionError)
			return {
				ok: false,
				status: 409,
				error: 'stale_version',
				message: `The match changed (now version ${error.current}); refresh and try again`,
				version: error.current,
			};
		if (error instanceof MatchNotFoundError)
			return { ok: false, status: 404, error: 'not_found', message: 'No such match' };
		throw error;
	}
}
