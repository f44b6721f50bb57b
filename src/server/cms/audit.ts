import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { hasNul, NUL_PROBLEM } from '~/lib/input';
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

const noNul = (s: string) => !hasNul(s);

/**
 * The audit page's and `GET /api/cms/audit`'s filter (query parameters; empty means any).
 * `action` matches itself and what it prefixes at a dot: `match.event` finds every goal,
 * card and correction, `match.lineup.publish` only that.
 */
export const auditFilter = z.object({
	// A NUL would reach PostgreSQL, which refuses it with an error (lib/input.ts): a 400 here.
	actor: z.string().trim().toLowerCase().max(320).refine(noNul, NUL_PROBLEM).optional(),
	action: z
		.string()
		.trim()
		.max(80)
		.regex(/^[a-z0-9_.-]*$/, 'letters, digits, dots, dashes and underscores only')
		.optional(),
	target: z.string().trim().max(200).refine(noNul, NUL_PROBLEM).optional(),
	before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;

/** Escapes LIKE's wildcards, so a filter means the characters it holds. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, optionally for one target, one actor or one kind of action, paged by id. */
export async function readAudit(
	filter: {
		target?: string | undefined;
		actorEmail?: string | undefined;
		action?: string | undefined;
		beforeId?: number | undefined;
		limit?: number;
	} = {},
): Promise<CmsAuditRow[]> {
	const db = await getDb();
	const conds: SQL[] = [];
	if (filter.target) conds.push(eq(cmsAudit.target, filter.target));
	if (filter.actorEmail) conds.push(eq(cmsAudit.actorEmail, filter.actorEmail));
	if (filter.action)
		conds.push(
			or(
				eq(cmsAudit.action, filter.action),
				like(cmsAudit.action, `${literal(filter.action)}.%`),
			) as SQL,
		);
	if (filter.beforeId) conds.push(lt(cmsAudit.id, filter.beforeId));
	return db
		.select()
		.from(cmsAudit)
		.where(conds.length ? and(...conds) : undefined)
		.orderBy(desc(cmsAudit.id))
		.limit(Math.min(filter.limit ?? 50, 200));
}

export const AUDIT_PAGE = 50;

/** The query string of the audit page or API as a filter; empty parameters mean "any". */
export function parseAuditQuery(
	params: URLSearchParams,
):
	| { ok: true; filter: AuditFilter }
	| { ok: false; issues: { path: PropertyKey[]; message: string }[] } {
	const raw: Record<string, string> = {};
	for (const k of ['actor', 'action', 'target', 'before']) {
		const v = params.get(k)?.trim();
		if (v) raw[k] = v;
	}
	const parsed = auditFilter.safeParse(raw);
	return parsed.success
		? { ok: true, filter: parsed.data }
		: { ok: false, issues: parsed.error.issues };
}

/** One page of the log for a filter, and the `before` of the next page (null: the last). */
export async function auditPage(
	filter: AuditFilter,
): Promise<{ rows: CmsAuditRow[]; next: number | null }> {
	const rows = await readAudit({
		actorEmail: filter.actor,
		action: filter.action,
		target: filter.target,
		beforeId: filter.before,
		limit: AUDIT_PAGE + 1,
	});
	const more = rows.length > AUDIT_PAGE;
	const page = rows.slice(0, AUDIT_PAGE);
	return { rows: page, next: more ? (page.at(-1)?.id ?? null) : null };
}
