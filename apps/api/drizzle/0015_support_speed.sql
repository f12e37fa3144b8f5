-- Ticket lists count their matches (up to 10,000) and page them from these indexes of live tickets (merged ones
-- never show in a list): the team queue and "my tickets", with or without a state, are counted from the index
-- alone, without reading the table.
CREATE INDEX IF NOT EXISTS "support_tickets_live_team_idx" ON "support_tickets" USING btree ("team_id","state","created_at","id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_live_assignee_idx" ON "support_tickets" USING btree ("assignee_id","state","created_at","id") WHERE "merged_into_id" IS NULL;--> statement-breakpoint
-- The search looks up the rarest word of a query in the trigram index, judged on the column's statistics sample:
-- a larger sample tells rare words from common ones better.
ALTER TABLE "support_tickets" ALTER COLUMN "search_text" SET STATISTICS 300;
