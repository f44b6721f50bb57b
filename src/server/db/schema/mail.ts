import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail to send (docs/security.md, issue 28/6): written in the transaction of what causes
 * it, sent by the worker (src/server/mail/worker.ts). A row names a kind and its inputs,
 * never a secret: links with tokens are made when the mail is composed, at each attempt.
 * `next_attempt_at` is both the backoff and the lease of a worker that claimed the row.
 */
export const mailOutbox = pgTable(
	'mail_outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		/** Delivered, or nothing to deliver (the composer found no mail to send). */
		sentAt: timestamp('sent_at', { withTimezone: true }),
		/** Given up after MAIL_GIVE_UP (logged); kept for the record until purged. */
		failedAt: timestamp('failed_at', { withTimezone: true }),
	},
	(t) => [
		index('mail_outbox_due_idx')
			.on(t.nextAttemptAt)
			.where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
	],
);
