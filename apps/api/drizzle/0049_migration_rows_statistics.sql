-- Staged rows' cells and errors are never filtered or sorted on: the planner needs no statistics of them. An import
-- analyses `migration_rows` before its run (so each chunk is read by a short walk of the primary key); without them
-- that takes about a quarter of the time, most of it spent on the cells' JSON.
ALTER TABLE "migration_rows" ALTER COLUMN "cells" SET STATISTICS 0, ALTER COLUMN "error" SET STATISTICS 0;
