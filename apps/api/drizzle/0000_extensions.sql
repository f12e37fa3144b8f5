-- Trigram indexes serve the free-text search (q) of every list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
