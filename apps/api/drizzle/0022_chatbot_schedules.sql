-- Campus Chatbot: scheduled broadcasts. A broadcast is sent once at a date and time or again every day, week or month,
-- always in an explicit time zone; `next_run_at` is the instant of its next send (croner, in that zone). A recurring
-- broadcast sends a copy of itself at each run (`schedule_of_id` names the schedule it came from).
ALTER TABLE "chatbot_broadcasts" DROP CONSTRAINT IF EXISTS "chatbot_broadcasts_status_check";
--> statement-breakpoint
ALTER TABLE "chatbot_broadcasts" ADD CONSTRAINT "chatbot_broadcasts_status_check"
  CHECK ("status" IN ('DRAFT', 'AWAITING_APPROVAL', 'APPROVED', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'));
--> statement-breakpoint
ALTER TABLE "chatbot_broadcasts" ADD COLUMN IF NOT EXISTS "schedule" jsonb;
--> statement-breakpoint
ALTER TABLE "chatbot_broadcasts" ADD COLUMN IF NOT EXISTS "next_run_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chatbot_broadcasts" ADD COLUMN IF NOT EXISTS "last_run_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chatbot_broadcasts" ADD COLUMN IF NOT EXISTS "schedule_of_id" uuid REFERENCES "chatbot_broadcasts"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_broadcasts_due_idx" ON "chatbot_broadcasts" USING btree ("next_run_at") WHERE "status" = 'SCHEDULED';
