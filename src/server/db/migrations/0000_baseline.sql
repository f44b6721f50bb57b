CREATE TABLE "auth_password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"successor_hash" text
);
--> statement-breakpoint
CREATE TABLE "auth_security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"scope" text[] DEFAULT '{"user"}' NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_email_key" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"area_code" text NOT NULL,
	"area_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"weight" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_code_key" UNIQUE("code"),
	CONSTRAINT "competitions_slug_key" UNIQUE("slug"),
	CONSTRAINT "competitions_type_check" CHECK (type IN ('league', 'cup', 'tournament'))
);
--> statement-breakpoint
CREATE TABLE "lineups" (
	"match_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"player_id" integer,
	"shirt_number" integer,
	"position" text,
	"starter" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lineups_pkey" PRIMARY KEY("match_id","team_id","player_name")
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"team_id" integer,
	"player_name" text,
	"minute" integer,
	"stoppage" integer,
	"penalty" boolean DEFAULT false NOT NULL,
	"own_goal" boolean DEFAULT false NOT NULL,
	"card" text,
	"player_in" text,
	"player_out" text,
	CONSTRAINT "match_events_match_id_seq_key" UNIQUE("match_id","seq"),
	CONSTRAINT "match_events_type_check" CHECK (type IN ('goal', 'card', 'substitution')),
	CONSTRAINT "match_events_card_check" CHECK (card IN ('yellow', 'red', 'second_yellow'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"round" text NOT NULL,
	"stage" text NOT NULL,
	"group_name" text,
	"matchday" integer,
	"match_number" integer,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"venue_id" integer,
	"kickoff_at" timestamp with time zone NOT NULL,
	"kickoff_time_known" boolean DEFAULT true NOT NULL,
	"status" text NOT NULL,
	"minute" integer,
	"ht_home" integer,
	"ht_away" integer,
	"ft_home" integer,
	"ft_away" integer,
	"et_home" integer,
	"et_away" integer,
	"pen_home" integer,
	"pen_away" integer,
	"winner" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_season_id_source_key_key" UNIQUE("season_id","source_key"),
	CONSTRAINT "matches_stage_check" CHECK (stage IN ('regular', 'group', 'league_phase', 'playoff', 'knockout')),
	CONSTRAINT "matches_status_check" CHECK (status IN ('scheduled', 'live', 'half_time', 'finished', 'finished_aet', 'finished_pen', 'postponed', 'cancelled', 'abandoned', 'awarded', 'result_unknown')),
	CONSTRAINT "matches_winner_check" CHECK (winner IN ('home', 'away', 'draw'))
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"match_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_pkey" PRIMARY KEY("match_id","day")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date,
	"position" text,
	"club_name" text,
	"club_country" text,
	CONSTRAINT "players_key_key" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rivalries" (
	"team_a_id" integer NOT NULL,
	"team_b_id" integer NOT NULL,
	CONSTRAINT "rivalries_pkey" PRIMARY KEY("team_a_id","team_b_id"),
	CONSTRAINT "rivalries_check" CHECK (team_a_id < team_b_id)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "seasons_competition_id_label_key" UNIQUE("competition_id","label")
);
--> statement-breakpoint
CREATE TABLE "squads" (
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"shirt_number" integer,
	"position" text,
	CONSTRAINT "squads_pkey" PRIMARY KEY("season_id","team_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "team_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"tla" text,
	"country_code" text,
	"is_national" boolean DEFAULT false NOT NULL,
	"colour_primary" text NOT NULL,
	"colour_secondary" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_key_key" UNIQUE("key"),
	CONSTRAINT "teams_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"country_code" text,
	"time_zone" text,
	"capacity" integer,
	CONSTRAINT "venues_key_key" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_replays" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"original" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"deal_code" text,
	"match_id" integer,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"failure_reason" text,
	"provider" text NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkouts_amount_check" CHECK (amount >= 0),
	CONSTRAINT "checkouts_status_check" CHECK (status IN ('open', 'paid', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"code" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deals_percent_off_check" CHECK (percent_off BETWEEN 0 AND 100),
	CONSTRAINT "deals_max_uses_check" CHECK (max_uses IS NULL OR max_uses >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "payment_events_event_uq" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"checkout_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_checkout_id_key" UNIQUE("checkout_id")
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "plan_prices_pkey" PRIMARY KEY("plan_id","currency"),
	CONSTRAINT "plan_prices_currency_check" CHECK (currency ~ '^[A-Z]{3}$'),
	CONSTRAINT "plan_prices_amount_check" CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"interval" text,
	"sport" text,
	"listed" boolean DEFAULT true NOT NULL,
	"payment_methods" text[] DEFAULT '{"card"}' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plans_kind_check" CHECK (kind IN ('free', 'subscription', 'sport_pass', 'match_pass')),
	CONSTRAINT "plans_interval_check" CHECK (interval IN ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"match_id" integer,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_ref_uq" UNIQUE("provider","provider_ref"),
	CONSTRAINT "subscriptions_status_check" CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"match_id" integer,
	"sport" text DEFAULT 'football' NOT NULL,
	"title" text NOT NULL,
	"plans" text[] DEFAULT '{}' NOT NULL,
	"countries" text[],
	"hls_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_id_check" CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
	CONSTRAINT "streams_kind_check" CHECK (kind IN ('live', 'tv', 'movie', 'highlight'))
);
--> statement-breakpoint
ALTER TABLE "auth_password_resets" ADD CONSTRAINT "auth_password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_fkey" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_fkey" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_venue_id_fkey" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rivalries" ADD CONSTRAINT "rivalries_team_a_id_fkey" FOREIGN KEY ("team_a_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rivalries" ADD CONSTRAINT "rivalries_team_b_id_fkey" FOREIGN KEY ("team_b_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_deal_code_fkey" FOREIGN KEY ("deal_code") REFERENCES "public"."deals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_password_resets_user_idx" ON "auth_password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_session_idx" ON "auth_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "match_events_team_idx" ON "match_events" USING btree ("team_id") WHERE type = 'goal';--> statement-breakpoint
CREATE INDEX "matches_kickoff_idx" ON "matches" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_season_kickoff_idx" ON "matches" USING btree ("season_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_home_kickoff_idx" ON "matches" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_away_kickoff_idx" ON "matches" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_live_idx" ON "matches" USING btree ("status") WHERE status IN ('live', 'half_time');--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "squads_team_idx" ON "squads" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_aliases_team_idx" ON "team_aliases" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "live_events_match_id_id_idx" ON "live_events" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_idx" ON "checkouts" USING btree ("user_id","plan_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "streams_kind_idx" ON "streams" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "streams_match_idx" ON "streams" USING btree ("match_id");