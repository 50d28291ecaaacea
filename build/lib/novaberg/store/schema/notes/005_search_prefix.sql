-- The notes search with pg_trgm (notizen.md §4), built so the index answers close to the specification's
-- condition instead of handing back every note that shares one trigram with the query
-- (novaberg.notes.trigram_prefix explains the prefix filter):
-- * names and texts: the number of their trigrams and their words (`notizen_suchwoerter`, stored so an
--   index recheck reads them instead of computing them), one partial trigram index per tier of that
--   number over the words, which the search's patterns match;
-- * topics: the person's distinct topics with the number of active notes carrying each
--   (`notizen_themen_verzeichnis`), kept by statement triggers on `notizen`, the table's only writer; a
--   topic's similarity is computed once per distinct topic, then the notes are found by the topics index.
-- The tiers' bounds are NAME_TIERS and TEXT_TIERS of trigram_prefix.py (a test keeps them in step).
-- Without pg_trgm (the embedded default) only the two functions exist, unused; the fallback search of 002-004
-- stays.

-- The words of a text in lower case, joined by single spaces (novaberg.notes.trigram_prefix.search_words).
CREATE FUNCTION notizen_suchwoerter(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT regexp_replace(lower(value), '[^[:alnum:]]+', ' ', 'g') $$;

-- Keeps notizen_themen_verzeichnis in step with the active notes: what a statement removed is counted
-- down first (a topic at zero is gone), what it wrote is counted up. A note counts once per topic.
CREATE FUNCTION notizen_themen_zaehlen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        WITH weg AS (
            SELECT user_id, thema, count(DISTINCT id) AS n
            FROM alt, unnest(themen) AS thema WHERE aktiv GROUP BY user_id, thema
        ), heruntergezaehlt AS (  -- a data-modifying CTE runs although nothing reads it
            UPDATE notizen_themen_verzeichnis v SET anzahl = v.anzahl - weg.n FROM weg
            WHERE v.user_id = weg.user_id AND v.thema = weg.thema AND v.anzahl > weg.n
            RETURNING v.user_id, v.thema
        )
        DELETE FROM notizen_themen_verzeichnis v USING weg
        WHERE v.user_id = weg.user_id AND v.thema = weg.thema AND v.anzahl <= weg.n;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO notizen_themen_verzeichnis AS v (user_id, thema, anzahl)
        SELECT user_id, thema, count(DISTINCT id) FROM neu, unnest(themen) AS thema WHERE aktiv
        GROUP BY user_id, thema
        ON CONFLICT (user_id, thema) DO UPDATE SET anzahl = v.anzahl + excluded.anzahl;
    END IF;
    RETURN NULL;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'ALTER TABLE notizen '
                'ADD COLUMN name_trgm_n integer GENERATED ALWAYS AS (cardinality(show_trgm(name))) STORED, '
                'ADD COLUMN name_woerter text GENERATED ALWAYS AS (notizen_suchwoerter(name)) STORED, '
                'ADD COLUMN text_woerter text GENERATED ALWAYS AS (notizen_suchwoerter(text)) STORED';
        -- The indexes of 001 and 003 answer with one shared trigram; the tiers below replace them.
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_name_trgm';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_themen_trgm';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm_50';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm_100';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm_200';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm_400';
        EXECUTE 'DROP INDEX IF EXISTS idx_notizen_text_trgm_n';
        -- A GIN index with a pending list reads the whole list on every search until the next vacuum
        -- (after a bulk import: hundreds of milliseconds); notes are written one at a time, so the
        -- indexes the search reads are written directly.
        EXECUTE 'ALTER INDEX idx_notizen_themen SET (fastupdate = off)';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_0 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 0 AND name_trgm_n < 6';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_6 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 6 AND name_trgm_n < 10';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_10 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 10 AND name_trgm_n < 14';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_14 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 14 AND name_trgm_n < 18';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_18 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 18 AND name_trgm_n < 24';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_24 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 24 AND name_trgm_n < 32';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_32 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 32 AND name_trgm_n < 48';
        EXECUTE 'CREATE INDEX idx_notizen_name_words_48 ON notizen USING GIN (name_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND name_trgm_n >= 48';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_0 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 0 AND text_trgm_n < 16';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_16 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 16 AND text_trgm_n < 24';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_24 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 24 AND text_trgm_n < 32';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_32 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 32 AND text_trgm_n < 48';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_48 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 48 AND text_trgm_n < 64';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_64 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 64 AND text_trgm_n < 96';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_96 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 96 AND text_trgm_n < 128';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_128 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 128 AND text_trgm_n < 192';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_192 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 192 AND text_trgm_n < 256';
        EXECUTE 'CREATE INDEX idx_notizen_text_words_256 ON notizen USING GIN (text_woerter gin_trgm_ops) WITH (fastupdate = off) WHERE aktiv AND text_trgm_n >= 256';

        EXECUTE 'CREATE TABLE notizen_themen_verzeichnis ('
                '    user_id text NOT NULL,'
                '    thema   text NOT NULL,'
                '    anzahl  integer NOT NULL CHECK (anzahl > 0),'
                '    PRIMARY KEY (user_id, thema))';
        EXECUTE 'CREATE INDEX idx_notizen_themen_verzeichnis_trgm ON notizen_themen_verzeichnis '
                'USING GIN (thema gin_trgm_ops) WITH (fastupdate = off)';
        EXECUTE 'INSERT INTO notizen_themen_verzeichnis (user_id, thema, anzahl) '
                'SELECT user_id, thema, count(DISTINCT id) FROM notizen, unnest(themen) AS thema '
                'WHERE aktiv GROUP BY user_id, thema';
        EXECUTE 'CREATE TRIGGER notizen_themen_neu AFTER INSERT ON notizen REFERENCING NEW TABLE AS neu '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_themen_zaehlen()';
        EXECUTE 'CREATE TRIGGER notizen_themen_geaendert AFTER UPDATE ON notizen '
                'REFERENCING OLD TABLE AS alt NEW TABLE AS neu FOR EACH STATEMENT EXECUTE FUNCTION notizen_themen_zaehlen()';
        EXECUTE 'CREATE TRIGGER notizen_themen_weg AFTER DELETE ON notizen REFERENCING OLD TABLE AS alt '
                'FOR EACH STATEMENT EXECUTE FUNCTION notizen_themen_zaehlen()';
    END IF;
END
$$;
