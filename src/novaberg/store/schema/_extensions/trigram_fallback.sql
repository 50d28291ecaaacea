-- Installed only when pg_trgm is not available (pgserver ships no contrib modules).
-- Same semantics as pg_trgm's similarity(): lower case, words of letters and digits, each padded
-- with two spaces in front and one behind, the set of trigrams, |A ∩ B| / |A ∪ B|.
CREATE OR REPLACE FUNCTION novaberg_trigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT coalesce(array_agg(DISTINCT substr(w.padded, i, 3)), '{}'::text[])
    FROM (
        SELECT '  ' || m[1] || ' ' AS padded
        FROM regexp_matches(lower(t), '([[:alnum:]]+)', 'g') AS m
    ) AS w,
    LATERAL generate_series(1, length(w.padded) - 2) AS i
$$;

CREATE OR REPLACE FUNCTION similarity(a text, b text) RETURNS real
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    WITH g AS (SELECT novaberg_trigrams(a) AS ta, novaberg_trigrams(b) AS tb),
         c AS (SELECT ta, tb, (SELECT count(*) FROM unnest(ta) AS x WHERE x = ANY (tb)) AS common FROM g)
    SELECT CASE
        WHEN cardinality(ta) = 0 OR cardinality(tb) = 0 THEN 0::real
        ELSE (common::real / (cardinality(ta) + cardinality(tb) - common)::real)
    END
    FROM c
$$;
