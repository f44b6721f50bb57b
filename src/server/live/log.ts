import { and, asc, desc, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { liveEvents } from '../db/schema/live';
import type { LiveEvent } from './types';

/** Any Drizzle handle that can run queries: the database or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'execute'>;

/** Lock id serialising log writers across processes (id order = commit order). */
export const LOG_WRITE_LOCK = 730_001;

type Row = typeof liveEvents.$inferSelect;

export function toLiveEvent(row: Row): LiveEvent {
	const created = row.createdAt as unknown;
	return {
		id: Number(row.id),
		matchId: row.matchId,
		kind: row.kind,
		payload: row.payload ?? {},
		createdAt: created instanceof Date ? created.toISOString() : String(created),
	};
}

/**
 * Appends one event inside the caller's transaction. The caller must hold LOG_WRITE_LOCK
 * (see lockLog) so that ids become visible in the order they were assigned.
 */
export async function appendEvent(
	tx: Queryable,
	event: { matchId: string; kind: string; payload: Record<string, unknown> },
): Promise<LiveEvent> {
	const [row] = await tx.insert(liveEvents).values(event).returning();
	if (!row) throw new Error('live_events insert returned no row');
	return toLiveEvent(row);
}

/** Takes the transaction-scoped writer lock; released by COMMIT or ROLLBACK. */
export async function lockLog(tx: Queryable): Promise<void> {
	await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOG_WRITE_LOCK})`);
}

/**
 * Events after `afterId` (exclusive) up to `upToId` (inclusive, optional), in id order,
 * optionally for some matches only. `limit` bounds the answer; callers treat a full page
 * as "too much to replay".
 */
export async function readSince(
	db: Queryable,
	afterId: number,
	opts: { matchIds?: readonly string[] | null; upToId?: number; limit: number },
): Promise<LiveEvent[]> {
	const conds = [gt(liveEvents.id, afterId)];
	if (opts.upToId !== undefined) conds.push(lte(liveEvents.id, opts.upToId));
	if (opts.matchIds) {
		if (opts.matchIds.length === 0) return [];
		conds.push(inArray(liveEvents.matchId, [...opts.matchIds]));
	}
	const rows = await db
		.select()
		.from(liveEvents)
		.where(and(...conds))
		.orderBy(asc(liveEvents.id))
		.limit(opts.limit);
	return rows.map(toLiveEvent);
}

/** Highest committed id (0 for an empty log). */
export async function latestId(db: Queryable): Promise<number> {
	const [row] = await db
		.select({ id: liveEvents.id })
		.from(liveEvents)
		.orderBy(desc(liveEvents.id))
		.limit(1);
	return row ? Number(row.id) : 0;
}

/** Lowest id still in the log (retention may have pruned older ones); 0 when empty. */
export async function oldestId(db: Queryable): Promise<number> {
	const [row] = await db
		.select({ id: liveEvents.id })
		.from(liveEvents)
		.orderBy(asc(liveEvents.id))
		.limit(1);
	return row ? Number(row.id) : 0;
}

/** Full timeline of some matches (for snapshots), oldest first, bounded. */
export async function readMatchLog(
	db: Queryable,
	matchIds: readonly string[],
	limit = 2000,
): Promise<LiveEvent[]> {
	return readSince(db, 0, { matchIds, limit });
}
