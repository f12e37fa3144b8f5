-- Analytics and Reports: the Chatbot report reads a period's replies and conversations by time, and when each response
-- was last used; the Chatbot's own indexes are by conversation. Used only by the reports.
CREATE INDEX IF NOT EXISTS "chatbot_messages_report_bot_idx" ON "chatbot_messages" USING btree ("created_at")
  INCLUDE ("conversation_id", "matched", "response_id") WHERE "sender" = 'bot';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_messages_report_response_idx" ON "chatbot_messages" USING btree ("response_id", "created_at")
  WHERE "response_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_conversations_report_started_idx" ON "chatbot_conversations" USING btree ("started_at");
--> statement-breakpoint
-- Who receives a report page's key figures by email every Monday (the reports-weekly-email job).
CREATE TABLE IF NOT EXISTS "reports_email_recipients" (
  "page" text NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("page", "user_id")
);
