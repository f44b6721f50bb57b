import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { cmsAudit, type CmsAuditRow } from '../db/schema/cms';
import type { Queryable } from '../live/log';

export interface AuditEntry {
	actor: { id: string | null; email: string };
	action: string;
	target: string;
	before?: Record<string, unknown> | null;
	after?: Record<string, unknown> | null;
}

/** Writes one audit row with the caller's handle: pass the change's transaction. */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
	await tx.insert(cmsAudit).values({
		actorId: entry.actor.id,
		actorEmail: entry.actor.email,
		action: entry.action,
		target: entry.target,
		before: entry.before ?? null,
		after: entry.after ?? null,
	});
}

/** Newest first, optionally for one target or one actor, paged by id. */
export async function readAudit(
	filter: { target?: string; actorEmail?: string; beforeId?: number; limit?: number } = {},
): Promise<CmsAuditRow[]> {
	const db = await getDb();
	const conds: SQL[] = [];
	if (filter.target) conds.push(eq(cmsAudit.target, filter.target));
	if (filter.actorEmail) conds.push(eq(cmsAudit.actorEmail, filter.actorEmail));
	if (filter.beforeId) conds.push(lt(cmsAudit.id, filter.beforeId));
	return db
		.select()
		.from(cmsAudit)
		.where(conds.length ? and(...conds) : undefined)
		.orderBy(desc(cmsAudit.id))
		.limit(Math.min(filter.limit ?? 50, 200));
}
