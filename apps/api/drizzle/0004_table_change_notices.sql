-- Every statement that writes a tracked table also sends a notice on the channel `table_changed` with the table's
-- name (delivered at commit). The API's one cache module keeps its per-table counters with them: on the embedded
-- database the notice arrives before the writing call returns, so a remembered answer is never served after a
-- write to a table it was read from; on PostgreSQL answers are checked against list_versions in the same statement.
CREATE OR REPLACE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (table_name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = list_versions.version + 1;
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
