import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Typed view of the live-event log (SQL in migrations/0300_live_events.ts). */
export const liveEvents = pgTable(
	'live_events',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		matchId: text('match_id').notNull(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('live_events_match_id_id_idx').on(t.matchId, t.id)],
);

/** Matches being replayed right now, with their true final state (migration 0301). */
export const liveReplays = pgTable('live_replays', {
	matchId: integer('match_id').primaryKey(),
	original: jsonb('original').$type<Record<string, unknown>>().notNull(),
	startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
