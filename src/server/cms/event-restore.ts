import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import type { LiveChange } from '../live/apply';
import type { TimelineEntry } from '../live/types';
import type { IdempotencyClaim } from '../http/idempotency';
import type { Actor } from './guard';
import { applyScoring, bump, GOALS, noEntry, type ScoringFailure } from './scoring';

/** `POST /api/cms/matches/{id}/events/{eventId}/restore` (body optional). */
export const restoreBody = z.strictObject({
	version: z.number().int().min(0).max(2_147_483_647).optional(),
	takeover: z.boolean().optional(),
});
export type RestoreBody = z.infer<typeof restoreBody>;

const notDeleted = (): ScoringFailure => ({
	...noEntry(),
	message: 'No deleted event with this id in this match (or it was already restored)',
});

/**
 * The entry of log event `eventId` when a deletion took it off the timeline (a correction
 * that cancels it and carries no replacement), it was not a review, and no earlier restore
 * brought it back; else null. An edit (a correction with the new entry) is not a deletion:
 * restoring it would show the entry twice.
 */
async function deletedEntry(matchId: number, eventId: number): Promise<TimelineEntry | null> {
	const db = await getDb();
	const rows = rowsOf<{ entry: TimelineEntry | null; replaced: boolean; restored: boolean }>(
		await db.execute(sql`SELECT e.payload->'entry' AS entry,
			EXISTS (SELECT 1 FROM live_events c WHERE c.match_id = e.match_id AND c.kind = 'correction'
				AND c.id > e.id AND (c.payload->>'cancels')::bigint = e.id AND c.payload ? 'entry') AS replaced,
			EXISTS (SELECT 1 FROM cms_audit a WHERE a.target = ${`match:${matchId}`}
				AND a.action = 'match.event.restore' AND a.before->>'restores' = ${String(eventId)}) AS restored
			FROM live_events e WHERE e.id = ${eventId} AND e.match_id = ${String(matchId)}
			AND e.payload ? 'entry'
			AND EXISTS (SELECT 1 FROM live_events c WHERE c.match_id = e.match_id AND c.kind = 'correction'
				AND c.id > e.id AND (c.payload->>'cancels')::bigint = e.id AND NOT c.payload ? 'entry')`),
	);
	const row = rows[0];
	if (!row || row.replaced || row.restored || !row.entry || typeof row.entry !== 'object')
		return null;
	return row.entry.review === true ? null : row.entry;
}

/**
 * The console's "Undo" of a deleted entry (issue 28): the same entry recorded again as a
 * new event, through the same rules as any other (role, scoring window, lease, version, the
 * match still in play) and audited as `match.event.restore` naming the event it brings
 * back. A goal goes back on the score, as its deletion took it off. Once only.
 */
export function restoreEvent(
	actor: Actor,
	matchId: number,
	eventId: number,
	opts: RestoreBody,
	claim?: IdempotencyClaim | null,
) {
	return applyScoring(actor, matchId, { ...opts, claim }, 'match.event.restore', async (before) => {
		const entry = await deletedEntry(matchId, eventId);
		if (!entry) return notDeleted();
		// No minute: bringing back an 84th-minute goal does not move the match clock back.
		const change: LiveChange = { matchId: String(matchId), kind: 'event', entry };
		if (GOALS.has(entry.type) && entry.side) change.score = bump(before.score, entry.side, 1);
		return { change, detail: { before: { restores: eventId, entry } } };
	});
}
