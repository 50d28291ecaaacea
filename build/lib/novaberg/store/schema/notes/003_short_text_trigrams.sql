-- With pg_trgm: trigram indexes over the texts that can still reach the per-field threshold
-- (notizen.md §4: similarity(text, q) > 0.15 needs |text| < |q| / 0.15 trigrams). A long text shares the
-- common trigrams of almost any query, so one index over all texts hands back nearly every note for a
-- recheck. Four tiers (texts under 50, 100, 200 and 400 trigrams) replace it; a query of up to 6, 13, 25
-- or 55 trigrams reads only the tier it can match, longer queries scan the person's notes.
-- Each tier indexes its own expression (the text with added spaces, which leaves the trigram set
-- unchanged), so the planner cannot pick a bigger tier than the query names.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_50 ON notizen USING GIN ((text || '' '') gin_trgm_ops) '
                'WHERE aktiv AND text_trgm_n < 50';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_100 ON notizen USING GIN ((text || ''  '') gin_trgm_ops) '
                'WHERE aktiv AND text_trgm_n < 100';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_200 ON notizen USING GIN ((text || ''   '') gin_trgm_ops) '
                'WHERE aktiv AND text_trgm_n < 200';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm_400 ON notizen USING GIN ((text || ''    '') gin_trgm_ops) '
                'WHERE aktiv AND text_trgm_n < 400';
    END IF;
END
$$;
