-- Saved database connections and REST API sources are records of the generic handlers (decision 0061): like every
-- record they carry a state (`is_active`, on for every saved one; nothing reads it yet) and who changed them last.
ALTER TABLE "migration_connections" ADD COLUMN IF NOT EXISTS "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "migration_connections" ADD COLUMN IF NOT EXISTS "modified_by_id" uuid;--> statement-breakpoint
ALTER TABLE "migration_api_sources" ADD COLUMN IF NOT EXISTS "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "migration_api_sources" ADD COLUMN IF NOT EXISTS "modified_by_id" uuid;
