CREATE TABLE "frs_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"employee_id" uuid,
	"score" double precision,
	"second_score" double precision,
	"antispoof_score" double precision,
	"liveness_score" double precision,
	"challenge" text,
	"coordinates" text,
	"outside_geofence" boolean DEFAULT false NOT NULL,
	"action" text,
	"timesheet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frs_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"campus" text NOT NULL,
	"building" text NOT NULL,
	"coordinates" text NOT NULL,
	"geofence_radius" integer NOT NULL,
	"require_liveness" boolean DEFAULT false NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"modified_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frs_devices_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "frs_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"consent_given_at" timestamp with time zone NOT NULL,
	"consent_recorded_by_id" uuid NOT NULL,
	"consent_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frs_enrolments_employee_id_unique" UNIQUE("employee_id")
);
--> statement-breakpoint
CREATE TABLE "frs_face_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"photo" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"embedding" "bytea" NOT NULL,
	"quality" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frs_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frs_attempts" ADD CONSTRAINT "frs_attempts_device_id_frs_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."frs_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frs_attempts" ADD CONSTRAINT "frs_attempts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frs_enrolments" ADD CONSTRAINT "frs_enrolments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frs_face_photos" ADD CONSTRAINT "frs_face_photos_enrolment_id_frs_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."frs_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frs_attempts_created_idx" ON "frs_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "frs_attempts_employee_idx" ON "frs_attempts" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "frs_devices_name_idx" ON "frs_devices" USING btree ("name");--> statement-breakpoint
CREATE INDEX "frs_face_photos_enrolment_idx" ON "frs_face_photos" USING btree ("enrolment_id");