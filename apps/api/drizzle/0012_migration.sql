CREATE TABLE "migration_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"source_kind" text DEFAULT 'file' NOT NULL,
	"source_name" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"match_kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mode" text DEFAULT 'skip' NOT NULL,
	"date_format" text DEFAULT 'mm/dd/yyyy' NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"preview" jsonb,
	"counts" jsonb,
	"rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"batch_id" uuid,
	"parent_run_id" uuid REFERENCES "migration_runs"("id") ON DELETE SET NULL,
	"started_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "migration_rows" (
	"run_id" uuid NOT NULL REFERENCES "migration_runs"("id") ON DELETE CASCADE,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text,
	"error" text,
	PRIMARY KEY ("run_id", "line")
);
--> statement-breakpoint
CREATE INDEX "migration_runs_created_idx" ON "migration_runs" USING btree ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "migration_runs_resource_idx" ON "migration_runs" USING btree ("resource", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "migration_rows_rejected_idx" ON "migration_rows" USING btree ("run_id", "line") WHERE "outcome" = 'rejected';
