import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live-event log. `id` is the order clients see: writers take an advisory lock before
 * inserting (see src/server/live/apply.ts), so ids are assigned and committed in the same
 * order and a reader that has seen id N has seen every committed id below N.
 * `match_id` is text and carries no foreign key: the log must stay readable whatever the
 * football schema does, and replays of deleted matches still answer with a snapshot.
 */
export const liveEvents = pgTable(
	'live_events',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		matchId: text('match_id').notNull(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('live_events_match_id_id_idx').on(t.matchId, t.id),
		index('live_events_created_at_idx').on(t.createdAt),
	],
);

/**
 * Matches the replay feed is currently playing back "as if live". The row keeps the match's
 * true final state so it can be restored when the replay ends, or at start-up after a crash.
 * `/api/v1/matches` can join on it to mark `isReplay`.
 */
export const liveReplays = pgTable('live_replays', {
	matchId: integer('match_id').primaryKey(),
	original: jsonb('original').$type<Record<string, unknown>>().notNull(),
	startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
