-- A designation names its salary grade by the grade's name and step (spec: salaryGradeCode, salaryGradeStep); its
-- monthly salary follows the salary grade table and is never typed.
ALTER TABLE "designations" ADD COLUMN "salary_grade_code" text;
--> statement-breakpoint
UPDATE "designations" d SET "salary_grade_code" = g."name", "salary_grade_step" = coalesce(d."salary_grade_step", g."step")
  FROM "salary_grades" g WHERE g."id" = d."salary_grade_id";
--> statement-breakpoint
ALTER TABLE "designations" DROP CONSTRAINT IF EXISTS "designations_salary_grade_id_salary_grades_id_fk";
--> statement-breakpoint
DROP INDEX IF EXISTS "designations_salary_grade_id_idx";
--> statement-breakpoint
ALTER TABLE "designations" DROP COLUMN "salary_grade_id";
--> statement-breakpoint
CREATE INDEX "designations_salary_grade_code_lower" ON "designations" USING btree (lower("salary_grade_code"));
--> statement-breakpoint
CREATE INDEX "salary_grades_grade_step" ON "salary_grades" USING btree (lower("name"), "step");
--> statement-breakpoint
-- The monthly salary of a grade and step: the active cell of the salary grade table, or nothing.
CREATE OR REPLACE FUNCTION salary_of_grade(grade text, grade_step integer) RETURNS double precision
  LANGUAGE sql STABLE AS $$
  SELECT g."salary" FROM "salary_grades" g
   WHERE lower(g."name") = lower(trim(grade)) AND g."step" = grade_step AND g."is_active"
   ORDER BY g."updated_at" DESC LIMIT 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION designation_monthly_salary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."monthly_salary" := salary_of_grade(NEW."salary_grade_code", NEW."salary_grade_step");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER designation_monthly_salary BEFORE INSERT OR UPDATE ON "designations" FOR EACH ROW EXECUTE FUNCTION designation_monthly_salary();
--> statement-breakpoint
-- A change to the table moves the salary of every designation of the grades it touches (old and new name).
CREATE OR REPLACE FUNCTION salary_grade_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "designations" d SET "monthly_salary" = salary_of_grade(d."salary_grade_code", d."salary_grade_step")
   WHERE lower(d."salary_grade_code") IN (lower(trim(coalesce(NEW."name", OLD."name"))), lower(trim(coalesce(OLD."name", NEW."name"))))
     AND d."monthly_salary" IS DISTINCT FROM salary_of_grade(d."salary_grade_code", d."salary_grade_step");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_grade_follow AFTER INSERT OR UPDATE OR DELETE ON "salary_grades" FOR EACH ROW EXECUTE FUNCTION salary_grade_follow();
--> statement-breakpoint
UPDATE "designations" SET "monthly_salary" = salary_of_grade("salary_grade_code", "salary_grade_step");
