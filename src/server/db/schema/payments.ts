import { sql } from 'drizzle-orm';
import {
	bigserial,
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
	unique,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { fkey } from './keys';

/**
 * Plans, prices, hidden deals, checkouts, webhook events (dedupe), subscriptions (the
 * entitlements) and the payments ledger. Amounts are in minor units. The partial unique
 * index on checkouts is what makes a double click open one checkout; the unique key on
 * payment_events is what makes a repeated webhook delivery change nothing twice.
 */
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const plans = pgTable(
	'plans',
	{
		id: text('id').primaryKey(),
		kind: text('kind').$type<'free' | 'subscription' | 'sport_pass' | 'match_pass'>().notNull(),
		interval: text('interval').$type<'month' | 'year'>(),
		sport: text('sport'),
		/** False for hidden plans, reachable only through a deal code. */
		listed: boolean('listed').notNull().default(true),
		paymentMethods: text('payment_methods').array().notNull().default(['card']),
		/** Higher is better: decides which of several active plans is "the" plan. */
		rank: integer('rank').notNull().default(0),
		position: integer('position').notNull().default(0),
	},
	() => [
		check('plans_kind_check', sql`kind IN ('free', 'subscription', 'sport_pass', 'match_pass')`),
		check('plans_interval_check', sql`interval IN ('month', 'year')`),
	],
);

export const planPrices = pgTable(
	'plan_prices',
	{
		planId: text('plan_id').notNull(),
		currency: text('currency').notNull(),
		amount: integer('amount').notNull(),
	},
	(t) => [
		primaryKey({ name: 'plan_prices_pkey', columns: [t.planId, t.currency] }),
		fkey(t.planId, plans.id).onDelete('cascade'),
		check('plan_prices_currency_check', sql`currency ~ '^[A-Z]{3}$'`),
		check('plan_prices_amount_check', sql`amount >= 0`),
	],
);

export const deals = pgTable(
	'deals',
	{
		code: text('code').primaryKey(),
		planId: text('plan_id').notNull(),
		percentOff: integer('percent_off').notNull().default(0),
		expiresAt: tz('expires_at'),
		maxUses: integer('max_uses'),
		uses: integer('uses').notNull().default(0),
		/**
		 * Every plan the deal applies to (the console's deals); null means `plan_id` alone, as
		 * for deals made before. `plan_id` is always the first of them.
		 */
		planIds: text('plan_ids').array(),
		/** A fixed price per currency (minor units) instead of `percent_off`; null: percent. */
		fixedPrices: jsonb('fixed_prices').$type<Record<string, number>>(),
		createdAt: tz('created_at'),
		/** Set when an admin ends the deal early: no longer usable from then on. */
		endedAt: tz('ended_at'),
	},
	(t) => [
		fkey(t.planId, plans.id).onDelete('cascade'),
		check('deals_percent_off_check', sql`percent_off BETWEEN 0 AND 100`),
		check('deals_max_uses_check', sql`max_uses IS NULL OR max_uses >= 0`),
	],
);

export type CheckoutStatus = 'open' | 'paid' | 'failed' | 'expired';

export const checkouts = pgTable(
	'checkouts',
	{
		id: text('id').primaryKey(),
		userId: uuid('user_id').notNull(),
		planId: text('plan_id').notNull(),
		dealCode: text('deal_code'),
		matchId: integer('match_id'),
		currency: text('currency').notNull(),
		amount: integer('amount').notNull(),
		status: text('status').$type<CheckoutStatus>().notNull().default('open'),
		failureReason: text('failure_reason'),
		provider: text('provider').notNull(),
		providerRef: text('provider_ref'),
		redirectUrl: text('redirect_url'),
		createdAt: tz('created_at').notNull(),
		updatedAt: tz('updated_at').notNull(),
		expiresAt: tz('expires_at').notNull(),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		fkey(t.planId, plans.id),
		fkey(t.dealCode, deals.code),
		check('checkouts_amount_check', sql`amount >= 0`),
		check('checkouts_status_check', sql`status IN ('open', 'paid', 'failed', 'expired')`),
		uniqueIndex('checkouts_one_open_idx').on(t.userId, t.planId).where(sql`status = 'open'`),
		index('checkouts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
	],
);

export const paymentEvents = pgTable(
	'payment_events',
	{
		provider: text('provider').notNull(),
		eventId: text('event_id').notNull(),
		type: text('type').notNull(),
		createdAt: tz('created_at').notNull(),
		receivedAt: tz('received_at').notNull(),
		payload: jsonb('payload').notNull(),
	},
	(t) => [unique('payment_events_event_uq').on(t.provider, t.eventId)],
);

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';

export const subscriptions = pgTable(
	'subscriptions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		userId: uuid('user_id').notNull(),
		planId: text('plan_id').notNull(),
		matchId: integer('match_id'),
		status: text('status').$type<SubscriptionStatus>().notNull(),
		currentPeriodEnd: tz('current_period_end'),
		cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
		provider: text('provider').notNull(),
		providerRef: text('provider_ref').notNull(),
		/** Creation time of the last provider event applied: older events are ignored. */
		lastEventAt: tz('last_event_at').notNull(),
		createdAt: tz('created_at').notNull(),
		updatedAt: tz('updated_at').notNull(),
		/**
		 * What the subscriber pays each period (minor units, the checkout's price and currency).
		 * Kept on the row so a price edit in the console never changes it; null for rows made
		 * before it was stored and for complimentary grants.
		 */
		amount: integer('amount'),
		currency: text('currency'),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		fkey(t.planId, plans.id),
		check(
			'subscriptions_status_check',
			sql`status IN ('incomplete', 'active', 'past_due', 'canceled')`,
		),
		unique('subscriptions_ref_uq').on(t.provider, t.providerRef),
		index('subscriptions_user_idx').on(t.userId),
	],
);

export const payments = pgTable(
	'payments',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		userId: uuid('user_id').notNull(),
		checkoutId: text('checkout_id').notNull().unique('payments_checkout_id_key'),
		planId: text('plan_id').notNull(),
		amount: integer('amount').notNull(),
		currency: text('currency').notNull(),
		provider: text('provider').notNull(),
		providerRef: text('provider_ref'),
		createdAt: tz('created_at').notNull(),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		fkey(t.checkoutId, checkouts.id),
		fkey(t.planId, plans.id),
		index('payments_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
	],
);

export type PlanRow = typeof plans.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
