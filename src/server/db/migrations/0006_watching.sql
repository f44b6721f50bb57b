CREATE TABLE "checkout_returns" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_passes" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"competition_slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_returns" ADD CONSTRAINT "checkout_returns_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_passes" ADD CONSTRAINT "competition_passes_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;