import { sql } from 'drizzle-orm';
import {
	bigint,
	bigserial,
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	smallint,
	text,
	timestamp,
	unique,
	uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { fkey } from './keys';

/**
 * Web Push subscriptions (docs/pwa.md). A subscription is a browser, signed in or not: its
 * endpoint is the identity and its `auth` secret is the proof of ownership for changes.
 * Language, time zone, spoiler-safe mode and quiet hours are the browser's settings at
 * opt-in, so alerts are written for it without any session.
 */
export const pushSubscriptions = pgTable(
	'push_subscriptions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
		p256dh: text('p256dh').notNull(),
		auth: text('auth').notNull(),
		userId: uuid('user_id'),
		locale: text('locale').notNull(),
		timeZone: text('time_zone').notNull(),
		spoilerSafe: boolean('spoiler_safe').notNull().default(false),
		/** Quiet hours in minutes after local midnight; null: none. */
		quietFrom: smallint('quiet_from'),
		quietTo: smallint('quiet_to'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [fkey(t.userId, users.id).onDelete('cascade')],
);

/** What one subscription wants alerts for: a team or a match, and which kinds. */
export const pushTargets = pgTable(
	'push_targets',
	{
		subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
		kind: text('kind').$type<'team' | 'match'>().notNull(),
		targetId: integer('target_id').notNull(),
		kinds: text('kinds').array().notNull(),
	},
	(t) => [
		primaryKey({ name: 'push_targets_pkey', columns: [t.subscriptionId, t.kind, t.targetId] }),
		fkey(t.subscriptionId, pushSubscriptions.id).onDelete('cascade'),
		check('push_targets_kind_check', sql`kind IN ('team', 'match')`),
		index('push_targets_target_idx').on(t.kind, t.targetId),
	],
);

/**
 * An event's alert text, once per language and wording (full or spoiler-safe): 20 rows per
 * event, however many subscribers. The queue's rows stay narrow and the sender picks the
 * text by the subscription's language and spoiler mode.
 */
export const pushAlerts = pgTable(
	'push_alerts',
	{
		eventId: bigint('event_id', { mode: 'number' }).notNull(),
		locale: text('locale').notNull(),
		safe: boolean('safe').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ name: 'push_alerts_pkey', columns: [t.eventId, t.locale, t.safe] })],
);

/**
 * The durable send queue. One narrow row per (subscription, live event): the unique key is
 * what makes "at most one alert per event per subscription" hold across retries, restarts
 * and several processes. Rows stay after sending (`sent_at`) until purged, so a re-scan of
 * the same event cannot queue it twice. The text is in `push_alerts`.
 */
export const pushOutbox = pgTable(
	'push_outbox',
	{
		subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
		eventId: bigint('event_id', { mode: 'number' }).notNull(),
		matchId: integer('match_id').notNull(),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		/** Past it, the alert is stale (a goal minutes late is useless): dropped, not sent. */
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
		lastError: text('last_error'),
	},
	(t) => [
		// The key is the row's identity (no serial id: one index less per queued alert) and
		// no foreign key to the subscription (no check per row): a goal queues 100,000 rows
		// at once. Rows of a subscription that is gone are never claimed (the sender joins
		// the subscription) and are purged with the expired ones.
		primaryKey({ name: 'push_outbox_pkey', columns: [t.subscriptionId, t.eventId] }),
		index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at IS NULL`),
	],
);

/** How far the queue has read the live-event log: resumes there after any crash. */
export const pushCursor = pgTable('push_cursor', {
	id: smallint('id').primaryKey().default(1),
	lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
});
