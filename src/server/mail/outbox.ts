import { sql } from 'drizzle-orm';
import { now } from '../clock';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { mailOutbox } from '../db/schema/mail';

// The queue's rows alone: no templates, no transport, so a caller (and the staff command
// line, which runs without Vite) can queue mail inside its own transaction. The worker that
// composes and sends them is ./worker.ts.

/** What a row asks for; ./kinds.ts composes each into a message at every attempt. */
export const MAIL_KINDS = [
	'register',
	'reset-request',
	'set-password',
	'confirm-email',
	'payment-confirmation',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface ClaimedMail {
	id: number;
	kind: string;
	payload: unknown;
	/** Counting this one. */
	attempts: number;
	createdAt: Date;
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Queues one mail with the caller's database or transaction: in a transaction the row
 * commits (or not) with what caused it. The payload names inputs only (ids, address,
 * language), never a token. Call `announceMailQueued` after the commit.
 */
export async function enqueueMail(
	db: Database,
	kind: MailKind,
	payload: Record<string, string | null>,
): Promise<number> {
	const t = new Date(now());
	const [row] = await db
		.insert(mailOutbox)
		.values({ kind, payload, createdAt: t, nextAttemptAt: t })
		.returning({ id: mailOutbox.id });
	if (!row) throw new Error('mail_outbox insert returned no row');
	return row.id;
}

const listeners = new Set<() => void>();

/** The worker of this process listens, so a committed mail goes out without waiting a tick. */
export function onMailQueued(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export function announceMailQueued(): void {
	for (const listener of listeners) listener();
}

/**
 * Claims up to `limit` due rows (or only `ids`) in one statement: each claimed row's
 * attempt is counted and its next attempt pushed `leaseMs` out, so another worker (another
 * process on PostgreSQL) skips it (SKIP LOCKED while the statement runs, the lease after)
 * until this one has finished with it or died.
 */
export async function claimDueMail(
	db: Database,
	opts: { limit: number; leaseMs: number; ids?: number[] | undefined },
): Promise<ClaimedMail[]> {
	const t = now();
	const only =
		opts.ids && opts.ids.length > 0
			? sql`AND id IN (${sql.join(
					opts.ids.map((id) => sql`${id}`),
					sql`, `,
				)})`
			: sql``;
	const rows = rowsOf<{
		id: number;
		kind: string;
		payload: unknown;
		attempts: number;
		created_at: Date | string;
	}>(
		await db.execute(sql`UPDATE mail_outbox o
			SET attempts = o.attempts + 1, next_attempt_at = ${at(t + opts.leaseMs)}
			FROM (SELECT id FROM mail_outbox
				WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at(t)} ${only}
				ORDER BY next_attempt_at, id LIMIT ${opts.limit} FOR UPDATE SKIP LOCKED) due
			WHERE o.id = due.id
			RETURNING o.id, o.kind, o.payload, o.attempts, o.created_at`),
	);
	return rows
		.map((r) => ({
			id: Number(r.id),
			kind: r.kind,
			payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
			attempts: Number(r.attempts),
			createdAt: new Date(r.created_at),
		}))
		.sort((a, b) => a.id - b.id);
}

/** Delivered (or nothing to deliver: `note` says why). */
export async function markMailSent(db: Database, id: number, note: string | null): Promise<void> {
	await db.execute(
		sql`UPDATE mail_outbox SET sent_at = ${at(now())}, last_error = ${note} WHERE id = ${id}`,
	);
}

/** A failed attempt: retried at `nextAt`, or given up when `nextAt` is null. */
export async function markMailFailed(
	db: Database,
	id: number,
	error: string,
	nextAt: number | null,
): Promise<void> {
	const message = error.slice(0, 500);
	await db.execute(
		nextAt === null
			? sql`UPDATE mail_outbox SET failed_at = ${at(now())}, last_error = ${message} WHERE id = ${id}`
			: sql`UPDATE mail_outbox SET next_attempt_at = ${at(nextAt)}, last_error = ${message} WHERE id = ${id}`,
	);
}

/** Sent and given-up rows are history after `days` (they hold addresses): removed. */
export async function purgeMailOutbox(db: Database, days: number): Promise<void> {
	await db.execute(sql`DELETE FROM mail_outbox WHERE coalesce(sent_at, failed_at)
		< ${at(now() - days * 86_400_000)}`);
}
