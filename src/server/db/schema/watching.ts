import { pgTable, text } from 'drizzle-orm/pg-core';
import { fkey } from './keys';
import { checkouts, plans } from './payments';

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

/**
 * Where a checkout returns once paid: the page the visitor was buying from (a match for a
 * match pass), a same-site path checked when stored. Kept beside the checkout rather than
 * in the provider's return URL, so every provider (the sandbox's own card page included)
 * brings the visitor back, and nothing in a URL decides where they go.
 */
export const checkoutReturns = pgTable(
	'checkout_returns',
	{
		checkoutId: text('checkout_id').primaryKey(),
		path: text('path').notNull(),
	},
	(t) => [fkey(t.checkoutId, checkouts.id).onDelete('cascade')],
);
