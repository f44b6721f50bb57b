import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { ALERT_TTL_S } from './queue';
import type { VapidKeys } from './vapid';

const BATCH = 100;
/** Pushes in flight at once: the time goes in waiting for the push service, not in work. */
const CONCURRENCY = 16;
const MAX_ATTEMPTS = 5;

/** What sends one push: web-push in production, the same with another agent in tests. */
export type PushSend = (
	subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
	body: string,
	options: webpush.RequestOptions,
) => Promise<{ statusCode: number }>;

export const webPushSend: PushSend = (subscription, body, options) =>
	webpush.sendNotification(subscription, body, options);

/** Backoff after the n-th failed attempt: 5 s, 10 s, 20 s, 40 s. */
export const backoffSeconds = (attempt: number): number => 5 * 2 ** Math.max(0, attempt - 1);

/**
 * Sends what is due. Rows are claimed first (attempt counted, next try pushed out by the
 * backoff) in their own short transaction with SKIP LOCKED, so several processes share
 * the queue without sending a row twice; a process that dies after claiming leaves the row
 * to be retried after the backoff, with the same topic, so the push service replaces
 * rather than adds. 404/410 from the push service: the subscription is gone, deleted.
 * Returns how many were delivered.
 */
export async function sendDue(db: Database, vapid: VapidKeys, send: PushSend = webPushSend) {
	const claimed = rowsOf<{
		event_id: number;
		match_id: number;
		payload: unknown;
		attempts: number;
		expires_at: Date | string;
		subscription_id: number;
		endpoint: string;
		p256dh: string;
		auth: string;
	}>(
		await db.execute(sql`
			WITH due AS (
				SELECT o.subscription_id, o.event_id FROM push_outbox o
				WHERE o.sent_at IS NULL AND o.next_attempt_at <= now()
					AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.id = o.subscription_id)
				ORDER BY o.next_attempt_at LIMIT ${BATCH} FOR UPDATE OF o SKIP LOCKED
			), claimed AS (
				UPDATE push_outbox o SET attempts = o.attempts + 1,
					next_attempt_at = now() + make_interval(secs => 5 * power(2, o.attempts))
				FROM due WHERE o.subscription_id = due.subscription_id AND o.event_id = due.event_id
				RETURNING o.subscription_id, o.event_id, o.match_id, o.attempts, o.expires_at
			)
			SELECT c.*, s.endpoint, s.p256dh, s.auth, a.payload FROM claimed c
			JOIN push_subscriptions s ON s.id = c.subscription_id
			JOIN push_alerts a ON a.event_id = c.event_id AND a.locale = s.locale
				AND a.safe = s.spoiler_safe
			ORDER BY c.event_id, c.subscription_id`),
	);
	type Row = (typeof claimed)[number];
	// Delivered rows are marked sent together, in one UPDATE per batch: one write per push
	// made the sender wait on the database between pushes. A crash before that UPDATE leaves
	// the batch to the retry after its backoff, with the same topic, so the push service
	// replaces the alert rather than adding one (as a crash between a push and its mark did).
	const delivered: Row[] = [];
	const deliver = async (row: Row): Promise<void> => {
		const left = Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000);
		if (left <= 0) {
			await finish(db, row, 'expired');
			return;
		}
		const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
		try {
			await send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, body, {
				vapidDetails: vapid,
				TTL: Math.min(ALERT_TTL_S, left),
				urgency: 'high',
				topic: `match-${row.match_id}`,
				contentEncoding: 'aes128gcm',
				timeout: 10_000,
			});
			delivered.push(row);
		} catch (error) {
			const status = (error as { statusCode?: number }).statusCode ?? 0;
			if (status === 404 || status === 410) {
				await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${row.subscription_id}`);
			} else if (row.attempts >= MAX_ATTEMPTS) {
				await finish(db, row, `gave up: ${status || (error as Error).message}`);
			} else {
				const message = `${status || ''} ${(error as Error).message ?? ''}`.trim().slice(0, 300);
				await db.execute(sql`UPDATE push_outbox SET last_error = ${message}
					WHERE subscription_id = ${row.subscription_id} AND event_id = ${row.event_id}`);
			}
		}
	};
	let next = 0;
	const lane = async () => {
		while (next < claimed.length) await deliver(claimed[next++]!);
	};
	await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, lane));
	if (delivered.length > 0)
		await db.execute(sql`UPDATE push_outbox SET sent_at = now(), last_error = NULL
			WHERE (subscription_id, event_id) IN (${sql.join(
				delivered.map((r) => sql`(${r.subscription_id}, ${r.event_id})`),
				sql`, `,
			)})`);
	return delivered.length;
}

async function finish(
	db: Database,
	row: { subscription_id: number; event_id: number },
	error: string | null,
): Promise<void> {
	await db.execute(sql`UPDATE push_outbox SET sent_at = now(), last_error = ${error}
		WHERE subscription_id = ${row.subscription_id} AND event_id = ${row.event_id}`);
}

/**
 * Sent rows older than a day are only history, and rows a day past their expiry were never
 * sendable (their subscription went, or they expired unclaimed): removed, with texts no
 * alert can still use.
 */
export async function purgeSent(db: Database): Promise<void> {
	await db.execute(sql`DELETE FROM push_outbox WHERE (sent_at IS NOT NULL
		AND sent_at < now() - interval '1 day') OR expires_at < now() - interval '1 day'`);
	await db.execute(sql`DELETE FROM push_alerts a WHERE a.created_at < now() - interval '1 day'
		AND NOT EXISTS (SELECT 1 FROM push_outbox o WHERE o.event_id = a.event_id AND o.sent_at IS NULL)`);
}
