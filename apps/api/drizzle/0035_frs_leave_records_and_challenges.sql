-- Facial Recognition Management. A switched-off holiday no longer holds its date: one active holiday a date.
-- The daily time records a leave created (days that had none), so that cancelling the leave removes them again
-- and leaves the days as if it had never been filed. And the liveness challenges a kiosk was given: single use,
-- short-lived, each answer checked against the one the server issued (decision 0053).
DROP INDEX IF EXISTS "holidays_date_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_unique" ON "holidays" USING btree ("date") WHERE "is_active";
--> statement-breakpoint
CREATE TABLE "frs_leave_records" (
	"leave_id" uuid NOT NULL REFERENCES "leaves"("id") ON DELETE CASCADE,
	"record_id" uuid NOT NULL REFERENCES "daily_time_records"("id") ON DELETE CASCADE,
	PRIMARY KEY ("leave_id", "record_id")
);
--> statement-breakpoint
CREATE INDEX "frs_leave_records_record_idx" ON "frs_leave_records" USING btree ("record_id");
--> statement-breakpoint
CREATE TABLE "frs_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL REFERENCES "frs_devices"("id") ON DELETE CASCADE,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "frs_challenges_device_idx" ON "frs_challenges" USING btree ("device_id", "expires_at");
