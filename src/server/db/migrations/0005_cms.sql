CREATE TABLE "cms_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_match_leases" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_scorer_assignments" (
	"user_id" uuid NOT NULL,
	"match_id" integer NOT NULL,
	CONSTRAINT "cms_scorer_assignments_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
ALTER TABLE "cms_match_leases" ADD CONSTRAINT "cms_match_leases_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_match_leases" ADD CONSTRAINT "cms_match_leases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_scorer_assignments" ADD CONSTRAINT "cms_scorer_assignments_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_scorer_assignments" ADD CONSTRAINT "cms_scorer_assignments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_audit_created_at_idx" ON "cms_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cms_audit_target_idx" ON "cms_audit" USING btree ("target","id");