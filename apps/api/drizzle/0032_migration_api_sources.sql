-- Data Migration's REST API sources: where to read (an http or https address), how to sign in (the secret sealed
-- with the migration key, never answered), how the source pages its rows, where the rows are in its answers, and
-- for incremental reads the cursor field and the highest value read so far.
CREATE TABLE IF NOT EXISTS "migration_api_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"auth_kind" text DEFAULT 'none' NOT NULL,
	"auth_header" text DEFAULT '' NOT NULL,
	"secret_sealed" bytea,
	"pagination" text DEFAULT 'none' NOT NULL,
	"page_param" text DEFAULT '' NOT NULL,
	"size_param" text DEFAULT '' NOT NULL,
	"page_size" integer DEFAULT 100 NOT NULL,
	"next_path" text DEFAULT '' NOT NULL,
	"rows_path" text DEFAULT '' NOT NULL,
	"cursor_field" text DEFAULT '' NOT NULL,
	"since_param" text DEFAULT '' NOT NULL,
	"last_cursor" text,
	"cursor_updated_at" timestamp with time zone,
	"created_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "migration_api_sources_name_idx" ON "migration_api_sources" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN IF NOT EXISTS "api_source_id" uuid REFERENCES "migration_api_sources"("id") ON DELETE SET NULL;
