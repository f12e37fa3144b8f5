CREATE TABLE "migration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" bytea,
	"tls" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "migration_connections_name_idx" ON "migration_connections" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "migration_cursors" (
	"connection_id" uuid NOT NULL REFERENCES "migration_connections"("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"cursor_column" text NOT NULL,
	"last_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("connection_id", "source", "cursor_column")
);
--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN "connection_id" uuid REFERENCES "migration_connections"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN "source_table" text;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN "source_query" text;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN "cursor_column" text;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD COLUMN "cursor_from" text;
