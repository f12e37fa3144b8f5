-- Analytics and Reports: tickets resolved per day are counted by resolution time.
CREATE INDEX IF NOT EXISTS "support_tickets_resolved_idx" ON "support_tickets" USING btree ("resolved_at") WHERE "resolved_at" IS NOT NULL;
--> statement-breakpoint
-- Backlog at the end of a period: tickets neither resolved nor closed, by creation time.
CREATE INDEX IF NOT EXISTS "support_tickets_open_created_idx" ON "support_tickets" USING btree ("created_at") WHERE "resolved_at" IS NULL AND "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_closed_idx" ON "support_tickets" USING btree ("closed_at") WHERE "closed_at" IS NOT NULL;
--> statement-breakpoint
-- The audit trail filtered by an actor's email (or its beginning).
CREATE INDEX IF NOT EXISTS "audit_trails_actor_email_idx" ON "audit_trails" USING btree (lower("actor_email") text_pattern_ops, "created_at");
