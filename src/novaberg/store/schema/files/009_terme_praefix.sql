-- Latency: the content channel of the files search reads a question word's forms — the word,
-- the word as the start of a compound, its leading parts, its Movierung base — from the postings of schema 008
-- instead of from the sections' tsvectors: a prefix is a range over the lexemes in byte order (what a tsquery's
-- `:*` compares), so the index carries the lexeme in the "C" collation whatever the database's collation is,
-- and the section and file ids, so the scan never visits a section's row (de-docs: 'bild':* read 5,800
-- buffers through the GIN index of the sections, 19 through this one).
CREATE INDEX IF NOT EXISTS idx_dateien_terme_praefix ON dateien_terme (wurzel_id, lexem COLLATE "C")
    INCLUDE (abschnitt_id, index_id);
