CREATE TABLE "push_alerts" (
	"event_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"safe" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_alerts_pkey" PRIMARY KEY("event_id","locale","safe")
);
--> statement-breakpoint
-- Alerts still waiting carry their text in the column that goes; they are minutes from
-- expiring anyway (ALERT_TTL_S), so they are dropped rather than sent without a text.
DELETE FROM "push_outbox" WHERE "sent_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "push_outbox" DROP COLUMN "payload";