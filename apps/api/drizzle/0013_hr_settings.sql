CREATE TABLE "system_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "system_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TABLE "allowance_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" double precision,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "deduction_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" double precision,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_allowances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"allowance_type_id" uuid NOT NULL,
	"amount" double precision NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"deduction_type_id" uuid NOT NULL,
	"amount" double precision NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"level" text NOT NULL,
	"school" text NOT NULL,
	"degree_course" text,
	"from_year" integer,
	"to_year" integer,
	"units_earned" text,
	"year_graduated" integer,
	"honors" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_eligibilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"eligibility" text NOT NULL,
	"rating" double precision,
	"exam_date" date,
	"exam_place" text,
	"license_number" text,
	"license_valid_until" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_family" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"name_extension" text,
	"birth_date" date,
	"occupation" text,
	"employer" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_learning" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"title" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"hours" double precision NOT NULL,
	"type" text,
	"conducted_by" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_other_info" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "employee_voluntary_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"organization" text NOT NULL,
	"from" date NOT NULL,
	"to" date,
	"hours" double precision,
	"position" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "lwops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"days" double precision NOT NULL,
	"credit_kind" text NOT NULL,
	"type_code" text NOT NULL,
	"covered_days" double precision,
	"uncovered_days" double precision,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"title" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"hours" double precision NOT NULL,
	"type" text,
	"conducted_by" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_allowance_type_id_allowance_types_id_fk" FOREIGN KEY ("allowance_type_id") REFERENCES "public"."allowance_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_deduction_type_id_deduction_types_id_fk" FOREIGN KEY ("deduction_type_id") REFERENCES "public"."deduction_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_education" ADD CONSTRAINT "employee_education_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_eligibilities" ADD CONSTRAINT "employee_eligibilities_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_family" ADD CONSTRAINT "employee_family_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_learning" ADD CONSTRAINT "employee_learning_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_other_info" ADD CONSTRAINT "employee_other_info_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_voluntary_work" ADD CONSTRAINT "employee_voluntary_work_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lwops" ADD CONSTRAINT "lwops_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_types_code_unique" ON "allowance_types" USING btree (lower("code"));
--> statement-breakpoint
CREATE INDEX "allowance_types_code_sort" ON "allowance_types" USING btree ("code","id");
--> statement-breakpoint
CREATE INDEX "allowance_types_name_sort" ON "allowance_types" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX "allowance_types_amount_sort" ON "allowance_types" USING btree ("amount","id");
--> statement-breakpoint
CREATE INDEX "allowance_types_created_at_sort" ON "allowance_types" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "allowance_types_updated_at_sort" ON "allowance_types" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "allowance_types_code_trgm" ON "allowance_types" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "allowance_types_name_trgm" ON "allowance_types" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "allowance_types_name_lower" ON "allowance_types" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "allowance_types_is_active_idx" ON "allowance_types" USING btree ("is_active");
--> statement-breakpoint
CREATE UNIQUE INDEX "deduction_types_code_unique" ON "deduction_types" USING btree (lower("code"));
--> statement-breakpoint
CREATE INDEX "deduction_types_code_sort" ON "deduction_types" USING btree ("code","id");
--> statement-breakpoint
CREATE INDEX "deduction_types_name_sort" ON "deduction_types" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX "deduction_types_amount_sort" ON "deduction_types" USING btree ("amount","id");
--> statement-breakpoint
CREATE INDEX "deduction_types_created_at_sort" ON "deduction_types" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "deduction_types_updated_at_sort" ON "deduction_types" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "deduction_types_code_trgm" ON "deduction_types" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "deduction_types_name_trgm" ON "deduction_types" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "deduction_types_name_lower" ON "deduction_types" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "deduction_types_is_active_idx" ON "deduction_types" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_allowances_effective_from_sort" ON "employee_allowances" USING btree ("effective_from","id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_amount_sort" ON "employee_allowances" USING btree ("amount","id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_created_at_sort" ON "employee_allowances" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_updated_at_sort" ON "employee_allowances" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_employee_id_idx" ON "employee_allowances" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_allowance_type_id_idx" ON "employee_allowances" USING btree ("allowance_type_id");
--> statement-breakpoint
CREATE INDEX "employee_allowances_is_active_idx" ON "employee_allowances" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_deductions_effective_from_sort" ON "employee_deductions" USING btree ("effective_from","id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_amount_sort" ON "employee_deductions" USING btree ("amount","id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_created_at_sort" ON "employee_deductions" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_updated_at_sort" ON "employee_deductions" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_employee_id_idx" ON "employee_deductions" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_deduction_type_id_idx" ON "employee_deductions" USING btree ("deduction_type_id");
--> statement-breakpoint
CREATE INDEX "employee_deductions_is_active_idx" ON "employee_deductions" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_education_level_sort" ON "employee_education" USING btree ("level","id");
--> statement-breakpoint
CREATE INDEX "employee_education_year_graduated_sort" ON "employee_education" USING btree ("year_graduated","id");
--> statement-breakpoint
CREATE INDEX "employee_education_created_at_sort" ON "employee_education" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_education_updated_at_sort" ON "employee_education" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_education_employee_id_idx" ON "employee_education" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_education_school_trgm" ON "employee_education" USING gin ("school" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_education_school_lower" ON "employee_education" USING btree (lower("school"));
--> statement-breakpoint
CREATE INDEX "employee_education_degree_course_trgm" ON "employee_education" USING gin ("degree_course" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_education_degree_course_lower" ON "employee_education" USING btree (lower("degree_course"));
--> statement-breakpoint
CREATE INDEX "employee_education_is_active_idx" ON "employee_education" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_exam_date_sort" ON "employee_eligibilities" USING btree ("exam_date","id");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_eligibility_sort" ON "employee_eligibilities" USING btree ("eligibility","id");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_created_at_sort" ON "employee_eligibilities" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_updated_at_sort" ON "employee_eligibilities" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_employee_id_idx" ON "employee_eligibilities" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_eligibility_trgm" ON "employee_eligibilities" USING gin ("eligibility" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_eligibility_lower" ON "employee_eligibilities" USING btree (lower("eligibility"));
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_license_number_trgm" ON "employee_eligibilities" USING gin ("license_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_license_number_lower" ON "employee_eligibilities" USING btree (lower("license_number"));
--> statement-breakpoint
CREATE INDEX "employee_eligibilities_is_active_idx" ON "employee_eligibilities" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_family_relation_sort" ON "employee_family" USING btree ("relation","id");
--> statement-breakpoint
CREATE INDEX "employee_family_last_name_sort" ON "employee_family" USING btree ("last_name","id");
--> statement-breakpoint
CREATE INDEX "employee_family_created_at_sort" ON "employee_family" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_family_updated_at_sort" ON "employee_family" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_family_employee_id_idx" ON "employee_family" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_family_last_name_trgm" ON "employee_family" USING gin ("last_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_family_last_name_lower" ON "employee_family" USING btree (lower("last_name"));
--> statement-breakpoint
CREATE INDEX "employee_family_first_name_trgm" ON "employee_family" USING gin ("first_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_family_first_name_lower" ON "employee_family" USING btree (lower("first_name"));
--> statement-breakpoint
CREATE INDEX "employee_family_is_active_idx" ON "employee_family" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_learning_from_sort" ON "employee_learning" USING btree ("from","id");
--> statement-breakpoint
CREATE INDEX "employee_learning_created_at_sort" ON "employee_learning" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_learning_updated_at_sort" ON "employee_learning" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_learning_employee_id_idx" ON "employee_learning" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_learning_type_idx" ON "employee_learning" USING btree ("type");
--> statement-breakpoint
CREATE INDEX "employee_learning_title_trgm" ON "employee_learning" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_learning_title_lower" ON "employee_learning" USING btree (lower("title"));
--> statement-breakpoint
CREATE INDEX "employee_learning_is_active_idx" ON "employee_learning" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_other_info_kind_sort" ON "employee_other_info" USING btree ("kind","id");
--> statement-breakpoint
CREATE INDEX "employee_other_info_created_at_sort" ON "employee_other_info" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_other_info_updated_at_sort" ON "employee_other_info" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_other_info_employee_id_idx" ON "employee_other_info" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_other_info_text_trgm" ON "employee_other_info" USING gin ("text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_other_info_text_lower" ON "employee_other_info" USING btree (lower("text"));
--> statement-breakpoint
CREATE INDEX "employee_other_info_is_active_idx" ON "employee_other_info" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_from_sort" ON "employee_voluntary_work" USING btree ("from","id");
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_created_at_sort" ON "employee_voluntary_work" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_updated_at_sort" ON "employee_voluntary_work" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_employee_id_idx" ON "employee_voluntary_work" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_organization_trgm" ON "employee_voluntary_work" USING gin ("organization" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_organization_lower" ON "employee_voluntary_work" USING btree (lower("organization"));
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_position_trgm" ON "employee_voluntary_work" USING gin ("position" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_position_lower" ON "employee_voluntary_work" USING btree (lower("position"));
--> statement-breakpoint
CREATE INDEX "employee_voluntary_work_is_active_idx" ON "employee_voluntary_work" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "lwops_date_sort" ON "lwops" USING btree ("date","id");
--> statement-breakpoint
CREATE INDEX "lwops_created_at_sort" ON "lwops" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "lwops_updated_at_sort" ON "lwops" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "lwops_employee_id_idx" ON "lwops" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "lwops_credit_kind_idx" ON "lwops" USING btree ("credit_kind");
--> statement-breakpoint
CREATE INDEX "lwops_remarks_trgm" ON "lwops" USING gin ("remarks" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "lwops_remarks_lower" ON "lwops" USING btree (lower("remarks"));
--> statement-breakpoint
CREATE INDEX "lwops_is_active_idx" ON "lwops" USING btree ("is_active");
--> statement-breakpoint
CREATE INDEX "trainings_from_sort" ON "trainings" USING btree ("from","id");
--> statement-breakpoint
CREATE INDEX "trainings_title_sort" ON "trainings" USING btree ("title","id");
--> statement-breakpoint
CREATE INDEX "trainings_created_at_sort" ON "trainings" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "trainings_updated_at_sort" ON "trainings" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "trainings_employee_id_idx" ON "trainings" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "trainings_type_idx" ON "trainings" USING btree ("type");
--> statement-breakpoint
CREATE INDEX "trainings_title_trgm" ON "trainings" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "trainings_title_lower" ON "trainings" USING btree (lower("title"));
--> statement-breakpoint
CREATE INDEX "trainings_conducted_by_trgm" ON "trainings" USING gin ("conducted_by" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "trainings_conducted_by_lower" ON "trainings" USING btree (lower("conducted_by"));
--> statement-breakpoint
CREATE INDEX "trainings_is_active_idx" ON "trainings" USING btree ("is_active");
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "allowance_types" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deduction_types" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_allowances" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_deductions" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_education" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_eligibilities" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_family" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_learning" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_other_info" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_voluntary_work" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lwops" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trainings" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
-- Leave and service credits are ledgers: each entry's balance is the sum of the employee's entries of that type
-- up to and including it, worked out here under a per-employee-and-type lock, so concurrent debits queue and a
-- debit that would take the balance below zero is refused (check_violation, constraint credit_balance).
CREATE OR REPLACE FUNCTION credit_ledger_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous numeric;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(TG_TABLE_NAME || ':' || NEW.employee_id::text || ':' || NEW.type_code));
  EXECUTE format('SELECT coalesce(sum(coalesce(credit, 0) - coalesce(debit, 0)), 0) FROM %I WHERE employee_id = $1 AND type_code = $2', TG_TABLE_NAME)
    INTO previous USING NEW.employee_id, NEW.type_code;
  NEW.balance := previous + coalesce(NEW.credit, 0) - coalesce(NEW.debit, 0);
  IF NEW.balance < 0 THEN
    RAISE EXCEPTION 'Not enough % credits: % days left, % asked.', NEW.type_code, previous, coalesce(NEW.debit, 0)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'credit_balance';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_balance BEFORE INSERT ON "leave_credits" FOR EACH ROW EXECUTE FUNCTION credit_ledger_balance();
--> statement-breakpoint
CREATE TRIGGER credit_ledger_balance BEFORE INSERT ON "service_credits" FOR EACH ROW EXECUTE FUNCTION credit_ledger_balance();
--> statement-breakpoint
-- An entry's amounts are fixed once written; corrections are new entries.
CREATE OR REPLACE FUNCTION credit_ledger_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.credit, NEW.debit, NEW.balance, NEW.employee_id, NEW.type_code) IS DISTINCT FROM (OLD.credit, OLD.debit, OLD.balance, OLD.employee_id, OLD.type_code) THEN
    RAISE EXCEPTION 'A credit entry cannot be changed; add another entry instead.' USING ERRCODE = 'check_violation', CONSTRAINT = 'credit_entry_fixed';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_fixed BEFORE UPDATE ON "leave_credits" FOR EACH ROW EXECUTE FUNCTION credit_ledger_fixed();
--> statement-breakpoint
CREATE TRIGGER credit_ledger_fixed BEFORE UPDATE ON "service_credits" FOR EACH ROW EXECUTE FUNCTION credit_ledger_fixed();
--> statement-breakpoint
CREATE TABLE "employee_update_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"section" text NOT NULL,
	"record_id" uuid,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "employee_update_requests_status" CHECK (status in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "employee_update_requests" ADD CONSTRAINT "employee_update_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employee_update_requests_status_idx" ON "employee_update_requests" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "employee_update_requests_employee_idx" ON "employee_update_requests" USING btree ("employee_id");
