import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Queryable } from '../live/log';

/**
 * The hold of a match: it is on hold while an entry recorded "under review" (a goal under
 * video review, a VAR check) is neither confirmed nor cancelled. The state lives in the
 * live log itself (the review entry and the correction that ends it), so a replay from any
 * Last-Event-ID and a page opened later agree with one that was open, and there is no
 * second place (a flag, a table) that could disagree with the log.
 *
 * Returns the log id of the open review entry, or null.
 */
export async function openReview(
	db: Queryable,
	matchId: number,
	/** A log id not to count (the change being written, inside its own transaction). */
	except = 0,
): Promise<number | null> {
	const rows = rowsOf<{ id: number | string }>(
		await db.execute(sql`SELECT e.id FROM live_events e WHERE e.match_id = ${String(matchId)}
			AND e.id <> ${except} AND e.payload->'entry'->>'review' = 'true'
			AND NOT EXISTS (SELECT 1 FROM live_events c WHERE c.match_id = e.match_id AND c.id > e.id
				AND ((c.kind = 'correction' AND (c.payload->>'cancels')::bigint = e.id)
					OR c.payload->>'reset' = 'true'))
			ORDER BY e.id DESC LIMIT 1`),
	);
	return rows[0] ? Number(rows[0].id) : null;
}

/** Thrown inside a change's transaction when the match went on hold meanwhile. */
export class OnHoldError extends Error {
	constructor(readonly eventId: number) {
		super(`match is on hold: entry ${eventId} is under review`);
	}
}
