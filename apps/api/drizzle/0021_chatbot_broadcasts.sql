-- Campus Chatbot: broadcasts that send. A broadcast (persona, audience, message, channels, status), one delivery row per
-- recipient and channel under a unique key (a restart, pause or retry never sends twice and never skips), and the web
-- chat inbox that keeps each broadcast for its recipient.
CREATE TABLE IF NOT EXISTS "chatbot_broadcasts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "subject" text NOT NULL,
  "message" text NOT NULL,
  "persona_id" uuid REFERENCES "chatbot_personas"("id") ON DELETE SET NULL,
  "audience" text NOT NULL,
  "audience_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  "channels" text[] NOT NULL,
  "status" text DEFAULT 'DRAFT' NOT NULL
    CHECK ("status" IN ('DRAFT', 'AWAITING_APPROVAL', 'APPROVED', 'SENDING', 'SENT', 'CANCELLED')),
  "created_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "approved_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "approved_at" timestamp with time zone,
  "batch_id" uuid,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_broadcasts_created_idx" ON "chatbot_broadcasts" USING btree ("created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_broadcasts_status_idx" ON "chatbot_broadcasts" USING btree ("status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chatbot_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "broadcast_id" uuid NOT NULL REFERENCES "chatbot_broadcasts"("id") ON DELETE CASCADE,
  "subscriber_id" uuid NOT NULL REFERENCES "chatbot_subscribers"("id") ON DELETE CASCADE,
  "channel" text NOT NULL CHECK ("channel" IN ('EMAIL', 'WEB_CHAT')),
  "status" text DEFAULT 'QUEUED' NOT NULL CHECK ("status" IN ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED')),
  "reason" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "claimed_at" timestamp with time zone,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chatbot_deliveries_unique" ON "chatbot_deliveries" USING btree ("broadcast_id", "subscriber_id", "channel");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_deliveries_status_idx" ON "chatbot_deliveries" USING btree ("broadcast_id", "status", "channel");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_deliveries_subscriber_idx" ON "chatbot_deliveries" USING btree ("subscriber_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chatbot_inbox" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "subscriber_id" uuid NOT NULL REFERENCES "chatbot_subscribers"("id") ON DELETE CASCADE,
  "broadcast_id" uuid NOT NULL REFERENCES "chatbot_broadcasts"("id") ON DELETE CASCADE,
  "persona" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chatbot_inbox_unique" ON "chatbot_inbox" USING btree ("broadcast_id", "subscriber_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_inbox_subscriber_idx" ON "chatbot_inbox" USING btree ("subscriber_id", "created_at");
