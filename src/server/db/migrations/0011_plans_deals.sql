ALTER TABLE "deals" ADD COLUMN "plan_ids" text[];--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "fixed_prices" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;