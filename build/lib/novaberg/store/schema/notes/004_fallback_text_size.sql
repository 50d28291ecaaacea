-- With the SQL fallback: the number of distinct trigrams of the text, stored, so the search can skip a
-- long text (it cannot reach the per-field threshold, notizen.md §4) without reading its trigram set,
-- which the server keeps compressed out of line. pg_trgm databases got this column in 002.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'ALTER TABLE notizen ADD COLUMN text_trgm_n integer '
                'GENERATED ALWAYS AS (cardinality(novaberg_trigrams(text))) STORED';
    END IF;
END
$$;
