-- Tracked tables' change counters, raised at the end of a transaction that asks for it (decision 0075). Every
-- statement that writes a tracked table raises the table's row of `list_versions` (migration 0004), which keeps that
-- row locked until the transaction ends: two transactions writing the same table take turns from their first write
-- on. A transaction that sets `campus.list_versions = 'deferred'` (set local) instead collects the tables it wrote in
-- `campus.list_versions_pending`, and raises their counters and sends their notices in one call just before its commit
-- (`raise_deferred_list_versions()`): the lock is then held only from that call to the commit. An import's chunks use it
-- to be saved side by side and committed in turn.
CREATE OR REPLACE FUNCTION raise_list_version(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (table_name, version) VALUES (tbl, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = list_versions.version + 1;
  PERFORM pg_notify('table_changed', tbl);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text;
BEGIN
  IF current_setting('campus.list_versions', true) = 'deferred' THEN
    pending := coalesce(current_setting('campus.list_versions_pending', true), '');
    IF NOT (TG_TABLE_NAME = ANY (string_to_array(pending, ','))) THEN
      PERFORM set_config('campus.list_versions_pending', CASE WHEN pending = '' THEN TG_TABLE_NAME ELSE pending || ',' || TG_TABLE_NAME END, true);
    END IF;
  ELSE
    PERFORM raise_list_version(TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION raise_deferred_list_versions() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_list_version(tbl) FROM unnest(string_to_array(coalesce(current_setting('campus.list_versions_pending', true), ''), ',')) tbl;
  PERFORM set_config('campus.list_versions_pending', '', true);
END
$$;
