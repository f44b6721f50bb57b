CREATE TABLE "game_league_members" (
	"league_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_league_members_pkey" PRIMARY KEY("league_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_leagues" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_leagues_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "game_picks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"pick" text NOT NULL,
	"points_at_stake" integer NOT NULL,
	"picked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_picks_game_id_user_id_key" UNIQUE("game_id","user_id"),
	CONSTRAINT "game_picks_pick_check" CHECK (pick IN ('odd', 'even', 'home', 'away', 'none'))
);
--> statement-breakpoint
CREATE TABLE "game_settlements" (
	"game_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"void_reason" text,
	"log_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_settlements_pkey" PRIMARY KEY("game_id","version")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"kind" text NOT NULL,
	"run" bigint DEFAULT 0 NOT NULL,
	"replay" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"void_reason" text,
	"suspended_until" timestamp with time zone,
	"settled_version" integer DEFAULT 0 NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "games_match_id_kind_run_key" UNIQUE("match_id","kind","run"),
	CONSTRAINT "games_kind_check" CHECK (kind IN ('odd_even', 'two_way', 'last_team_to_score')),
	CONSTRAINT "games_status_check" CHECK (status IN ('open', 'settled', 'void'))
);
--> statement-breakpoint
ALTER TABLE "game_league_members" ADD CONSTRAINT "game_league_members_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "public"."game_leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_league_members" ADD CONSTRAINT "game_league_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_leagues" ADD CONSTRAINT "game_leagues_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_picks" ADD CONSTRAINT "game_picks_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_picks" ADD CONSTRAINT "game_picks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_settlements" ADD CONSTRAINT "game_settlements_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_league_members_user_idx" ON "game_league_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "game_picks_user_idx" ON "game_picks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "games_opened_at_idx" ON "games" USING btree ("opened_at");