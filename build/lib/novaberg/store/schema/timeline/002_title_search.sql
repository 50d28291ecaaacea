-- The title search (timeline.md §4.1: ILIKE over the whole inventory of the pair) with an index, in every
-- database: pg_trgm is not needed. `timeline_trigrams` is the set of three-letter pieces inside the words of
-- a text, lower case; a title can contain a keyword only if its set contains the keyword's set. The query
-- filters with that containment (GIN) and keeps ILIKE as the exact test. The table itself is unchanged (§9).
CREATE OR REPLACE FUNCTION timeline_trigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT coalesce(array_agg(DISTINCT substr(w, i, 3)), '{}'::text[])
    FROM regexp_split_to_table(lower(t), '[^[:alnum:]]+') AS w,
    LATERAL generate_series(1, length(w) - 2) AS i
$$;

-- fastupdate off: no pending list that a title search would have to read linearly until the next vacuum.
CREATE INDEX IF NOT EXISTS idx_timeline_title_trigrams ON timeline USING GIN (timeline_trigrams(title))
    WITH (fastupdate = off);
