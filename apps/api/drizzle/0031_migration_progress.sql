-- A "skip rejected rows" import records, with each chunk it commits, how far it has got (the chunk's last line) and
-- its counts so far, so a restarted run goes on from there; only rejected rows keep an outcome of their own (for the
-- error file and "re-run rejected rows only"), the others are no longer marked one by one.
ALTER TABLE "migration_runs" ADD COLUMN IF NOT EXISTS "progress" jsonb;
