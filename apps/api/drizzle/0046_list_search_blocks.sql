-- Search blocks (decision 0074): a large searchable table's order, per sort field, cut into blocks of consecutive
-- rows, each with the digit-free pieces of its rows' search texts. A search whose matches lie late in an order starts
-- its walk at the first block that can hold a match instead of collecting every match. The blocks are built by
-- housekeeping (`buildSearchBlocks`); rows inserted or updated since are listed in `list_search_changes` by
-- statement-level triggers the build attaches to the table, in the writing transaction, and every search checks them
-- on their own, so an answer never depends on how old the blocks are.
CREATE TABLE IF NOT EXISTS "list_search_blocks" (
  "table_name" text NOT NULL,
  "field" text NOT NULL,
  "block" integer NOT NULL,
  "first_key" text NOT NULL,
  "first_id" uuid NOT NULL,
  "last_key" text NOT NULL,
  "last_id" uuid NOT NULL,
  "words" text NOT NULL,
  PRIMARY KEY ("table_name", "field", "block")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "list_search_blocks_words_trgm" ON "list_search_blocks" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "list_search_changes" (
  "table_name" text NOT NULL,
  "id" uuid NOT NULL,
  PRIMARY KEY ("table_name", "id")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_search_changes (table_name, id) SELECT TG_TABLE_NAME, c.id FROM changed c ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
