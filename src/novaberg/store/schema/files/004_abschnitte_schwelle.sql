-- The content channel and the tracked dense threshold (dateien.md §3.0a-bis, §6).
--
-- dateien_abschnitte: one row per section of an indexed file (line range, heading, lexemes). It carries
-- lexemes only (a tsvector), never the text: the index stays the map, the content stays in the file (§4).
-- The spec's metadata channels are the floor, not the ceiling: the term a person
-- asks for often stands in the text and in no metadatum (§6.3a „Thomaskantor"), and the block needs a
-- location a person can open — path and line range (§1a.2). Written by the watcher with its index row.
CREATE TABLE IF NOT EXISTS dateien_abschnitte (
    id BIGSERIAL PRIMARY KEY,
    index_id INTEGER NOT NULL REFERENCES dateien_index (id) ON DELETE CASCADE,
    zeile_von INTEGER NOT NULL CHECK (zeile_von >= 1),
    zeile_bis INTEGER NOT NULL CHECK (zeile_bis >= zeile_von),
    titel TEXT,
    suchtext TSVECTOR NOT NULL,
    CONSTRAINT dateien_abschnitte_datei_zeile UNIQUE (index_id, zeile_von)
);
CREATE INDEX IF NOT EXISTS idx_dateien_abschnitte_suchtext ON dateien_abschnitte USING GIN (suchtext);

-- §3.0a-bis: the K-th cosine of every turn, per pair — the running distribution the quantile 1 − K/N is
-- read from („nachführen, nicht kalibrieren"). The last values only (bounded by the writer).
CREATE TABLE IF NOT EXISTS dateien_schwelle (
    user_id TEXT NOT NULL,
    character_id TEXT NOT NULL,
    werte REAL[] NOT NULL DEFAULT '{}',
    geaendert_am TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, character_id)
);
