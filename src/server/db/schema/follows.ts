import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { fkey } from './keys';

/**
 * What a signed-in visitor follows: teams, competitions and single matches, in the order
 * they chose. `target_id` carries no foreign key because it points into one of three
 * tables; a follow whose target is gone is simply not shown (src/server/follows).
 */
export const follows = pgTable(
	'follows',
	{
		userId: uuid('user_id').notNull(),
		kind: text('kind').$type<'team' | 'competition' | 'match'>().notNull(),
		targetId: integer('target_id').notNull(),
		position: integer('position').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		primaryKey({ name: 'follows_pkey', columns: [t.userId, t.kind, t.targetId] }),
		fkey(t.userId, users.id).onDelete('cascade'),
		check('follows_kind_check', sql`kind IN ('team', 'competition', 'match')`),
		// Push fan-out asks "who follows team 7?": the reverse lookup.
		index('follows_target_idx').on(t.kind, t.targetId),
	],
);
