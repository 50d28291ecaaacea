-- The notes search counts shared trigrams itself for names and topics (pg_trgm only; notizen.md §4).
-- The partial trigram indexes of 005 hand back every name that shares a few common trigrams with the
-- query ("…liste" in a fifth of all names) and then compute pg_trgm's similarity for each of them;
-- here, per person, field and trigram, the notes that carry it are kept as one list of 8-byte codes, so
-- the search reads the lists of the query's trigrams and counts (novaberg.notes.trigram_postings).
--
-- `notizen_trigramm_posten`: (user_id, feld 'name' | 'thema', trigramm as show_trgm writes it) -> codes,
-- the big-endian int8 codes of the active notes concatenated:
--   name:  id << 24 | |trigrams(name)| << 12 | |trigrams(text)|
--   thema: id << 32 | topic position << 24 | |trigrams(topic)| << 12 | |trigrams(text)|
-- (counts capped at 4095, positions at 255; the search treats a capped value as unknown). Written only
-- by the statement triggers below. With the text's trigram count in every code, a text edit rewrites
-- the note's codes too.
-- The name tier indexes (with the columns they read) and the topic list of 005 are replaced by it;
-- the text tiers stay.

-- Writes a list without one code (at a position that is a multiple of eight); NULL when it is missing.
CREATE FUNCTION notizen_posten_ohne(codes bytea, code bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
    start integer := 1;
    found integer;
BEGIN
    LOOP
        found := position(code IN substring(codes FROM start));
        IF found = 0 THEN
            RETURN NULL;
        END IF;
        found := start + found - 1;
        IF (found - 1) % 8 = 0 THEN
            RETURN overlay(codes PLACING ''::bytea FROM found FOR 8);
        END IF;
        start := found + 1;
    END LOOP;
END
$$;

-- Keeps the postings in step with what one statement did to `notizen`: the codes of the notes it took
-- away are cut out, those it wrote are appended (an update counts only notes whose person, name,
-- topics, activity or text size changed). Many notes gone at once, or a code that is missing (the
-- postings out of step), rebuild the person from the table as it is now.
CREATE FUNCTION notizen_posten_buchen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    weg notizen[];
    neu_zeilen notizen[];
    aufgebaut text[] := '{}';
    eintrag record;
    rest bytea;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(n) INTO neu_zeilen FROM neu AS n WHERE n.aktiv;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(a) INTO weg FROM alt AS a WHERE a.aktiv;
    ELSE
        SELECT array_agg(a) FILTER (WHERE a.aktiv), array_agg(n) FILTER (WHERE n.aktiv) INTO weg, neu_zeilen
        FROM alt AS a JOIN neu AS n ON n.id = a.id
        WHERE (a.user_id, a.name, a.themen, a.aktiv, a.text_trgm_n)
              IS DISTINCT FROM (n.user_id, n.name, n.themen, n.aktiv, n.text_trgm_n);
    END IF;
    IF cardinality(weg) > 200 THEN
        SELECT array_agg(DISTINCT w.user_id) INTO aufgebaut FROM unnest(weg) AS w;
        PERFORM notizen_posten_neu_aufbauen(person) FROM unnest(aufgebaut) AS person;
    ELSIF weg IS NOT NULL THEN
        FOR eintrag IN
            SELECT e.user_id, e.feld, e.trigramm, e.code FROM notizen_posten_eintraege(weg) AS e
            ORDER BY e.user_id, e.feld, e.trigramm
        LOOP
            CONTINUE WHEN eintrag.user_id = ANY(aufgebaut);
            rest := NULL;
            SELECT notizen_posten_ohne(p.codes, int8send(eintrag.code)) INTO rest FROM notizen_trigramm_posten AS p
            WHERE p.user_id = eintrag.user_id AND p.feld = eintrag.feld AND p.trigramm = eintrag.trigramm FOR UPDATE;
            IF rest IS NULL THEN
                PERFORM notizen_posten_neu_aufbauen(eintrag.user_id);
                aufgebaut := aufgebaut || eintrag.user_id;
            ELSIF length(rest) = 0 THEN
                DELETE FROM notizen_trigramm_posten AS p
                WHERE p.user_id = eintrag.user_id AND p.feld = eintrag.feld AND p.trigramm = eintrag.trigramm;
            ELSE
                UPDATE notizen_trigramm_posten AS p SET codes = rest
                WHERE p.user_id = eintrag.user_id AND p.feld = eintrag.feld AND p.trigramm = eintrag.trigramm;
            END IF;
        END LOOP;
    END IF;
    -- In one order, so two writers of the same person wait for each other instead of deadlocking.
    INSERT INTO notizen_trigramm_posten AS p (user_id, feld, trigramm, codes)
    SELECT e.user_id, e.feld, e.trigramm, string_agg(int8send(e.code), ''::bytea ORDER BY e.code)
    FROM notizen_posten_eintraege(coalesce(neu_zeilen, '{}')) AS e
    WHERE NOT e.user_id = ANY(aufgebaut)
    GROUP BY e.user_id, e.feld, e.trigramm
    ORDER BY e.user_id, e.feld, e.trigramm
    ON CONFLICT (user_id, feld, trigramm) DO UPDATE SET codes = p.codes || excluded.codes;
    RETURN NULL;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE TABLE notizen_trigramm_posten ('
                '    user_id  text NOT NULL,'
                '    feld     text NOT NULL CHECK (feld IN (''name'', ''thema'')),'
                '    trigramm text NOT NULL,'
                '    codes    bytea NOT NULL CHECK (length(codes) > 0 AND length(codes) % 8 = 0),'
                '    PRIMARY KEY (user_id, feld, trigramm))';
        -- Read whole on every search: stored uncompressed, so reading is copying.
        EXECUTE 'ALTER TABLE notizen_trigramm_posten ALTER COLUMN codes SET STORAGE EXTERNAL';

        -- The postings of some notes: one row per person, field, trigram and code.
        EXECUTE $f$
        CREATE FUNCTION notizen_posten_eintraege(zeilen notizen[])
        RETURNS TABLE (user_id text, feld text, trigramm text, code bigint)
        LANGUAGE sql STABLE AS $body$
            SELECT z.user_id, 'name', g,
                   (z.id::bigint << 24) | (least(cardinality(show_trgm(z.name)), 4095)::bigint << 12)
                   | least(coalesce(z.text_trgm_n, 0), 4095)
            FROM unnest(zeilen) AS z, unnest(show_trgm(z.name)) AS g
            WHERE z.aktiv
            UNION ALL
            SELECT z.user_id, 'thema', g,
                   (z.id::bigint << 32) | (least(t.stelle, 255) << 24)
                   | (least(cardinality(show_trgm(t.thema)), 4095)::bigint << 12)
                   | least(coalesce(z.text_trgm_n, 0), 4095)
            FROM unnest(zeilen) AS z, unnest(z.themen) WITH ORDINALITY AS t(thema, stelle),
                 unnest(show_trgm(t.thema)) AS g
            WHERE z.aktiv
        $body$
        $f$;

        -- A person's postings from the notes as they are now.
        EXECUTE $f$
        CREATE FUNCTION notizen_posten_neu_aufbauen(person text) RETURNS void LANGUAGE sql AS $body$
            DELETE FROM notizen_trigramm_posten WHERE user_id = person;
            INSERT INTO notizen_trigramm_posten (user_id, feld, trigramm, codes)
            SELECT e.user_id, e.feld, e.trigramm, string_agg(int8send(e.code), ''::bytea ORDER BY e.code)
            FROM notizen_posten_eintraege(ARRAY(SELECT n FROM notizen n WHERE n.user_id = person AND n.aktiv)) AS e
            GROUP BY e.user_id, e.feld, e.trigramm;
        $body$
        $f$;

        EXECUTE 'INSERT INTO notizen_trigramm_posten (user_id, feld, trigramm, codes) '
                'SELECT e.user_id, e.feld, e.trigramm, string_agg(int8send(e.code), ''''::bytea ORDER BY e.code) '
                'FROM notizen_posten_eintraege(ARRAY(SELECT n FROM notizen n WHERE n.aktiv)) AS e '
                'GROUP BY e.user_id, e.feld, e.trigramm';
        EXECUTE 'CREATE TRIGGER notizen_posten_neu AFTER INSERT ON notizen REFERENCING NEW TABLE AS neu '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_posten_buchen()';
        EXECUTE 'CREATE TRIGGER notizen_posten_geaendert AFTER UPDATE ON notizen '
                'REFERENCING OLD TABLE AS alt NEW TABLE AS neu FOR EACH STATEMENT EXECUTE FUNCTION notizen_posten_buchen()';
        EXECUTE 'CREATE TRIGGER notizen_posten_weg AFTER DELETE ON notizen REFERENCING OLD TABLE AS alt '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_posten_buchen()';

        -- What the postings replace.
        EXECUTE 'DROP TRIGGER notizen_themen_neu ON notizen';
        EXECUTE 'DROP TRIGGER notizen_themen_geaendert ON notizen';
        EXECUTE 'DROP TRIGGER notizen_themen_weg ON notizen';
        EXECUTE 'DROP TABLE notizen_themen_verzeichnis';
        EXECUTE 'DROP INDEX idx_notizen_name_words_0, idx_notizen_name_words_6, idx_notizen_name_words_10, '
                'idx_notizen_name_words_14, idx_notizen_name_words_18, idx_notizen_name_words_24, '
                'idx_notizen_name_words_32, idx_notizen_name_words_48';
        EXECUTE 'ALTER TABLE notizen DROP COLUMN name_woerter, DROP COLUMN name_trgm_n';
    END IF;
END
$$;

-- The topic list's counting function of 005 has no trigger left (and never had one without pg_trgm).
DROP FUNCTION notizen_themen_zaehlen();
