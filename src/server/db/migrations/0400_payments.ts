import type { Migration } from './index';

/** Minor units per currency for the seeded prices (all six have two decimals). */
const PRICES: Record<string, [number, number, number, number, number, number]> = {
	// plan               EUR    USD    GBP    TRY      IDR        RUB
	free: [0, 0, 0, 0, 0, 0],
	'premium-monthly': [999, 1099, 899, 34900, 14900000, 89900],
	'premium-yearly': [9900, 10900, 8900, 349000, 149000000, 899000],
	'premium-yearly-vip': [6900, 7500, 5900, 249000, 99000000, 599000],
	'pass-football': [599, 649, 549, 19900, 8900000, 49900],
	'pass-basketball': [499, 549, 449, 16900, 7500000, 42900],
	'pass-tennis': [499, 549, 449, 16900, 7500000, 42900],
	'match-pass': [299, 329, 269, 9900, 4500000, 24900],
};
const CURRENCIES = ['EUR', 'USD', 'GBP', 'TRY', 'IDR', 'RUB'];

const priceRows = Object.entries(PRICES)
	.flatMap(([plan, amounts]) => amounts.map((a, i) => `('${plan}', '${CURRENCIES[i]}', ${a})`))
	.join(',\n\t');

/**
 * Plans, prices, hidden deals, checkouts, webhook events (dedupe), subscriptions (the
 * entitlements) and the payments ledger. The partial unique index on checkouts is what
 * makes a double click open one checkout; the unique key on payment_events is what makes
 * a repeated webhook delivery change nothing twice.
 */
const payments0400: Migration = {
	id: '0400_payments',
	sql: `
CREATE TABLE plans (
	id text PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('free', 'subscription', 'sport_pass', 'match_pass')),
	interval text CHECK (interval IN ('month', 'year')),
	sport text,
	listed boolean NOT NULL DEFAULT true,
	payment_methods text[] NOT NULL DEFAULT '{card}',
	rank integer NOT NULL DEFAULT 0,
	position integer NOT NULL DEFAULT 0
);
CREATE TABLE plan_prices (
	plan_id text NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
	currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
	amount integer NOT NULL CHECK (amount >= 0),
	PRIMARY KEY (plan_id, currency)
);
CREATE TABLE deals (
	code text PRIMARY KEY,
	plan_id text NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
	percent_off integer NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 100),
	expires_at timestamptz,
	max_uses integer CHECK (max_uses IS NULL OR max_uses >= 0),
	uses integer NOT NULL DEFAULT 0
);
CREATE TABLE checkouts (
	id text PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	plan_id text NOT NULL REFERENCES plans(id),
	deal_code text REFERENCES deals(code),
	match_id integer,
	currency text NOT NULL,
	amount integer NOT NULL CHECK (amount >= 0),
	status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'expired')),
	failure_reason text,
	provider text NOT NULL,
	provider_ref text,
	redirect_url text,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX checkouts_one_open_idx ON checkouts (user_id, plan_id) WHERE status = 'open';
CREATE INDEX checkouts_user_idx ON checkouts (user_id, created_at DESC);
CREATE TABLE payment_events (
	provider text NOT NULL,
	event_id text NOT NULL,
	type text NOT NULL,
	created_at timestamptz NOT NULL,
	received_at timestamptz NOT NULL,
	payload jsonb NOT NULL,
	CONSTRAINT payment_events_event_uq UNIQUE (provider, event_id)
);
CREATE TABLE subscriptions (
	id bigserial PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	plan_id text NOT NULL REFERENCES plans(id),
	match_id integer,
	status text NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled')),
	current_period_end timestamptz,
	cancel_at_period_end boolean NOT NULL DEFAULT false,
	provider text NOT NULL,
	provider_ref text NOT NULL,
	last_event_at timestamptz NOT NULL,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CONSTRAINT subscriptions_ref_uq UNIQUE (provider, provider_ref)
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);
CREATE TABLE payments (
	id bigserial PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	checkout_id text NOT NULL UNIQUE REFERENCES checkouts(id),
	plan_id text NOT NULL REFERENCES plans(id),
	amount integer NOT NULL,
	currency text NOT NULL,
	provider text NOT NULL,
	provider_ref text,
	created_at timestamptz NOT NULL
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);

INSERT INTO plans (id, kind, interval, sport, listed, payment_methods, rank, position) VALUES
	('free', 'free', NULL, NULL, true, '{}', 0, 0),
	('premium-monthly', 'subscription', 'month', NULL, true, '{card,apple_pay,google_pay}', 30, 1),
	('premium-yearly', 'subscription', 'year', NULL, true, '{card,apple_pay,google_pay,sepa_debit}', 40, 2),
	('premium-yearly-vip', 'subscription', 'year', NULL, false, '{card}', 40, 3),
	('match-pass', 'match_pass', NULL, 'football', true, '{card}', 10, 4),
	('pass-football', 'sport_pass', 'month', 'football', true, '{card,apple_pay,google_pay}', 20, 10),
	('pass-basketball', 'sport_pass', 'month', 'basketball', true, '{card}', 20, 11),
	('pass-tennis', 'sport_pass', 'month', 'tennis', true, '{card}', 20, 12);
INSERT INTO plan_prices (plan_id, currency, amount) VALUES
	${priceRows};
INSERT INTO deals (code, plan_id, percent_off, expires_at, max_uses) VALUES
	('WELCOME20', 'premium-monthly', 20, '2030-01-01T00:00:00Z', 1000),
	('VIPYEAR', 'premium-yearly-vip', 0, '2030-01-01T00:00:00Z', 100);
`,
};

export default payments0400;
