-- The Support report's medians in business hours (decision 0037): each ticket keeps the business minutes its SLA clock
-- ran until the first response and until resolution (its office's calendar, pauses left out), written with the
-- clock's other figures. Tickets answered before this column existed get theirs from the SLA sweep, a few hundred a run.
ALTER TABLE "support_tickets" ADD COLUMN IF NOT EXISTS "first_response_business_minutes" double precision;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN IF NOT EXISTS "resolution_business_minutes" double precision;
--> statement-breakpoint
-- The report indexes of 0016 carry the minutes instead of the instants they were worked out from.
DROP INDEX IF EXISTS "support_tickets_report_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_report_created_idx" ON "support_tickets" USING btree ("created_at")
  INCLUDE ("office_id", "team_id", "category_v2_id", "assignee_id", "sla_status", "first_response_business_minutes", "resolution_business_minutes")
  WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "support_tickets_report_list_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_report_list_idx" ON "support_tickets" USING btree ("created_at")
  INCLUDE ("id", "office_id", "team_id", "category_v2_id", "assignee_id", "sla_status", "state", "priority", "channel", "number",
    "first_responded_at", "resolved_at", "closed_at", "first_response_business_minutes", "resolution_business_minutes")
  WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
-- Tickets whose minutes are still to be worked out (answered or resolved before the columns existed).
CREATE INDEX IF NOT EXISTS "support_tickets_business_minutes_todo_idx" ON "support_tickets" USING btree ("id")
  WHERE ("first_responded_at" IS NOT NULL AND "first_response_business_minutes" IS NULL)
     OR ("resolved_at" IS NOT NULL AND "resolution_business_minutes" IS NULL);
