-- How common each trigram is among a person's note names (pg_trgm only): the prefix filter of the
-- notes search asks the index for the rarest query trigrams (novaberg.notes.trigram_prefix). Letter
-- frequencies of German guess rarity badly where names share a word ending ("…liste", "…plan"); these
-- counts say it. They decide only the speed of the search, never its result.
-- `notizen_namen_trigramme`: per person and trigram of the lower-cased name words (the trigrams of
-- novaberg.text.trigram), the number of active notes whose name has it; written only by the
-- statement triggers below, like notizen_themen_verzeichnis.

-- The distinct trigrams of words joined by single spaces (`name_woerter`): each word padded with two
-- spaces in front and one behind.
CREATE FUNCTION notizen_wort_trigramme(woerter text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT DISTINCT substr(padded, i, 3)
    FROM regexp_split_to_table(woerter, ' ') AS wort,
         LATERAL (SELECT '  ' || wort || ' ' AS padded) AS p,
         LATERAL generate_series(1, length(padded) - 2) AS i
    WHERE wort <> ''
$$;

-- Counts what one statement changed: names that left (count down, a trigram at zero is gone), names
-- that came (count up). An update counts only the notes whose name, activity or person changed.
CREATE FUNCTION notizen_namen_trigramme_buchen(weg_user text[], weg_woerter text[], neu_user text[],
                                               neu_woerter text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    WITH weg AS (
        SELECT u AS user_id, g AS trigramm, count(*) AS n
        FROM unnest(weg_user, weg_woerter) AS x(u, w), notizen_wort_trigramme(w) AS g GROUP BY u, g
    ), heruntergezaehlt AS (  -- a data-modifying CTE runs although nothing reads it
        UPDATE notizen_namen_trigramme v SET anzahl = v.anzahl - weg.n FROM weg
        WHERE v.user_id = weg.user_id AND v.trigramm = weg.trigramm AND v.anzahl > weg.n
        RETURNING v.user_id
    )
    DELETE FROM notizen_namen_trigramme v USING weg
    WHERE v.user_id = weg.user_id AND v.trigramm = weg.trigramm AND v.anzahl <= weg.n;
    -- In one order, so two writers of the same person wait for each other instead of deadlocking.
    INSERT INTO notizen_namen_trigramme AS v (user_id, trigramm, anzahl)
    SELECT u, g, count(*) FROM unnest(neu_user, neu_woerter) AS x(u, w), notizen_wort_trigramme(w) AS g
    GROUP BY u, g ORDER BY u, g
    ON CONFLICT (user_id, trigramm) DO UPDATE SET anzahl = v.anzahl + excluded.anzahl;
END
$$;

CREATE FUNCTION notizen_namen_trigramme_zaehlen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    weg_user text[]; weg_woerter text[]; neu_user text[]; neu_woerter text[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(user_id), array_agg(name_woerter) INTO neu_user, neu_woerter FROM neu WHERE aktiv;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(user_id), array_agg(name_woerter) INTO weg_user, weg_woerter FROM alt WHERE aktiv;
    ELSE
        SELECT array_agg(a.user_id) FILTER (WHERE a.aktiv), array_agg(a.name_woerter) FILTER (WHERE a.aktiv),
               array_agg(n.user_id) FILTER (WHERE n.aktiv), array_agg(n.name_woerter) FILTER (WHERE n.aktiv)
        INTO weg_user, weg_woerter, neu_user, neu_woerter
        FROM alt a JOIN neu n ON n.id = a.id
        WHERE (a.name_woerter, a.aktiv, a.user_id) IS DISTINCT FROM (n.name_woerter, n.aktiv, n.user_id);
    END IF;
    PERFORM notizen_namen_trigramme_buchen(coalesce(weg_user, '{}'), coalesce(weg_woerter, '{}'),
                                           coalesce(neu_user, '{}'), coalesce(neu_woerter, '{}'));
    RETURN NULL;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE TABLE notizen_namen_trigramme ('
                '    user_id  text NOT NULL,'
                '    trigramm text NOT NULL,'
                '    anzahl   integer NOT NULL CHECK (anzahl > 0),'
                '    PRIMARY KEY (user_id, trigramm))';
        EXECUTE 'INSERT INTO notizen_namen_trigramme (user_id, trigramm, anzahl) '
                'SELECT user_id, g, count(*) FROM notizen, notizen_wort_trigramme(name_woerter) AS g '
                'WHERE aktiv GROUP BY user_id, g';
        EXECUTE 'CREATE TRIGGER notizen_namen_trigramme_neu AFTER INSERT ON notizen REFERENCING NEW TABLE AS neu '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_namen_trigramme_zaehlen()';
        EXECUTE 'CREATE TRIGGER notizen_namen_trigramme_geaendert AFTER UPDATE ON notizen '
                'REFERENCING OLD TABLE AS alt NEW TABLE AS neu '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_namen_trigramme_zaehlen()';
        EXECUTE 'CREATE TRIGGER notizen_namen_trigramme_weg AFTER DELETE ON notizen REFERENCING OLD TABLE AS alt '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_namen_trigramme_zaehlen()';
    END IF;
END
$$;
