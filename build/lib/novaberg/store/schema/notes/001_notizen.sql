-- The notes of a person (notizen.md §9, plus the columns the document uses elsewhere:
-- suchtext §4 "Fallback-Kette", entitaet_ids and timeline_id §4 "Indexe", faellig_am §1,
-- last_touched §6 "Schreiben, ein geschlossener Satz", wiedervorlage_am §6 "Kein NotizenRepository.update").
-- Times are UTC and always written by the caller (the clock comes from the turn); no column defaults to now().
CREATE TABLE notizen (
    id               BIGSERIAL PRIMARY KEY,
    user_id          TEXT NOT NULL CHECK (user_id <> ''),
    name             TEXT NOT NULL CHECK (name <> '' AND length(name) <= 255),
    typ              TEXT NOT NULL DEFAULT 'notiz'
                     CHECK (typ IN ('einkauf', 'todo', 'merkliste', 'notiz', 'entwurf', 'idee')),
    text             TEXT NOT NULL DEFAULT '',
    zusammenfassung  TEXT NOT NULL DEFAULT '',
    themen           TEXT[] NOT NULL DEFAULT '{}',
    status           TEXT NOT NULL DEFAULT 'aktiv' CHECK (status IN ('aktiv', 'archiviert')),
    aktiv            BOOLEAN NOT NULL DEFAULT TRUE,
    entitaet_ids     BIGINT[] NOT NULL DEFAULT '{}',
    timeline_id      BIGINT,
    faellig_am       TIMESTAMPTZ,
    wiedervorlage_am TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    last_touched     TIMESTAMPTZ NOT NULL,
    -- Generated, so it can never lag a write behind (notizen.md §6, NOTIZ-SUCHTEXT-HINKT-NACH).
    suchtext         TSVECTOR GENERATED ALWAYS AS (
                         to_tsvector('german'::regconfig, name || ' ' || text)
                     ) STORED,
    -- §5 Delete: status and aktiv are set together, never one without the other.
    CONSTRAINT notizen_status_aktiv_sync CHECK ((aktiv AND status = 'aktiv') OR (NOT aktiv AND status = 'archiviert'))
);

-- §4 "Indexe": owner, status, topics, entities, timeline anchor (the owner index is partial: §9 "aktiv").
CREATE INDEX idx_notizen_user ON notizen (user_id) WHERE aktiv;
CREATE INDEX idx_notizen_status ON notizen (status);
CREATE INDEX idx_notizen_themen ON notizen USING GIN (themen);
CREATE INDEX idx_notizen_entitaet_ids ON notizen USING GIN (entitaet_ids);
CREATE INDEX idx_notizen_timeline_id ON notizen (timeline_id) WHERE timeline_id IS NOT NULL;
-- §4 "Fallback-Kette": exact name (case-insensitive) and full text.
CREATE INDEX idx_notizen_user_name ON notizen (user_id, lower(name)) WHERE aktiv;
CREATE INDEX idx_notizen_suchtext ON notizen USING GIN (suchtext);

-- The topics as one text, for a trigram index over them (array_to_string is only STABLE because of
-- the element type's output function; for text[] it is immutable).
CREATE FUNCTION notizen_themen_text(themen text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT array_to_string(themen, ' ') $$;

-- Trigram indexes only where pg_trgm exists (§4 "Am 16.08.2026 berichtigt": there were none).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX idx_notizen_name_trgm ON notizen USING GIN (name gin_trgm_ops) WHERE aktiv';
        EXECUTE 'CREATE INDEX idx_notizen_text_trgm ON notizen USING GIN (text gin_trgm_ops) WHERE aktiv';
        EXECUTE 'CREATE INDEX idx_notizen_themen_trgm ON notizen USING GIN (notizen_themen_text(themen) gin_trgm_ops) WHERE aktiv';
    END IF;
END
$$;

-- §1: the anchor of a reminder in the timeline; a foreign key only where the timeline table exists already.
DO $$
BEGIN
    IF to_regclass('timeline') IS NOT NULL THEN
        EXECUTE 'ALTER TABLE notizen ADD CONSTRAINT notizen_timeline_id_fkey '
                'FOREIGN KEY (timeline_id) REFERENCES timeline (id) ON DELETE SET NULL';
    END IF;
END
$$;
