-- Latency (p95 < 50 ms): the postings are read from one covering index.
--
-- The full-text channel read each question lexeme's postings through the primary key and then the heap for
-- the count and the section's length (de-docs: 156 random heap reads per lexeme); the content channel read
-- the word forms through the index of schema 009 (lexeme in the "C" collation). One unique index now serves
-- both — (root, lexeme in byte order, section) carrying the file, the count and the length — so every postings
-- read is index-only, and it replaces both the primary key (its uniqueness is the same: "C" equality is byte
-- equality, what any deterministic collation compares) and the index of schema 009: one index fewer to keep.
CREATE UNIQUE INDEX IF NOT EXISTS idx_dateien_terme_deckend
    ON dateien_terme (wurzel_id, lexem COLLATE "C", abschnitt_id) INCLUDE (index_id, tf, laenge);
ALTER TABLE dateien_terme DROP CONSTRAINT IF EXISTS dateien_terme_pkey;
DROP INDEX IF EXISTS idx_dateien_terme_praefix;
