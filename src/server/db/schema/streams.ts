import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { fkey } from './keys';

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
		/** The English title (every locale falls back to it; others in stream_translations). */
		title: text('title').notNull(),
		/** Plan ids allowed to watch; empty means free for everyone. */
		plans: text('plans').array().notNull().default([]),
		/** ISO 3166 alpha-2 codes where the rights are held; null means everywhere. */
		countries: text('countries').array(),
		/**
		 * Manifest path under MEDIA_DIR, e.g. `demo-tv/index.m3u8`, or an https URL of an
		 * outside origin (checked by src/lib/cms/stream-input.ts).
		 */
		hlsPath: text('hls_path').notNull(),
		position: integer('position').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		/** The English description, shown under the title; null: none. */
		description: text('description'),
		/** A scheduled stream's start (UTC); null: not scheduled, on now. */
		startsAt: timestamp('starts_at', { withTimezone: true }),
		/** When it ends (UTC); after that it leaves the public lists. Null: no end. */
		endsAt: timestamp('ends_at', { withTimezone: true }),
	},
	(t) => [
		// The id is a URL segment (/media/<id>/…).
		check('streams_id_check', sql`id ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
		check('streams_kind_check', sql`kind IN ('live', 'tv', 'movie', 'highlight')`),
		index('streams_kind_idx').on(t.kind, t.position),
		index('streams_match_idx').on(t.matchId),
		check(
			'streams_schedule_check',
			sql`ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at`,
		),
	],
);

/**
 * A stream's title and description in a locale other than English (English lives on the
 * stream row, which every other locale falls back to, marked as such on the page).
 */
export const streamTranslations = pgTable(
	'stream_translations',
	{
		streamId: text('stream_id').notNull(),
		locale: text('locale').notNull(),
		title: text('title').notNull(),
		description: text('description'),
	},
	(t) => [
		primaryKey({ columns: [t.streamId, t.locale] }),
		fkey(t.streamId, streams.id).onDelete('cascade'),
	],
);

export type StreamRow = typeof streams.$inferSelect;
