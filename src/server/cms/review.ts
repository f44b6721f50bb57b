import { z } from 'zod';
import { getDb } from '../db/client';
import type { LiveChange } from '../live/apply';
import type { Actor } from './guard';
import type { IdempotencyClaim } from '../http/idempotency';
import { activeEntry, applyScoring, bump, GOALS, noEntry, type ScoringFailure } from './scoring';

const version = z.number().int().min(0).max(2_147_483_647).optional();

/** `POST /api/cms/matches/{id}/events/{eventId}/review`: end a review. */
export const reviewBody = z.strictObject({
	decision: z.enum(['confirm', 'cancel']),
	version,
	takeover: z.boolean().optional(),
});
export type ReviewBody = z.infer<typeof reviewBody>;

const notUnderReview = (): ScoringFailure => ({
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No entry under review with this id in this match',
});

/**
 * Ends the review of an entry, releasing the hold, as ONE correction on the live write
 * path: "confirm" cancels the review entry and carries the same entry without the review
 * mark (a goal now counts: the score goes up by one, alerts and games see a goal);
 * "cancel" only cancels it (the score never moved). Audited `match.review.confirm` /
 * `match.review.cancel`.
 */
export function resolveReview(
	actor: Actor,
	matchId: number,
	eventId: number,
	body: ReviewBody,
	claim?: IdempotencyClaim | null,
) {
	return applyScoring(
		actor,
		matchId,
		{ ...body, resolvesHold: true, claim },
		`match.review.${body.decision}`,
		async (before) => {
			const db = await getDb();
			const entry = await activeEntry(db, matchId, eventId);
			if (!entry) return noEntry();
			if (entry.review !== true) return notUnderReview();
			const change: LiveChange = { matchId: String(matchId), kind: 'correction', cancels: eventId };
			if (body.decision === 'confirm') {
				const { review: _review, ...confirmed } = entry;
				change.entry = confirmed;
				change.confirmed = true;
				if (GOALS.has(entry.type) && entry.side) change.score = bump(before.score, entry.side, 1);
			}
			return { change, detail: { before: { entry } } };
		},
	);
}
