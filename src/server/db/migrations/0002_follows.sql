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
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_target_idx" ON "follows" USING btree ("kind","target_id");