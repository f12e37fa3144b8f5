-- Facial Recognition Management: holidays and filed leave, which the daily time records respect (a holiday is
-- never absent, late or short; a leave day is on leave, and its official hours are LWOP past the leave credits).
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"days" double precision,
	"paid_days" double precision,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_unique" ON "holidays" USING btree ("date");
--> statement-breakpoint
CREATE INDEX "holidays_date_sort" ON "holidays" USING btree ("date","id");
--> statement-breakpoint
CREATE INDEX "holidays_name_sort" ON "holidays" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX "holidays_created_at_sort" ON "holidays" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "holidays_updated_at_sort" ON "holidays" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "holidays_kind_idx" ON "holidays" USING btree ("kind");
--> statement-breakpoint
CREATE INDEX "holidays_name_trgm" ON "holidays" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "holidays_name_lower" ON "holidays" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "holidays_is_active_idx" ON "holidays" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "leaves_from_sort" ON "leaves" USING btree ("from","id");
--> statement-breakpoint
CREATE INDEX "leaves_to_sort" ON "leaves" USING btree ("to","id");
--> statement-breakpoint
CREATE INDEX "leaves_created_at_sort" ON "leaves" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "leaves_updated_at_sort" ON "leaves" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "leaves_employee_id_idx" ON "leaves" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "leaves_type_code_idx" ON "leaves" USING btree ("type_code");
--> statement-breakpoint
CREATE INDEX "leaves_remarks_trgm" ON "leaves" USING gin ("remarks" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leaves_remarks_lower" ON "leaves" USING btree (lower("remarks"));
--> statement-breakpoint
CREATE INDEX "leaves_is_active_idx" ON "leaves" USING btree ("is_active");
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holidays" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leaves" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
