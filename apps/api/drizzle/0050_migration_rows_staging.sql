-- Staged rows are written a thousand or more at a time, by COPY, and read back as text: their cells are kept as `json`
-- (the text as given, checked once) rather than `jsonb` (parsed into a tree on the way in and written out again on
-- the way back), and their run is checked once per statement rather than once per row. The foreign key checked each
-- row against `migration_runs` (about half the time of a staging COPY on the embedded database); the triggers below
-- keep the same rules for whole statements: every staged row, inserted or updated, names a run that exists, locked as
-- the key did against its deletion until the transaction ends; deleting a run deletes its rows; a run's id does not
-- change while rows name it.
ALTER TABLE "migration_rows" DROP CONSTRAINT IF EXISTS "migration_rows_run_id_fkey";--> statement-breakpoint
ALTER TABLE "migration_rows" DROP CONSTRAINT IF EXISTS "migration_rows_run_id_migration_runs_id_fk";--> statement-breakpoint
ALTER TABLE "migration_rows" ALTER COLUMN "cells" TYPE json USING "cells"::json;--> statement-breakpoint
ALTER TABLE "migration_rows" ALTER COLUMN "cells" SET STATISTICS 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION migration_rows_check_runs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  -- The runs the statement's rows name, each locked for key share (as a foreign key's check locks it).
  SELECT n.run_id INTO missing
    FROM (SELECT DISTINCT run_id FROM staged) n
   WHERE NOT EXISTS (SELECT FROM migration_runs r WHERE r.id = n.run_id FOR KEY SHARE)
   LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "migration_rows" violates foreign key constraint "migration_rows_run_id_fkey"',
      DETAIL = format('Key (run_id)=(%s) is not present in table "migration_runs".', missing),
      TABLE = 'migration_rows', CONSTRAINT = 'migration_rows_run_id_fkey';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER migration_rows_runs_inserted AFTER INSERT ON "migration_rows" REFERENCING NEW TABLE AS staged
  FOR EACH STATEMENT EXECUTE FUNCTION migration_rows_check_runs();--> statement-breakpoint
CREATE TRIGGER migration_rows_runs_updated AFTER UPDATE ON "migration_rows" REFERENCING NEW TABLE AS staged
  FOR EACH STATEMENT EXECUTE FUNCTION migration_rows_check_runs();--> statement-breakpoint
CREATE OR REPLACE FUNCTION migration_runs_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM migration_rows WHERE run_id IN (SELECT id FROM gone);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER migration_runs_rows_deleted AFTER DELETE ON "migration_runs" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION migration_runs_delete_rows();--> statement-breakpoint
CREATE OR REPLACE FUNCTION migration_runs_check_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM migration_rows WHERE run_id = OLD.id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'update on table "migration_runs" violates foreign key constraint "migration_rows_run_id_fkey" on table "migration_rows"',
      DETAIL = format('Key (id)=(%s) is still referenced from table "migration_rows".', OLD.id),
      TABLE = 'migration_rows', CONSTRAINT = 'migration_rows_run_id_fkey';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER migration_runs_id_changed AFTER UPDATE OF id ON "migration_runs"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION migration_runs_check_rows();
