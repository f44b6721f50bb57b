-- Seed rows the site needs from its first start: the plans with their prices per currency,
-- the two demo deals, and the demo streams shipped in data/media. drizzle-kit writes only
-- schema changes, so data goes in a custom migration (`drizzle-kit generate --custom`).
-- Databases created before drizzle-kit got these rows from their 0400/0401 migrations.
INSERT INTO plans (id, kind, interval, sport, listed, payment_methods, rank, position) VALUES
	('free', 'free', NULL, NULL, true, '{}', 0, 0),
	('premium-monthly', 'subscription', 'month', NULL, true, '{card,apple_pay,google_pay}', 30, 1),
	('premium-yearly', 'subscription', 'year', NULL, true, '{card,apple_pay,google_pay,sepa_debit}', 40, 2),
	('premium-yearly-vip', 'subscription', 'year', NULL, false, '{card}', 40, 3),
	('match-pass', 'match_pass', NULL, 'football', true, '{card}', 10, 4),
	('pass-football', 'sport_pass', 'month', 'football', true, '{card,apple_pay,google_pay}', 20, 10),
	('pass-basketball', 'sport_pass', 'month', 'basketball', true, '{card}', 20, 11),
	('pass-tennis', 'sport_pass', 'month', 'tennis', true, '{card}', 20, 12);
--> statement-breakpoint
INSERT INTO plan_prices (plan_id, currency, amount) VALUES
	('free', 'EUR', 0),
	('free', 'USD', 0),
	('free', 'GBP', 0),
	('free', 'TRY', 0),
	('free', 'IDR', 0),
	('free', 'RUB', 0),
	('premium-monthly', 'EUR', 999),
	('premium-monthly', 'USD', 1099),
	('premium-monthly', 'GBP', 899),
	('premium-monthly', 'TRY', 34900),
	('premium-monthly', 'IDR', 14900000),
	('premium-monthly', 'RUB', 89900),
	('premium-yearly', 'EUR', 9900),
	('premium-yearly', 'USD', 10900),
	('premium-yearly', 'GBP', 8900),
	('premium-yearly', 'TRY', 349000),
	('premium-yearly', 'IDR', 149000000),
	('premium-yearly', 'RUB', 899000),
	('premium-yearly-vip', 'EUR', 6900),
	('premium-yearly-vip', 'USD', 7500),
	('premium-yearly-vip', 'GBP', 5900),
	('premium-yearly-vip', 'TRY', 249000),
	('premium-yearly-vip', 'IDR', 99000000),
	('premium-yearly-vip', 'RUB', 599000),
	('pass-football', 'EUR', 599),
	('pass-football', 'USD', 649),
	('pass-football', 'GBP', 549),
	('pass-football', 'TRY', 19900),
	('pass-football', 'IDR', 8900000),
	('pass-football', 'RUB', 49900),
	('pass-basketball', 'EUR', 499),
	('pass-basketball', 'USD', 549),
	('pass-basketball', 'GBP', 449),
	('pass-basketball', 'TRY', 16900),
	('pass-basketball', 'IDR', 7500000),
	('pass-basketball', 'RUB', 42900),
	('pass-tennis', 'EUR', 499),
	('pass-tennis', 'USD', 549),
	('pass-tennis', 'GBP', 449),
	('pass-tennis', 'TRY', 16900),
	('pass-tennis', 'IDR', 7500000),
	('pass-tennis', 'RUB', 42900),
	('match-pass', 'EUR', 299),
	('match-pass', 'USD', 329),
	('match-pass', 'GBP', 269),
	('match-pass', 'TRY', 9900),
	('match-pass', 'IDR', 4500000),
	('match-pass', 'RUB', 24900);
--> statement-breakpoint
INSERT INTO deals (code, plan_id, percent_off, expires_at, max_uses) VALUES
	('WELCOME20', 'premium-monthly', 20, '2030-01-01T00:00:00Z', 1000),
	('VIPYEAR', 'premium-yearly-vip', 0, '2030-01-01T00:00:00Z', 100);
--> statement-breakpoint
INSERT INTO streams (id, kind, sport, title, plans, countries, hls_path, position) VALUES
	('demo-live', 'live', 'football', 'Matchday Live: demo match feed', '{premium-monthly,premium-yearly,premium-yearly-vip,pass-football,match-pass}', NULL, 'demo-live/index.m3u8', 1),
	('demo-tv', 'tv', 'football', 'Matchday TV', '{premium-monthly,premium-yearly,premium-yearly-vip,pass-football}', NULL, 'demo-tv/index.m3u8', 2),
	('demo-movie', 'movie', 'football', 'The Beautiful Game (demo film)', '{premium-monthly,premium-yearly,premium-yearly-vip}', NULL, 'demo-movie/index.m3u8', 3),
	('demo-highlight', 'highlight', 'football', 'Goals of the week (demo)', '{}', NULL, 'demo-highlight/index.m3u8', 4);
