-- Campus Chatbot. A broadcast claims its queued deliveries a chunk at a time in (channel, id) order (decision 0066).
-- With the id in the status index, each chunk is the next entries of the index; without it, every chunk sorted all
-- the broadcast's queued deliveries again, so a large broadcast's chunks grew slower as it went.
CREATE INDEX IF NOT EXISTS "chatbot_deliveries_claim_idx" ON "chatbot_deliveries" USING btree ("broadcast_id", "status", "channel", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "chatbot_deliveries_status_idx";
