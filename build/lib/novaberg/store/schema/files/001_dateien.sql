-- The files service (dateien.md §2a.1, §4): the roots a pair shared, and one index row per file.
-- `pfad` of a root is the resolved absolute path (§7); `pfad` of an index row is relative to its root.
CREATE TABLE IF NOT EXISTS dateien_wurzeln (
    id SERIAL PRIMARY KEY,
    user_id TEXT NOT NULL,
    character_id VARCHAR(50) NOT NULL,
    pfad TEXT NOT NULL,
    bezeichnung TEXT,
    eigentum VARCHAR(10) NOT NULL DEFAULT 'nutzer' CHECK (eigentum IN ('nutzer', 'figur', 'gemischt')),
    aktiv BOOLEAN NOT NULL DEFAULT TRUE,
    erstellt_am TIMESTAMPTZ NOT NULL,
    geaendert_am TIMESTAMPTZ NOT NULL,
    CONSTRAINT dateien_wurzeln_paar_pfad UNIQUE (user_id, character_id, pfad)  -- §8.2a: no second row
);
CREATE INDEX IF NOT EXISTS idx_dateien_wurzeln_paar ON dateien_wurzeln (user_id, character_id);

CREATE TABLE IF NOT EXISTS dateien_index (
    id SERIAL PRIMARY KEY,
    wurzel_id INTEGER NOT NULL REFERENCES dateien_wurzeln (id) ON DELETE CASCADE,
    pfad TEXT NOT NULL,
    name TEXT NOT NULL,
    thema TEXT,
    zusammenfassung TEXT,
    stichwoerter TEXT[] NOT NULL DEFAULT '{}',
    themen_embedding vector(768),
    -- three states (§4): a list = the map, [] = looked, no headings, NULL = not taken
    struktur JSONB,
    groesse BIGINT NOT NULL,
    zeilen INTEGER NOT NULL,
    inhalt_hash TEXT NOT NULL,
    geaendert_am TIMESTAMPTZ NOT NULL,
    indiziert_am TIMESTAMPTZ NOT NULL,
    aktiv BOOLEAN NOT NULL DEFAULT TRUE,
    grund VARCHAR(10) NOT NULL CHECK (grund IN ('created', 'changed', 'deleted', 'excluded')),
    grund_am TIMESTAMPTZ NOT NULL,
    entitaet_ids INTEGER[],        -- §6.1a: no writer
    timeline_id INTEGER,           -- §6.1a: no writer
    -- the lexical channel: name + topic + summary + keywords, never the content (§4)
    suchtext TSVECTOR NOT NULL DEFAULT ''::tsvector,
    zuletzt_gelernt_hash TEXT,     -- §5.2a: no writer yet
    CONSTRAINT dateien_index_wurzel_pfad UNIQUE (wurzel_id, pfad)  -- a killed run leaves no duplicates
);
CREATE INDEX IF NOT EXISTS idx_dateien_index_suchtext ON dateien_index USING GIN (suchtext);
CREATE INDEX IF NOT EXISTS idx_dateien_index_stichwoerter ON dateien_index USING GIN (stichwoerter);
CREATE INDEX IF NOT EXISTS idx_dateien_index_embedding ON dateien_index
    USING hnsw (themen_embedding vector_cosine_ops);
CREATE INDEX IF NOT EXISTS idx_dateien_index_aktiv ON dateien_index (wurzel_id) WHERE aktiv;
