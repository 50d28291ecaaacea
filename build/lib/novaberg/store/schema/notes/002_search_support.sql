-- Search support (notizen.md §4), decided by what the database has:
-- * pg_trgm: the number of distinct trigrams of the text, so a long text that cannot reach the per-field
--   threshold (similarity <= |query| / |text|) is skipped before its trigrams are compared.
-- * the SQL fallback `similarity` (pgserver, no contrib): the trigram sets themselves, computed once per
--   write instead of per query (the fallback function costs milliseconds per call), with GIN indexes.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'ALTER TABLE notizen ADD COLUMN text_trgm_n integer '
                'GENERATED ALWAYS AS (cardinality(show_trgm(text))) STORED';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_n ON notizen (user_id, text_trgm_n) WHERE aktiv';
    ELSE
        EXECUTE 'ALTER TABLE notizen '
                'ADD COLUMN name_trgm text[] GENERATED ALWAYS AS (novaberg_trigrams(name)) STORED, '
                'ADD COLUMN text_trgm text[] GENERATED ALWAYS AS (novaberg_trigrams(text)) STORED, '
                'ADD COLUMN themen_trgm text[] GENERATED ALWAYS AS '
                '(novaberg_trigrams(notizen_themen_text(themen))) STORED';
        EXECUTE 'CREATE INDEX idx_notizen_name_trgm_set ON notizen USING GIN (name_trgm) WHERE aktiv';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_set ON notizen USING GIN (text_trgm) WHERE aktiv';
        EXECUTE 'CREATE INDEX idx_notizen_themen_trgm_set ON notizen USING GIN (themen_trgm) WHERE aktiv';
    END IF;
END
$$;
