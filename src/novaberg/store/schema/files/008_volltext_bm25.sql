-- Okapi BM25 over the sections of the whole text (the full-text channel "volltext").
--
-- BM25 needs, per pair, how many sections carry a lexeme (df), how many sections there are (N) and their
-- mean length (avgdl); PostgreSQL's ts_rank has neither. Three tables, kept per root (a root belongs to one
-- pair; the search sums over the pair's active roots), written only by the watcher in the transaction that
-- writes the sections (files/terms.py, the one writer):
--   dateien_terme      one row per (section, lexeme) of an active file: the lexeme's count in the section and
--                      the section's length — the postings the search scores without reading a tsvector;
--   dateien_lexem_df   per (root, lexeme): the number of postings rows, i.e. sections carrying it;
--   dateien_statistik  per root: sections and their summed length.
-- A retired file's postings are removed and its counts subtracted; a file that comes back adds them again.
CREATE TABLE IF NOT EXISTS dateien_terme (
    wurzel_id INTEGER NOT NULL REFERENCES dateien_wurzeln (id) ON DELETE CASCADE,
    lexem TEXT NOT NULL,
    abschnitt_id BIGINT NOT NULL REFERENCES dateien_abschnitte (id) ON DELETE CASCADE,
    index_id INTEGER NOT NULL,
    tf INTEGER NOT NULL CHECK (tf >= 1),
    laenge INTEGER NOT NULL CHECK (laenge >= 1),
    PRIMARY KEY (wurzel_id, lexem, abschnitt_id)
);
CREATE INDEX IF NOT EXISTS idx_dateien_terme_datei ON dateien_terme (index_id);
CREATE INDEX IF NOT EXISTS idx_dateien_terme_abschnitt ON dateien_terme (abschnitt_id);

CREATE TABLE IF NOT EXISTS dateien_lexem_df (
    wurzel_id INTEGER NOT NULL REFERENCES dateien_wurzeln (id) ON DELETE CASCADE,
    lexem TEXT NOT NULL,
    df INTEGER NOT NULL CHECK (df >= 0),
    PRIMARY KEY (wurzel_id, lexem)
);

CREATE TABLE IF NOT EXISTS dateien_statistik (
    wurzel_id INTEGER PRIMARY KEY REFERENCES dateien_wurzeln (id) ON DELETE CASCADE,
    abschnitte BIGINT NOT NULL CHECK (abschnitte >= 0),
    woerter BIGINT NOT NULL CHECK (woerter >= 0)
);

-- The sections indexed before this migration get their postings and counts once.
INSERT INTO dateien_terme (wurzel_id, lexem, abschnitt_id, index_id, tf, laenge)
SELECT i.wurzel_id, t.lexeme, a.id, a.index_id, coalesce(cardinality(t.positions), 1), l.laenge
FROM dateien_index i JOIN dateien_abschnitte a ON a.index_id = i.id
CROSS JOIN LATERAL (SELECT sum(coalesce(cardinality(x.positions), 1))::int AS laenge FROM unnest(a.suchtext) x
                    WHERE left(x.lexeme, 1) <> '~') l
CROSS JOIN LATERAL unnest(a.suchtext) t
WHERE i.aktiv AND left(t.lexeme, 1) <> '~' AND l.laenge >= 1
ON CONFLICT DO NOTHING;
INSERT INTO dateien_lexem_df (wurzel_id, lexem, df)
SELECT wurzel_id, lexem, count(*) FROM dateien_terme GROUP BY wurzel_id, lexem
ON CONFLICT (wurzel_id, lexem) DO UPDATE SET df = EXCLUDED.df;
INSERT INTO dateien_statistik (wurzel_id, abschnitte, woerter)
SELECT wurzel_id, count(*), sum(laenge) FROM (SELECT DISTINCT wurzel_id, abschnitt_id, laenge FROM dateien_terme) s
GROUP BY wurzel_id
ON CONFLICT (wurzel_id) DO UPDATE SET abschnitte = EXCLUDED.abschnitte, woerter = EXCLUDED.woerter;
