-- Raises list_versions.version for a table on every statement that writes it (see src/db/schema/core.ts).
CREATE OR REPLACE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (table_name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = list_versions.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_breaks" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_departments" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_years" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointments" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_events" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campuses" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "colleges" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "daily_time_records" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "designations" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_schedules" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrolled_students" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grace_periods" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grade_release_dates" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grading_systems" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hr_departments" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hr_schedule_items" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hr_schedules" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leave_credits" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profanity_words" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "salary_grades" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "schedules" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sections" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "semesters" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_credits" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_records" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "student_evaluations" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "timesheets" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_experiences" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
