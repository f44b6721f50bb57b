ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_subscription_event_key";--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_subscription_id_fkey";
--> statement-breakpoint
-- The serial id goes first: its primary key carries the name the new key takes.
ALTER TABLE "push_outbox" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_pkey" PRIMARY KEY("subscription_id","event_id");
