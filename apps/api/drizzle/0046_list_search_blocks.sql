-- Search blocks (decision 0074): a large searchable table's order, per sort field, cut into blocks of consecutive
-- rows, each with the digit-free pieces of its rows' search texts. A search whose matches lie late in an order starts
-- its walk at the first block that can hold a match instead of collecting every match. The blocks are built by
-- housekeeping (`buildSearchBlocks`); rows inserted or updated since are listed in `list_search_changes` by
-- statement-level triggers the build attaches to the table, in the writing transaction, and every search checks them
-- on their own, so an answer never depends on how old the blocks are. The build also makes one trigram index per
-- table and field (partial: a search reads only the blocks of its own order).
CREATE TABLE IF NOT EXISTS "list_search_blocks" (
  "table_name" text NOT NULL,
  "field" text NOT NULL,
  "block" integer NOT NULL,
  "first_key" text NOT NULL,
  "first_id" uuid NOT NULL,
  "last_key" text NOT NULL,
  "last_id" uuid NOT NULL,
  "words" text NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "list_search_changes" (
  "table_name" text NOT NULL,
  "id" uuid NOT NULL,
  PRIMARY KEY ("table_name", "id")
);--> statement-breakpoint
-- The first block of an order (the last, descending) whose words hold every pattern, through the order's trigram index
-- (`list_search_blocks_<table>_<field>`, partial): the table has no other index, and a sequential scan would read
-- every block's words, which the planner does not count as the cost it is.
CREATE OR REPLACE FUNCTION list_search_first_block(tbl text, fld text, patterns text[], descending boolean)
RETURNS TABLE (k text, i uuid) LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'select x.%s, x.%s from list_search_blocks x where x.table_name = %L and x.field = %L and x.words like $1[1] and x.words like all ($1) order by x.block %s limit 1',
    CASE WHEN descending THEN 'last_key' ELSE 'first_key' END, CASE WHEN descending THEN 'last_id' ELSE 'first_id' END,
    tbl, fld, CASE WHEN descending THEN 'desc' ELSE 'asc' END)
  USING patterns;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_search_changes (table_name, id) SELECT TG_TABLE_NAME, c.id FROM changed c ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
