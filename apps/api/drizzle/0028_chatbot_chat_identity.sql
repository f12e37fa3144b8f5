-- The web chat's visitors may confirm who they are with a one-time code sent to their address on record (decision
-- 0037): the conversation is then linked to their subscriber record, shows their inbox and takes STOP / START.
ALTER TABLE "chatbot_conversations" ADD COLUMN IF NOT EXISTS "subscriber_id" uuid REFERENCES "chatbot_subscribers"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_conversations_subscriber_idx" ON "chatbot_conversations" USING btree ("subscriber_id") WHERE "subscriber_id" IS NOT NULL;
--> statement-breakpoint
-- Codes sent and not yet used: only the HMAC of the code is kept; a few wrong tries spend it.
CREATE TABLE IF NOT EXISTS "chatbot_chat_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "conversation_id" uuid NOT NULL REFERENCES "chatbot_conversations"("id") ON DELETE CASCADE,
  "subscriber_id" uuid NOT NULL REFERENCES "chatbot_subscribers"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_chat_codes_conversation_idx" ON "chatbot_chat_codes" USING btree ("conversation_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_chat_codes_subscriber_idx" ON "chatbot_chat_codes" USING btree ("subscriber_id", "created_at");
