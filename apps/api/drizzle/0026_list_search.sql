-- The free-text search of the generic lists (`q`) reads one column per table: the searchable fields, each lower-cased
-- and joined by a line break, kept by the database (a stored generated column). A word of a search never holds a
-- line break, so `list_search like lower('%word%')` matches exactly the rows where one of the fields contains the word
-- case-insensitively (what `field ilike '%word%'` over each field answered): one trigram index is looked up instead
-- of one per field, and each candidate row is checked with one `like` on lower-cased text instead of an `ilike`,
-- which lower-cases the field and the pattern again, per field. Decision 0034.
ALTER TABLE "applications" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_list_search_trgm" ON "applications" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_list_search_trgm" ON "modules" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("url", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "services_list_search_trgm" ON "services" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roles_list_search_trgm" ON "roles" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("email", '')) || E'\n' || lower(coalesce("first_name", '')) || E'\n' || lower(coalesce("last_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_list_search_trgm" ON "users" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "campuses" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", '')) || E'\n' || lower(coalesce("address", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campuses_list_search_trgm" ON "campuses" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colleges_list_search_trgm" ON "colleges" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "academic_departments" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "academic_departments_list_search_trgm" ON "academic_departments" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "courses_list_search_trgm" ON "courses" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subjects_list_search_trgm" ON "subjects" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sections_list_search_trgm" ON "sections" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("employee_number", '')) || E'\n' || lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("first_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "instructors_list_search_trgm" ON "instructors" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("student_number", '')) || E'\n' || lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("first_name", '')) || E'\n' || lower(coalesce("email", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_list_search_trgm" ON "students" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", '')) || E'\n' || lower(coalesce("building", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_list_search_trgm" ON "rooms" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedules_list_search_trgm" ON "schedules" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "academic_years_list_search_trgm" ON "academic_years" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "semesters" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "semesters_list_search_trgm" ON "semesters" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("remarks", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enrolled_students_list_search_trgm" ON "enrolled_students" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_list_search_trgm" ON "announcements" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "profanity_words" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("word", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profanity_words_list_search_trgm" ON "profanity_words" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "calendar_events_list_search_trgm" ON "calendar_events" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "academic_breaks" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "academic_breaks_list_search_trgm" ON "academic_breaks" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_evaluations_list_search_trgm" ON "student_evaluations" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "grade_release_dates" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grade_release_dates_list_search_trgm" ON "grade_release_dates" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "grading_systems" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("scale", '')) || E'\n' || lower(coalesce("equivalent", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grading_systems_list_search_trgm" ON "grading_systems" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "grace_periods" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grace_periods_list_search_trgm" ON "grace_periods" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("employee_number", '')) || E'\n' || lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("first_name", '')) || E'\n' || lower(coalesce("email", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_list_search_trgm" ON "employees" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "hr_departments" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_departments_list_search_trgm" ON "hr_departments" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "designations" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("plantilla_item", '')) || E'\n' || lower(coalesce("place_of_assignment", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "designations_list_search_trgm" ON "designations" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "salary_grades" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "salary_grades_list_search_trgm" ON "salary_grades" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_list_search_trgm" ON "appointments" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "hr_schedules" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_schedules_list_search_trgm" ON "hr_schedules" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "leave_credits" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("remarks", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leave_credits_list_search_trgm" ON "leave_credits" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "service_credits" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("remarks", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_credits_list_search_trgm" ON "service_credits" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "work_experiences" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("position_title", '')) || E'\n' || lower(coalesce("company", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_experiences_list_search_trgm" ON "work_experiences" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("designation", '')) || E'\n' || lower(coalesce("place_of_assignment", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_list_search_trgm" ON "service_records" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "allowance_types" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "allowance_types_list_search_trgm" ON "allowance_types" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "deduction_types" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deduction_types_list_search_trgm" ON "deduction_types" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "lwops" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("remarks", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lwops_list_search_trgm" ON "lwops" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("title", '')) || E'\n' || lower(coalesce("conducted_by", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainings_list_search_trgm" ON "trainings" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_family" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("first_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_family_list_search_trgm" ON "employee_family" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_education" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("school", '')) || E'\n' || lower(coalesce("degree_course", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_education_list_search_trgm" ON "employee_education" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_eligibilities" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("eligibility", '')) || E'\n' || lower(coalesce("license_number", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_eligibilities_list_search_trgm" ON "employee_eligibilities" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_voluntary_work" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("organization", '')) || E'\n' || lower(coalesce("position", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_voluntary_work_list_search_trgm" ON "employee_voluntary_work" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_learning" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_learning_list_search_trgm" ON "employee_learning" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "employee_other_info" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("text", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employee_other_info_list_search_trgm" ON "employee_other_info" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "support_categories" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", '')) || E'\n' || lower(coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_categories_list_search_trgm" ON "support_categories" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "support_categories_v2" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_categories_v2_list_search_trgm" ON "support_categories_v2" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "support_teams" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_teams_list_search_trgm" ON "support_teams" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "support_offices" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", '')) || E'\n' || lower(coalesce("email", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_offices_list_search_trgm" ON "support_offices" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "sla_policies" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("code", '')) || E'\n' || lower(coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sla_policies_list_search_trgm" ON "sla_policies" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "chatbot_responses" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("title", '')) || E'\n' || lower(coalesce("questions", '')) || E'\n' || lower(coalesce("answer", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_responses_list_search_trgm" ON "chatbot_responses" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "chatbot_personas" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("name", '')) || E'\n' || lower(coalesce("greeting", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_personas_list_search_trgm" ON "chatbot_personas" USING gin ("list_search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "chatbot_subscribers" ADD COLUMN IF NOT EXISTS "list_search" text GENERATED ALWAYS AS (lower(coalesce("last_name", '')) || E'\n' || lower(coalesce("first_name", '')) || E'\n' || lower(coalesce("email", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chatbot_subscribers_list_search_trgm" ON "chatbot_subscribers" USING gin ("list_search" gin_trgm_ops);
