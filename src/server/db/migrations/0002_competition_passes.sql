CREATE TABLE "competition_passes" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"competition_slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competition_passes" ADD CONSTRAINT "competition_passes_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;