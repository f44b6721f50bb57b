import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type StreamKind = 'live' | 'tv' | 'movie' | 'highlight';

/**
 * The stream catalogue. `plans` lists the plan ids that may watch (empty: free for all);
 * `countries` restricts by ISO country (NULL: everywhere).
 */
export const streams = pgTable(
	'streams',
	{
		id: text('id').primaryKey(),
		kind: text('kind').$type<StreamKind>().notNull(),
		matchId: integer('match_id'),
		sport: text('sport').notNull().default('football'),
		title: text('title').notNull(),
		/** Plan ids allowed to watch; empty means free for everyone. */
		plans: text('plans').array().notNull().default([]),
		/** ISO 3166 alpha-2 codes where the rights are held; null means everywhere. */
		countries: text('countries').array(),
		/** Manifest path under MEDIA_DIR, e.g. `demo-tv/index.m3u8`. */
		hlsPath: text('hls_path').notNull(),
		position: integer('position').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// The id is a URL segment (/media/<id>/…).
		check('streams_id_check', sql`id ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
		check('streams_kind_check', sql`kind IN ('live', 'tv', 'movie', 'highlight')`),
		index('streams_kind_idx').on(t.kind, t.position),
		index('streams_match_idx').on(t.matchId),
	],
);

export type StreamRow = typeof streams.$inferSelect;
