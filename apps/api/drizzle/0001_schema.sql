CREATE TABLE "academic_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"academic_year_id" uuid,
	"semester_id" uuid,
	"campus_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "academic_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"college_id" uuid NOT NULL,
	"chair_person_id" uuid,
	"campus_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "academic_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"from" integer NOT NULL,
	"to" integer NOT NULL,
	"default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'UPCOMING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"campus_id" uuid,
	"publish_from" timestamp with time zone NOT NULL,
	"publish_to" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"campus_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"email" text,
	"contact_no" text,
	"lat" double precision,
	"long" double precision,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "colleges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"email" text,
	"contact_number" text,
	"employee_code" text,
	"dean_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"department_id" uuid NOT NULL,
	"campus_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "enrolled_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"course_id" uuid,
	"instructor_id" uuid,
	"subject_id" uuid,
	"year_level" integer,
	"campus_id" uuid,
	"academic_year_id" uuid,
	"semester_id" uuid,
	"draft" boolean DEFAULT false NOT NULL,
	"graded" boolean DEFAULT false NOT NULL,
	"final_grade" double precision,
	"final_equivalent" text,
	"equivalent" text,
	"midterm" double precision,
	"finals" double precision,
	"present_midterm" integer,
	"present_finals" integer,
	"participation_midterm" double precision,
	"participation_finals" double precision,
	"recitation_midterm" double precision,
	"recitation_finals" double precision,
	"enrollment_status" text NOT NULL,
	"is_drop" boolean DEFAULT false NOT NULL,
	"attendance_grade" double precision,
	"is_final_grade" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "grace_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"period" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"academic_year_id" uuid,
	"semester_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "grade_release_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text NOT NULL,
	"period" text NOT NULL,
	"release_date" date NOT NULL,
	"academic_year_id" uuid,
	"semester_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "grading_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scale" text NOT NULL,
	"equivalent" text NOT NULL,
	"description" text NOT NULL,
	"min_grade" double precision NOT NULL,
	"max_grade" double precision NOT NULL,
	"is_passing" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_number" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"contact_number" text,
	"is_dean" boolean DEFAULT false NOT NULL,
	"is_chair_person" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "profanity_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"floor" text,
	"building" text,
	"campus_id" uuid NOT NULL,
	"capacity" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"days" text[] DEFAULT '{}'::text[] NOT NULL,
	"from" time NOT NULL,
	"to" time NOT NULL,
	"room_id" uuid,
	"instructor_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"course_id" uuid,
	"room_id" uuid,
	"schedule_id" uuid,
	"instructor_id" uuid,
	"subject_id" uuid NOT NULL,
	"semester_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"department_id" uuid,
	"campus_id" uuid,
	"term" text,
	"days_midterm" integer,
	"days_finals" integer,
	"laboratory" boolean DEFAULT false NOT NULL,
	"slot" integer NOT NULL,
	"available_slots" integer,
	"participation" double precision NOT NULL,
	"exam" double precision NOT NULL,
	"project" double precision NOT NULL,
	"activity" double precision NOT NULL,
	"quiz" double precision NOT NULL,
	"recitation" double precision NOT NULL,
	"assignment" double precision NOT NULL,
	"attendance" double precision NOT NULL,
	"participation_overall" double precision,
	"recitation_overall" double precision,
	"grade_ratings" text,
	"banner_image" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"default" boolean DEFAULT false NOT NULL,
	"academic_year_id" uuid,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'UPCOMING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "student_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"academic_year_id" uuid,
	"semester_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_number" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"extension" text,
	"email" text,
	"contact_number" text,
	"gender" text,
	"civil_status" text,
	"birth_date" date,
	"birth_place" text,
	"nationality" text,
	"religion" text,
	"address" text,
	"avatar" text,
	"signature" text,
	"guardian_code" text,
	"campus_id" uuid NOT NULL,
	"college_id" uuid,
	"course_id" uuid NOT NULL,
	"admitted_academic_year_id" uuid,
	"admitted_semester_id" uuid,
	"subject_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subject_type" text NOT NULL,
	"description" text,
	"department_id" uuid,
	"units" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "audit_trails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"activity" text NOT NULL,
	"resource" text,
	"record_id" text,
	"changes" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"department_id" uuid,
	"appointment_status" integer,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "daily_time_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"statuses" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"total_duration" integer,
	"tardiness_duration" integer,
	"undertime_duration" integer,
	"lwop_duration" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "designations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_managerial" boolean DEFAULT false NOT NULL,
	"plantilla_item" text,
	"slots" integer,
	"vacant" integer,
	"salary_grade_id" uuid,
	"salary_grade_step" integer,
	"monthly_salary" double precision,
	"category" integer NOT NULL,
	"place_of_assignment" text,
	"department_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_number" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"name_extension" text,
	"birth_date" date,
	"birth_place" text,
	"sex" text,
	"civil_status" text,
	"citizenship" text,
	"height" double precision,
	"weight" double precision,
	"blood_type" text,
	"residential_address" text,
	"residential_zip_code" text,
	"permanent_address" text,
	"permanent_zip_code" text,
	"telephone_number" text,
	"mobile_number" text,
	"email" text,
	"tin" text,
	"gsis_number" text,
	"philhealth_number" text,
	"pagibig_number" text,
	"sss_number" text,
	"employee_type" text NOT NULL,
	"appointment_status" integer,
	"designation_id" uuid,
	"department_id" uuid,
	"date_hired" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "hr_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"head_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "hr_schedule_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"time_in" time NOT NULL,
	"time_out" time NOT NULL,
	"break_start" time,
	"break_end" time,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "hr_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"grace_period_minutes" integer,
	"work_arrangement" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "leave_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_code" text NOT NULL,
	"employee_id" uuid NOT NULL,
	"credit" double precision,
	"debit" double precision,
	"balance" double precision,
	"as_of" date,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "salary_grades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"step" integer NOT NULL,
	"salary" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_code" text NOT NULL,
	"employee_id" uuid NOT NULL,
	"credit" double precision,
	"debit" double precision,
	"balance" double precision,
	"as_of" date,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date,
	"designation" text NOT NULL,
	"appointment_status" integer,
	"annual_salary" double precision,
	"place_of_assignment" text,
	"branch" text,
	"leave_without_pay" text,
	"separation_date" date,
	"separation_cause" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time_in" time,
	"time_out" time,
	"duration" integer,
	"time_in_device_type" integer,
	"time_out_device_type" integer,
	"time_in_coordination" text,
	"time_out_coordination" text,
	"work_arrangement" integer,
	"is_adjusted" boolean DEFAULT false NOT NULL,
	"record_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "work_experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date,
	"position_title" text NOT NULL,
	"company" text NOT NULL,
	"monthly_salary" double precision,
	"salary_grade" text,
	"appointment_status" integer,
	"is_government_service" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"application_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"application_code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"application_code" text NOT NULL,
	"module_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"target" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"contact_no" text,
	"iam_admin" boolean DEFAULT false NOT NULL,
	"admin_scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"employee_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid,
	"avatar" text,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "academic_breaks" ADD CONSTRAINT "academic_breaks_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_breaks" ADD CONSTRAINT "academic_breaks_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_breaks" ADD CONSTRAINT "academic_breaks_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_departments" ADD CONSTRAINT "academic_departments_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_departments" ADD CONSTRAINT "academic_departments_chair_person_id_instructors_id_fk" FOREIGN KEY ("chair_person_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_departments" ADD CONSTRAINT "academic_departments_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_dean_id_instructors_id_fk" FOREIGN KEY ("dean_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_department_id_academic_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."academic_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolled_students" ADD CONSTRAINT "enrolled_students_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grace_periods" ADD CONSTRAINT "grace_periods_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grace_periods" ADD CONSTRAINT "grace_periods_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_release_dates" ADD CONSTRAINT "grade_release_dates_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_release_dates" ADD CONSTRAINT "grade_release_dates_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_department_id_academic_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."academic_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_admitted_academic_year_id_academic_years_id_fk" FOREIGN KEY ("admitted_academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_admitted_semester_id_semesters_id_fk" FOREIGN KEY ("admitted_semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_department_id_academic_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."academic_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_department_id_hr_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."hr_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_time_records" ADD CONSTRAINT "daily_time_records_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designations" ADD CONSTRAINT "designations_salary_grade_id_salary_grades_id_fk" FOREIGN KEY ("salary_grade_id") REFERENCES "public"."salary_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designations" ADD CONSTRAINT "designations_department_id_hr_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."hr_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedules" ADD CONSTRAINT "employee_schedules_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedules" ADD CONSTRAINT "employee_schedules_schedule_id_hr_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."hr_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_hr_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."hr_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_departments" ADD CONSTRAINT "hr_departments_head_id_employees_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_schedule_items" ADD CONSTRAINT "hr_schedule_items_schedule_id_hr_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."hr_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_credits" ADD CONSTRAINT "leave_credits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_credits" ADD CONSTRAINT "service_credits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_record_id_daily_time_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."daily_time_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_experiences" ADD CONSTRAINT "work_experiences_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_breaks_name_sort" ON "academic_breaks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "academic_breaks_start_date_sort" ON "academic_breaks" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "academic_breaks_end_date_sort" ON "academic_breaks" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "academic_breaks_created_at_sort" ON "academic_breaks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "academic_breaks_updated_at_sort" ON "academic_breaks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "academic_breaks_academic_year_id_idx" ON "academic_breaks" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "academic_breaks_semester_id_idx" ON "academic_breaks" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "academic_breaks_campus_id_idx" ON "academic_breaks" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "academic_breaks_name_trgm" ON "academic_breaks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_breaks_name_lower" ON "academic_breaks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "academic_breaks_is_active_idx" ON "academic_breaks" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_departments_code_unique" ON "academic_departments" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "academic_departments_code_sort" ON "academic_departments" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "academic_departments_name_sort" ON "academic_departments" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "academic_departments_created_at_sort" ON "academic_departments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "academic_departments_updated_at_sort" ON "academic_departments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "academic_departments_college_id_idx" ON "academic_departments" USING btree ("college_id");--> statement-breakpoint
CREATE INDEX "academic_departments_chair_person_id_idx" ON "academic_departments" USING btree ("chair_person_id");--> statement-breakpoint
CREATE INDEX "academic_departments_campus_id_idx" ON "academic_departments" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "academic_departments_code_trgm" ON "academic_departments" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_departments_name_trgm" ON "academic_departments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_departments_name_lower" ON "academic_departments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "academic_departments_is_active_idx" ON "academic_departments" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_code_unique" ON "academic_years" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "academic_years_code_sort" ON "academic_years" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "academic_years_from_sort" ON "academic_years" USING btree ("from","id");--> statement-breakpoint
CREATE INDEX "academic_years_to_sort" ON "academic_years" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "academic_years_created_at_sort" ON "academic_years" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "academic_years_updated_at_sort" ON "academic_years" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "academic_years_default_idx" ON "academic_years" USING btree ("default");--> statement-breakpoint
CREATE INDEX "academic_years_code_trgm" ON "academic_years" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_years_description_trgm" ON "academic_years" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "academic_years_description_lower" ON "academic_years" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "academic_years_status_idx" ON "academic_years" USING btree ("status");--> statement-breakpoint
CREATE INDEX "announcements_title_sort" ON "announcements" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "announcements_publish_from_sort" ON "announcements" USING btree ("publish_from","id");--> statement-breakpoint
CREATE INDEX "announcements_publish_to_sort" ON "announcements" USING btree ("publish_to","id");--> statement-breakpoint
CREATE INDEX "announcements_created_at_sort" ON "announcements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_updated_at_sort" ON "announcements" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "announcements_audience_idx" ON "announcements" USING btree ("audience");--> statement-breakpoint
CREATE INDEX "announcements_campus_id_idx" ON "announcements" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "announcements_title_trgm" ON "announcements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "announcements_title_lower" ON "announcements" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "announcements_is_active_idx" ON "announcements" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "calendar_events_title_sort" ON "calendar_events" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "calendar_events_start_date_sort" ON "calendar_events" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "calendar_events_end_date_sort" ON "calendar_events" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "calendar_events_created_at_sort" ON "calendar_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "calendar_events_updated_at_sort" ON "calendar_events" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "calendar_events_category_idx" ON "calendar_events" USING btree ("category");--> statement-breakpoint
CREATE INDEX "calendar_events_campus_id_idx" ON "calendar_events" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "calendar_events_title_trgm" ON "calendar_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_events_title_lower" ON "calendar_events" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "calendar_events_is_active_idx" ON "calendar_events" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_code_unique" ON "campuses" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_name_unique" ON "campuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "campuses_code_sort" ON "campuses" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "campuses_name_sort" ON "campuses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "campuses_created_at_sort" ON "campuses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campuses_updated_at_sort" ON "campuses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "campuses_is_main_idx" ON "campuses" USING btree ("is_main");--> statement-breakpoint
CREATE INDEX "campuses_code_trgm" ON "campuses" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campuses_name_trgm" ON "campuses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campuses_address_trgm" ON "campuses" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campuses_address_lower" ON "campuses" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "campuses_is_active_idx" ON "campuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "colleges_code_unique" ON "colleges" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "colleges_code_sort" ON "colleges" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "colleges_name_sort" ON "colleges" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "colleges_created_at_sort" ON "colleges" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "colleges_updated_at_sort" ON "colleges" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "colleges_campus_id_idx" ON "colleges" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "colleges_dean_id_idx" ON "colleges" USING btree ("dean_id");--> statement-breakpoint
CREATE INDEX "colleges_code_trgm" ON "colleges" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "colleges_name_trgm" ON "colleges" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "colleges_name_lower" ON "colleges" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "colleges_is_active_idx" ON "colleges" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_unique" ON "courses" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "courses_code_sort" ON "courses" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "courses_name_sort" ON "courses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "courses_created_at_sort" ON "courses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courses_updated_at_sort" ON "courses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "courses_department_id_idx" ON "courses" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "courses_campus_id_idx" ON "courses" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "courses_code_trgm" ON "courses" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_name_trgm" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_name_lower" ON "courses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "courses_is_active_idx" ON "courses" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "enrolled_students_year_level_sort" ON "enrolled_students" USING btree ("year_level","id");--> statement-breakpoint
CREATE INDEX "enrolled_students_final_grade_sort" ON "enrolled_students" USING btree ("final_grade","id");--> statement-breakpoint
CREATE INDEX "enrolled_students_created_at_sort" ON "enrolled_students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "enrolled_students_updated_at_sort" ON "enrolled_students" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "enrolled_students_student_id_idx" ON "enrolled_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_section_id_idx" ON "enrolled_students" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_course_id_idx" ON "enrolled_students" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_instructor_id_idx" ON "enrolled_students" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_subject_id_idx" ON "enrolled_students" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_campus_id_idx" ON "enrolled_students" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_academic_year_id_idx" ON "enrolled_students" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_semester_id_idx" ON "enrolled_students" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "enrolled_students_enrollment_status_idx" ON "enrolled_students" USING btree ("enrollment_status");--> statement-breakpoint
CREATE INDEX "enrolled_students_is_drop_idx" ON "enrolled_students" USING btree ("is_drop");--> statement-breakpoint
CREATE INDEX "enrolled_students_remarks_trgm" ON "enrolled_students" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolled_students_remarks_lower" ON "enrolled_students" USING btree (lower("remarks"));--> statement-breakpoint
CREATE INDEX "enrolled_students_is_active_idx" ON "enrolled_students" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "grace_periods_name_sort" ON "grace_periods" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "grace_periods_start_date_sort" ON "grace_periods" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "grace_periods_end_date_sort" ON "grace_periods" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "grace_periods_created_at_sort" ON "grace_periods" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "grace_periods_updated_at_sort" ON "grace_periods" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grace_periods_period_idx" ON "grace_periods" USING btree ("period");--> statement-breakpoint
CREATE INDEX "grace_periods_academic_year_id_idx" ON "grace_periods" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "grace_periods_semester_id_idx" ON "grace_periods" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "grace_periods_name_trgm" ON "grace_periods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grace_periods_name_lower" ON "grace_periods" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "grace_periods_is_active_idx" ON "grace_periods" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "grade_release_dates_description_sort" ON "grade_release_dates" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_release_date_sort" ON "grade_release_dates" USING btree ("release_date","id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_created_at_sort" ON "grade_release_dates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_updated_at_sort" ON "grade_release_dates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_period_idx" ON "grade_release_dates" USING btree ("period");--> statement-breakpoint
CREATE INDEX "grade_release_dates_academic_year_id_idx" ON "grade_release_dates" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_semester_id_idx" ON "grade_release_dates" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "grade_release_dates_description_trgm" ON "grade_release_dates" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grade_release_dates_description_lower" ON "grade_release_dates" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "grade_release_dates_is_active_idx" ON "grade_release_dates" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "grading_systems_scale_sort" ON "grading_systems" USING btree ("scale","id");--> statement-breakpoint
CREATE INDEX "grading_systems_equivalent_sort" ON "grading_systems" USING btree ("equivalent","id");--> statement-breakpoint
CREATE INDEX "grading_systems_min_grade_sort" ON "grading_systems" USING btree ("min_grade","id");--> statement-breakpoint
CREATE INDEX "grading_systems_max_grade_sort" ON "grading_systems" USING btree ("max_grade","id");--> statement-breakpoint
CREATE INDEX "grading_systems_created_at_sort" ON "grading_systems" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "grading_systems_updated_at_sort" ON "grading_systems" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grading_systems_scale_lower" ON "grading_systems" USING btree (lower("scale"));--> statement-breakpoint
CREATE INDEX "grading_systems_is_passing_idx" ON "grading_systems" USING btree ("is_passing");--> statement-breakpoint
CREATE INDEX "grading_systems_scale_trgm" ON "grading_systems" USING gin ("scale" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grading_systems_equivalent_trgm" ON "grading_systems" USING gin ("equivalent" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grading_systems_equivalent_lower" ON "grading_systems" USING btree (lower("equivalent"));--> statement-breakpoint
CREATE INDEX "grading_systems_description_trgm" ON "grading_systems" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grading_systems_description_lower" ON "grading_systems" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "grading_systems_is_active_idx" ON "grading_systems" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_employee_number_unique" ON "instructors" USING btree (lower("employee_number"));--> statement-breakpoint
CREATE INDEX "instructors_employee_number_sort" ON "instructors" USING btree ("employee_number","id");--> statement-breakpoint
CREATE INDEX "instructors_last_name_sort" ON "instructors" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "instructors_first_name_sort" ON "instructors" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "instructors_created_at_sort" ON "instructors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "instructors_updated_at_sort" ON "instructors" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "instructors_is_dean_idx" ON "instructors" USING btree ("is_dean");--> statement-breakpoint
CREATE INDEX "instructors_is_chair_person_idx" ON "instructors" USING btree ("is_chair_person");--> statement-breakpoint
CREATE INDEX "instructors_employee_number_trgm" ON "instructors" USING gin ("employee_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instructors_last_name_trgm" ON "instructors" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instructors_last_name_lower" ON "instructors" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "instructors_first_name_trgm" ON "instructors" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instructors_first_name_lower" ON "instructors" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "instructors_is_active_idx" ON "instructors" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "profanity_words_word_unique" ON "profanity_words" USING btree (lower("word"));--> statement-breakpoint
CREATE INDEX "profanity_words_word_sort" ON "profanity_words" USING btree ("word","id");--> statement-breakpoint
CREATE INDEX "profanity_words_kind_sort" ON "profanity_words" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "profanity_words_created_at_sort" ON "profanity_words" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profanity_words_updated_at_sort" ON "profanity_words" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "profanity_words_word_trgm" ON "profanity_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profanity_words_is_active_idx" ON "profanity_words" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_code_unique" ON "rooms" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "rooms_code_sort" ON "rooms" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "rooms_name_sort" ON "rooms" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "rooms_building_sort" ON "rooms" USING btree ("building","id");--> statement-breakpoint
CREATE INDEX "rooms_capacity_sort" ON "rooms" USING btree ("capacity","id");--> statement-breakpoint
CREATE INDEX "rooms_created_at_sort" ON "rooms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rooms_updated_at_sort" ON "rooms" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "rooms_campus_id_idx" ON "rooms" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "rooms_code_trgm" ON "rooms" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_name_trgm" ON "rooms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_name_lower" ON "rooms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "rooms_building_trgm" ON "rooms" USING gin ("building" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_building_lower" ON "rooms" USING btree (lower("building"));--> statement-breakpoint
CREATE INDEX "rooms_is_active_idx" ON "rooms" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_code_unique" ON "schedules" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "schedules_code_sort" ON "schedules" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "schedules_name_sort" ON "schedules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "schedules_from_sort" ON "schedules" USING btree ("from","id");--> statement-breakpoint
CREATE INDEX "schedules_created_at_sort" ON "schedules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "schedules_updated_at_sort" ON "schedules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "schedules_room_id_idx" ON "schedules" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "schedules_instructor_id_idx" ON "schedules" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "schedules_code_trgm" ON "schedules" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedules_name_trgm" ON "schedules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedules_name_lower" ON "schedules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "schedules_is_active_idx" ON "schedules" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_code_unique" ON "sections" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "sections_code_sort" ON "sections" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "sections_name_sort" ON "sections" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "sections_slot_sort" ON "sections" USING btree ("slot","id");--> statement-breakpoint
CREATE INDEX "sections_available_slots_sort" ON "sections" USING btree ("available_slots","id");--> statement-breakpoint
CREATE INDEX "sections_created_at_sort" ON "sections" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sections_updated_at_sort" ON "sections" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "sections_course_id_idx" ON "sections" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "sections_room_id_idx" ON "sections" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "sections_schedule_id_idx" ON "sections" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "sections_instructor_id_idx" ON "sections" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "sections_subject_id_idx" ON "sections" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "sections_semester_id_idx" ON "sections" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "sections_academic_year_id_idx" ON "sections" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "sections_department_id_idx" ON "sections" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "sections_campus_id_idx" ON "sections" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "sections_code_trgm" ON "sections" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_name_trgm" ON "sections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_name_lower" ON "sections" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sections_status_idx" ON "sections" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "semesters_code_unique" ON "semesters" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "semesters_code_sort" ON "semesters" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "semesters_description_sort" ON "semesters" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "semesters_start_date_sort" ON "semesters" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "semesters_created_at_sort" ON "semesters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "semesters_updated_at_sort" ON "semesters" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "semesters_default_idx" ON "semesters" USING btree ("default");--> statement-breakpoint
CREATE INDEX "semesters_academic_year_id_idx" ON "semesters" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "semesters_code_trgm" ON "semesters" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "semesters_description_trgm" ON "semesters" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "semesters_description_lower" ON "semesters" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "semesters_status_idx" ON "semesters" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "student_evaluations_name_unique" ON "student_evaluations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "student_evaluations_name_sort" ON "student_evaluations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "student_evaluations_start_date_sort" ON "student_evaluations" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "student_evaluations_end_date_sort" ON "student_evaluations" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "student_evaluations_created_at_sort" ON "student_evaluations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "student_evaluations_updated_at_sort" ON "student_evaluations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "student_evaluations_academic_year_id_idx" ON "student_evaluations" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "student_evaluations_semester_id_idx" ON "student_evaluations" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "student_evaluations_name_trgm" ON "student_evaluations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_evaluations_is_active_idx" ON "student_evaluations" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "students_student_number_unique" ON "students" USING btree (lower("student_number"));--> statement-breakpoint
CREATE INDEX "students_student_number_sort" ON "students" USING btree ("student_number","id");--> statement-breakpoint
CREATE INDEX "students_last_name_sort" ON "students" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "students_first_name_sort" ON "students" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "students_created_at_sort" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_updated_at_sort" ON "students" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "students_gender_idx" ON "students" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "students_civil_status_idx" ON "students" USING btree ("civil_status");--> statement-breakpoint
CREATE INDEX "students_campus_id_idx" ON "students" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "students_college_id_idx" ON "students" USING btree ("college_id");--> statement-breakpoint
CREATE INDEX "students_course_id_idx" ON "students" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "students_admitted_academic_year_id_idx" ON "students" USING btree ("admitted_academic_year_id");--> statement-breakpoint
CREATE INDEX "students_admitted_semester_id_idx" ON "students" USING btree ("admitted_semester_id");--> statement-breakpoint
CREATE INDEX "students_subject_ids_gin" ON "students" USING gin ("subject_ids");--> statement-breakpoint
CREATE INDEX "students_student_number_trgm" ON "students" USING gin ("student_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_trgm" ON "students" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_lower" ON "students" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "students_first_name_trgm" ON "students" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_first_name_lower" ON "students" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "students_email_trgm" ON "students" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_email_lower" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "students_is_active_idx" ON "students" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_unique" ON "subjects" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "subjects_code_sort" ON "subjects" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "subjects_name_sort" ON "subjects" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "subjects_units_sort" ON "subjects" USING btree ("units","id");--> statement-breakpoint
CREATE INDEX "subjects_created_at_sort" ON "subjects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subjects_updated_at_sort" ON "subjects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "subjects_subject_type_idx" ON "subjects" USING btree ("subject_type");--> statement-breakpoint
CREATE INDEX "subjects_department_id_idx" ON "subjects" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "subjects_code_trgm" ON "subjects" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subjects_name_trgm" ON "subjects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subjects_name_lower" ON "subjects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subjects_is_active_idx" ON "subjects" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "audit_trails_created_at_idx" ON "audit_trails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_trails_actor_idx" ON "audit_trails" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_trails_record_idx" ON "audit_trails" USING btree ("resource","record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_name_unique" ON "appointments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "appointments_name_sort" ON "appointments" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "appointments_appointment_status_sort" ON "appointments" USING btree ("appointment_status","id");--> statement-breakpoint
CREATE INDEX "appointments_created_at_sort" ON "appointments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_updated_at_sort" ON "appointments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "appointments_department_id_idx" ON "appointments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "appointments_name_trgm" ON "appointments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_is_active_idx" ON "appointments" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "daily_time_records_date_sort" ON "daily_time_records" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_total_duration_sort" ON "daily_time_records" USING btree ("total_duration","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_tardiness_duration_sort" ON "daily_time_records" USING btree ("tardiness_duration","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_undertime_duration_sort" ON "daily_time_records" USING btree ("undertime_duration","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_created_at_sort" ON "daily_time_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_updated_at_sort" ON "daily_time_records" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "daily_time_records_employee_id_idx" ON "daily_time_records" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "daily_time_records_statuses_gin" ON "daily_time_records" USING gin ("statuses");--> statement-breakpoint
CREATE INDEX "daily_time_records_is_active_idx" ON "daily_time_records" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "designations_name_unique" ON "designations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "designations_name_sort" ON "designations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "designations_category_sort" ON "designations" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "designations_slots_sort" ON "designations" USING btree ("slots","id");--> statement-breakpoint
CREATE INDEX "designations_vacant_sort" ON "designations" USING btree ("vacant","id");--> statement-breakpoint
CREATE INDEX "designations_monthly_salary_sort" ON "designations" USING btree ("monthly_salary","id");--> statement-breakpoint
CREATE INDEX "designations_created_at_sort" ON "designations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "designations_updated_at_sort" ON "designations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "designations_is_managerial_idx" ON "designations" USING btree ("is_managerial");--> statement-breakpoint
CREATE INDEX "designations_salary_grade_id_idx" ON "designations" USING btree ("salary_grade_id");--> statement-breakpoint
CREATE INDEX "designations_department_id_idx" ON "designations" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "designations_name_trgm" ON "designations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designations_plantilla_item_trgm" ON "designations" USING gin ("plantilla_item" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designations_plantilla_item_lower" ON "designations" USING btree (lower("plantilla_item"));--> statement-breakpoint
CREATE INDEX "designations_place_of_assignment_trgm" ON "designations" USING gin ("place_of_assignment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designations_place_of_assignment_lower" ON "designations" USING btree (lower("place_of_assignment"));--> statement-breakpoint
CREATE INDEX "designations_is_active_idx" ON "designations" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "employee_schedules_effective_from_sort" ON "employee_schedules" USING btree ("effective_from","id");--> statement-breakpoint
CREATE INDEX "employee_schedules_effective_to_sort" ON "employee_schedules" USING btree ("effective_to","id");--> statement-breakpoint
CREATE INDEX "employee_schedules_created_at_sort" ON "employee_schedules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "employee_schedules_updated_at_sort" ON "employee_schedules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "employee_schedules_employee_id_idx" ON "employee_schedules" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_schedules_schedule_id_idx" ON "employee_schedules" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "employee_schedules_is_active_idx" ON "employee_schedules" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_employee_number_unique" ON "employees" USING btree (lower("employee_number"));--> statement-breakpoint
CREATE INDEX "employees_employee_number_sort" ON "employees" USING btree ("employee_number","id");--> statement-breakpoint
CREATE INDEX "employees_last_name_sort" ON "employees" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "employees_first_name_sort" ON "employees" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "employees_date_hired_sort" ON "employees" USING btree ("date_hired","id");--> statement-breakpoint
CREATE INDEX "employees_created_at_sort" ON "employees" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "employees_updated_at_sort" ON "employees" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "employees_sex_idx" ON "employees" USING btree ("sex");--> statement-breakpoint
CREATE INDEX "employees_employee_type_idx" ON "employees" USING btree ("employee_type");--> statement-breakpoint
CREATE INDEX "employees_appointment_status_idx" ON "employees" USING btree ("appointment_status");--> statement-breakpoint
CREATE INDEX "employees_designation_id_idx" ON "employees" USING btree ("designation_id");--> statement-breakpoint
CREATE INDEX "employees_department_id_idx" ON "employees" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employees_employee_number_trgm" ON "employees" USING gin ("employee_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_last_name_trgm" ON "employees" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_last_name_lower" ON "employees" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "employees_first_name_trgm" ON "employees" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_first_name_lower" ON "employees" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "employees_email_trgm" ON "employees" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_email_lower" ON "employees" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "employees_is_active_idx" ON "employees" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_departments_name_unique" ON "hr_departments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hr_departments_name_sort" ON "hr_departments" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "hr_departments_created_at_sort" ON "hr_departments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hr_departments_updated_at_sort" ON "hr_departments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "hr_departments_head_id_idx" ON "hr_departments" USING btree ("head_id");--> statement-breakpoint
CREATE INDEX "hr_departments_name_trgm" ON "hr_departments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hr_departments_description_trgm" ON "hr_departments" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hr_departments_description_lower" ON "hr_departments" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "hr_departments_is_active_idx" ON "hr_departments" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_day_sort" ON "hr_schedule_items" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_time_in_sort" ON "hr_schedule_items" USING btree ("time_in","id");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_created_at_sort" ON "hr_schedule_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_updated_at_sort" ON "hr_schedule_items" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_schedule_id_idx" ON "hr_schedule_items" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "hr_schedule_items_is_active_idx" ON "hr_schedule_items" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_schedules_name_unique" ON "hr_schedules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hr_schedules_name_sort" ON "hr_schedules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "hr_schedules_created_at_sort" ON "hr_schedules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hr_schedules_updated_at_sort" ON "hr_schedules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "hr_schedules_work_arrangement_idx" ON "hr_schedules" USING btree ("work_arrangement");--> statement-breakpoint
CREATE INDEX "hr_schedules_name_trgm" ON "hr_schedules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hr_schedules_description_trgm" ON "hr_schedules" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hr_schedules_description_lower" ON "hr_schedules" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "hr_schedules_is_active_idx" ON "hr_schedules" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "leave_credits_type_code_sort" ON "leave_credits" USING btree ("type_code","id");--> statement-breakpoint
CREATE INDEX "leave_credits_as_of_sort" ON "leave_credits" USING btree ("as_of","id");--> statement-breakpoint
CREATE INDEX "leave_credits_balance_sort" ON "leave_credits" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "leave_credits_created_at_sort" ON "leave_credits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leave_credits_updated_at_sort" ON "leave_credits" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "leave_credits_employee_id_idx" ON "leave_credits" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "leave_credits_remarks_trgm" ON "leave_credits" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leave_credits_remarks_lower" ON "leave_credits" USING btree (lower("remarks"));--> statement-breakpoint
CREATE INDEX "leave_credits_is_active_idx" ON "leave_credits" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_grades_name_unique" ON "salary_grades" USING btree ("step",lower("name"));--> statement-breakpoint
CREATE INDEX "salary_grades_name_sort" ON "salary_grades" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "salary_grades_step_sort" ON "salary_grades" USING btree ("step","id");--> statement-breakpoint
CREATE INDEX "salary_grades_salary_sort" ON "salary_grades" USING btree ("salary","id");--> statement-breakpoint
CREATE INDEX "salary_grades_created_at_sort" ON "salary_grades" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "salary_grades_updated_at_sort" ON "salary_grades" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "salary_grades_name_trgm" ON "salary_grades" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "salary_grades_is_active_idx" ON "salary_grades" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "service_credits_type_code_sort" ON "service_credits" USING btree ("type_code","id");--> statement-breakpoint
CREATE INDEX "service_credits_as_of_sort" ON "service_credits" USING btree ("as_of","id");--> statement-breakpoint
CREATE INDEX "service_credits_balance_sort" ON "service_credits" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "service_credits_created_at_sort" ON "service_credits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_credits_updated_at_sort" ON "service_credits" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_credits_employee_id_idx" ON "service_credits" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "service_credits_remarks_trgm" ON "service_credits" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_credits_remarks_lower" ON "service_credits" USING btree (lower("remarks"));--> statement-breakpoint
CREATE INDEX "service_credits_is_active_idx" ON "service_credits" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "service_records_from_sort" ON "service_records" USING btree ("from","id");--> statement-breakpoint
CREATE INDEX "service_records_to_sort" ON "service_records" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "service_records_designation_sort" ON "service_records" USING btree ("designation","id");--> statement-breakpoint
CREATE INDEX "service_records_created_at_sort" ON "service_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_records_updated_at_sort" ON "service_records" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_records_employee_id_idx" ON "service_records" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "service_records_appointment_status_idx" ON "service_records" USING btree ("appointment_status");--> statement-breakpoint
CREATE INDEX "service_records_branch_idx" ON "service_records" USING btree ("branch");--> statement-breakpoint
CREATE INDEX "service_records_designation_trgm" ON "service_records" USING gin ("designation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_records_designation_lower" ON "service_records" USING btree (lower("designation"));--> statement-breakpoint
CREATE INDEX "service_records_place_of_assignment_trgm" ON "service_records" USING gin ("place_of_assignment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_records_place_of_assignment_lower" ON "service_records" USING btree (lower("place_of_assignment"));--> statement-breakpoint
CREATE INDEX "service_records_is_active_idx" ON "service_records" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "timesheets_time_in_sort" ON "timesheets" USING btree ("time_in","id");--> statement-breakpoint
CREATE INDEX "timesheets_time_out_sort" ON "timesheets" USING btree ("time_out","id");--> statement-breakpoint
CREATE INDEX "timesheets_duration_sort" ON "timesheets" USING btree ("duration","id");--> statement-breakpoint
CREATE INDEX "timesheets_created_at_sort" ON "timesheets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "timesheets_updated_at_sort" ON "timesheets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "timesheets_time_in_device_type_idx" ON "timesheets" USING btree ("time_in_device_type");--> statement-breakpoint
CREATE INDEX "timesheets_work_arrangement_idx" ON "timesheets" USING btree ("work_arrangement");--> statement-breakpoint
CREATE INDEX "timesheets_is_adjusted_idx" ON "timesheets" USING btree ("is_adjusted");--> statement-breakpoint
CREATE INDEX "timesheets_record_id_idx" ON "timesheets" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "timesheets_is_active_idx" ON "timesheets" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "work_experiences_from_sort" ON "work_experiences" USING btree ("from","id");--> statement-breakpoint
CREATE INDEX "work_experiences_to_sort" ON "work_experiences" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "work_experiences_position_title_sort" ON "work_experiences" USING btree ("position_title","id");--> statement-breakpoint
CREATE INDEX "work_experiences_created_at_sort" ON "work_experiences" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "work_experiences_updated_at_sort" ON "work_experiences" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "work_experiences_employee_id_idx" ON "work_experiences" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "work_experiences_appointment_status_idx" ON "work_experiences" USING btree ("appointment_status");--> statement-breakpoint
CREATE INDEX "work_experiences_is_government_service_idx" ON "work_experiences" USING btree ("is_government_service");--> statement-breakpoint
CREATE INDEX "work_experiences_position_title_trgm" ON "work_experiences" USING gin ("position_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_experiences_position_title_lower" ON "work_experiences" USING btree (lower("position_title"));--> statement-breakpoint
CREATE INDEX "work_experiences_company_trgm" ON "work_experiences" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_experiences_company_lower" ON "work_experiences" USING btree (lower("company"));--> statement-breakpoint
CREATE INDEX "work_experiences_is_active_idx" ON "work_experiences" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_code_unique" ON "applications" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_unique" ON "applications" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "applications_code_sort" ON "applications" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "applications_name_sort" ON "applications" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "applications_created_at_sort" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_updated_at_sort" ON "applications" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "applications_name_trgm" ON "applications" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_description_trgm" ON "applications" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_description_lower" ON "applications" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "applications_is_active_idx" ON "applications" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_code_unique" ON "modules" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "modules_code_sort" ON "modules" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "modules_name_sort" ON "modules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "modules_application_code_sort" ON "modules" USING btree ("application_code","id");--> statement-breakpoint
CREATE INDEX "modules_created_at_sort" ON "modules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "modules_updated_at_sort" ON "modules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "modules_code_trgm" ON "modules" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modules_name_trgm" ON "modules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modules_name_lower" ON "modules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "modules_is_active_idx" ON "modules" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "roles_name_sort" ON "roles" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "roles_application_code_sort" ON "roles" USING btree ("application_code","id");--> statement-breakpoint
CREATE INDEX "roles_created_at_sort" ON "roles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "roles_updated_at_sort" ON "roles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "roles_module_ids_gin" ON "roles" USING gin ("module_ids");--> statement-breakpoint
CREATE INDEX "roles_name_trgm" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_description_trgm" ON "roles" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_description_lower" ON "roles" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "roles_is_active_idx" ON "roles" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_unique" ON "services" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "services_name_sort" ON "services" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "services_url_sort" ON "services" USING btree ("url","id");--> statement-breakpoint
CREATE INDEX "services_created_at_sort" ON "services" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "services_updated_at_sort" ON "services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "services_target_idx" ON "services" USING btree ("target");--> statement-breakpoint
CREATE INDEX "services_name_trgm" ON "services" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_url_trgm" ON "services" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_url_lower" ON "services" USING btree (lower("url"));--> statement-breakpoint
CREATE INDEX "services_is_active_idx" ON "services" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_sort" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_first_name_sort" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_sort" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_created_at_sort" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_at_sort" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_iam_admin_idx" ON "users" USING btree ("iam_admin");--> statement-breakpoint
CREATE INDEX "users_admin_scopes_gin" ON "users" USING gin ("admin_scopes");--> statement-breakpoint
CREATE INDEX "users_role_ids_gin" ON "users" USING gin ("role_ids");--> statement-breakpoint
CREATE INDEX "users_employee_id_idx" ON "users" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_lower" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_lower" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_is_active_idx" ON "users" USING btree ("is_active");