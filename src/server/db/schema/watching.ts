import { pgTable, text } from 'drizzle-orm/pg-core';
import { fkey } from './keys';
import { plans } from './payments';

/**
 * Competition passes: a sport-pass plan limited to the matches of one competition. The
 * competition is named by its slug (stable across imports, unlike its id). A stream of a
 * match in that competition lists the pass among its plans when it is attached
 * (src/server/streams/match-streams.ts), so access stays one rule: the stream's plans.
 */
export const competitionPasses = pgTable(
	'competition_passes',
	{
		planId: text('plan_id').primaryKey(),
		competitionSlug: text('competition_slug').notNull(),
	},
	(t) => [fkey(t.planId, plans.id).onDelete('cascade')],
);

export type CompetitionPassRow = typeof competitionPasses.$inferSelect;
