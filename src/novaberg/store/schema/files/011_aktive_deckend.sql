-- Latency (p95 < 50 ms with margin): the pair's active files by one index-only scan.
--
-- The files search reads "the pair's active files" twice per question: their number (N of the idf) and their ids
-- (the owner filter of the sections found through a compound's head). The partial index of schema 001 carried
-- only the root, so the ids were read by a sequential scan over every file row of the database (de-docs: 3,197
-- rows, 575 pages per question). The same partial index now carries the id as well; it replaces the old one,
-- which answers nothing this one does not.
CREATE INDEX IF NOT EXISTS idx_dateien_index_aktiv_id ON dateien_index (wurzel_id) INCLUDE (id) WHERE aktiv;
DROP INDEX IF EXISTS idx_dateien_index_aktiv;
