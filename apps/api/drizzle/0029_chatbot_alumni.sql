-- Campus Chatbot Management: the alumni segment (decision 0038), one record per subscriber with the alumni office's
-- own consent, given and withdrawn.
CREATE TABLE IF NOT EXISTS "chatbot_alumni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"program" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"student_id" uuid,
	"consent_at" date NOT NULL,
	"consent_withdrawn_at" date,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "chatbot_alumni" ADD CONSTRAINT "chatbot_alumni_subscriber_id_chatbot_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."chatbot_subscribers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chatbot_alumni" ADD CONSTRAINT "chatbot_alumni_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chatbot_alumni_subscriber_id_unique" ON "chatbot_alumni" USING btree ("subscriber_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_graduation_year_sort" ON "chatbot_alumni" USING btree ("graduation_year","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_program_sort" ON "chatbot_alumni" USING btree ("program","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_consent_at_sort" ON "chatbot_alumni" USING btree ("consent_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_created_at_sort" ON "chatbot_alumni" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_updated_at_sort" ON "chatbot_alumni" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_student_id_idx" ON "chatbot_alumni" USING btree ("student_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_program_trgm" ON "chatbot_alumni" USING gin ("program" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_program_lower" ON "chatbot_alumni" USING btree (lower("program"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_is_active_idx" ON "chatbot_alumni" USING btree ("is_active");
--> statement-breakpoint
ALTER TABLE "chatbot_alumni" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("program", ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_alumni_list_search_trgm" ON "chatbot_alumni" USING gin ("list_search" gin_trgm_ops);
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbot_alumni" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
