CREATE TABLE "follows" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_pkey" PRIMARY KEY("user_id","kind","target_id"),
	CONSTRAINT "follows_kind_check" CHECK (kind IN ('team', 'competition', 'match'))
);
--> statement-breakpoint
CREATE TABLE "push_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"match_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "push_outbox_subscription_event_key" UNIQUE("subscription_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_id" uuid,
	"locale" text NOT NULL,
	"time_zone" text NOT NULL,
	"spoiler_safe" boolean DEFAULT false NOT NULL,
	"quiet_from" smallint,
	"quiet_to" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_targets" (
	"subscription_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"kinds" text[] NOT NULL,
	CONSTRAINT "push_targets_pkey" PRIMARY KEY("subscription_id","kind","target_id"),
	CONSTRAINT "push_targets_kind_check" CHECK (kind IN ('team', 'match'))
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_targets" ADD CONSTRAINT "push_targets_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_target_idx" ON "follows" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "push_targets_target_idx" ON "push_targets" USING btree ("kind","target_id");