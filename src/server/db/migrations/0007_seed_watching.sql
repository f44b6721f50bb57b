-- Watching a match (issue 14). /pricing-sport sold basketball and tennis passes with no such
-- content: they are taken off sale (kept, unlisted, for anyone who holds one) and replaced
-- by competition passes for the competitions that have streams today (the replay feed plays
-- World Cup and Euro matches). Each pass names its competition in competition_passes.
UPDATE plans SET listed = false WHERE id IN ('pass-basketball', 'pass-tennis');
--> statement-breakpoint
INSERT INTO plans (id, kind, interval, sport, listed, payment_methods, rank, position) VALUES
	('pass-world-cup', 'sport_pass', 'month', 'football', true, '{card,apple_pay,google_pay}', 15, 13),
	('pass-euro', 'sport_pass', 'month', 'football', true, '{card,apple_pay,google_pay}', 15, 14)
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO plan_prices (plan_id, currency, amount) VALUES
	('pass-world-cup', 'EUR', 399),
	('pass-world-cup', 'USD', 449),
	('pass-world-cup', 'GBP', 349),
	('pass-world-cup', 'TRY', 13900),
	('pass-world-cup', 'IDR', 5900000),
	('pass-world-cup', 'RUB', 34900),
	('pass-euro', 'EUR', 399),
	('pass-euro', 'USD', 449),
	('pass-euro', 'GBP', 349),
	('pass-euro', 'TRY', 13900),
	('pass-euro', 'IDR', 5900000),
	('pass-euro', 'RUB', 34900)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO competition_passes (plan_id, competition_slug) VALUES
	('pass-world-cup', 'world-cup'),
	('pass-euro', 'euro')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE streams SET title = 'Goals of the week (demo footage)' WHERE id = 'demo-highlight';
