CREATE TABLE "stream_translations" (
	"stream_id" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	CONSTRAINT "stream_translations_stream_id_locale_pk" PRIMARY KEY("stream_id","locale")
);
--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stream_translations" ADD CONSTRAINT "stream_translations_stream_id_fkey" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_schedule_check" CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at);