-- The long-term memory (synapsen-promotion.md §3b): nodes and edges of one pair, written only by the
-- promotion agent (memory/repository.py). `embedding` has no fixed dimension: it follows the embedder
-- named in `lzg_embedder`; the HNSW index is built for that dimension by the repository (an expression
-- index over `embedding::vector(N)`), and a changed embedder is refused until `novaberg memory reembed`.
CREATE TABLE IF NOT EXISTS lzg_embedder (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),   -- one row
    kennung TEXT NOT NULL,
    dimensionen INTEGER NOT NULL CHECK (dimensionen > 0),
    geaendert_am TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS lzg_knoten (
    id BIGSERIAL PRIMARY KEY,
    user_id TEXT NOT NULL,
    character_id TEXT NOT NULL,
    inhalt TEXT NOT NULL,
    embedding vector NOT NULL,
    aktiv BOOLEAN NOT NULL DEFAULT TRUE,
    gewicht_decay DOUBLE PRECISION NOT NULL DEFAULT 1.0,
    salienz DOUBLE PRECISION NOT NULL,
    kzg_schluessel TEXT NOT NULL,
    kzg_erstellt_am TIMESTAMPTZ NOT NULL,
    turn_id TEXT,
    erstellt_am TIMESTAMPTZ NOT NULL,
    aktualisiert_am TIMESTAMPTZ NOT NULL,
    -- a killed run that retries never makes a second node of one short-term hash
    CONSTRAINT lzg_knoten_paar_kzg UNIQUE (user_id, character_id, kzg_schluessel)
);
CREATE INDEX IF NOT EXISTS idx_lzg_knoten_paar ON lzg_knoten (user_id, character_id, erstellt_am DESC);

CREATE TABLE IF NOT EXISTS lzg_kanten (
    id BIGSERIAL PRIMARY KEY,
    user_id TEXT NOT NULL,
    character_id TEXT NOT NULL,
    von_id BIGINT NOT NULL REFERENCES lzg_knoten (id) ON DELETE CASCADE,
    nach_id BIGINT NOT NULL REFERENCES lzg_knoten (id) ON DELETE CASCADE,
    gewicht DOUBLE PRECISION NOT NULL,   -- the cosine of the two nodes
    erstellt_am TIMESTAMPTZ NOT NULL,
    CONSTRAINT lzg_kanten_paar_von_nach UNIQUE (von_id, nach_id),
    CONSTRAINT lzg_kanten_nicht_selbst CHECK (von_id <> nach_id)
);
CREATE INDEX IF NOT EXISTS idx_lzg_kanten_paar ON lzg_kanten (user_id, character_id);
CREATE INDEX IF NOT EXISTS idx_lzg_kanten_nach ON lzg_kanten (nach_id);
