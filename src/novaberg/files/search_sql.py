"""The one statement of the enricher source (dateien.md §3.0, §3.0a-bis, §6.3, §6.3a): all channels at once.

Owned SQL of the retrieval (the repository of the search). One round trip, no model call:

* `scharf` — the sharp lexical channel (§6.3a): a lexeme of the question hits one of the keywords taken at
  indexing („Seltenheit ist nicht Einschlägigkeit"), through the GIN index over their lexemes
  (`stichwort_lexeme`, schema 005). `suchtext` is built from name, topic, summary *and* the keywords, so a
  keyword lexeme always lies in the full-text index too: the spec's AND holds by construction.
* `dicht` — the dense channel over the topic embeddings. The pair's filter comes *before* the similarity
  (§6.3): it is a condition inside the HNSW scan, and the caller switches on pgvector's iterative scan
  (`hnsw.iterative_scan = strict_order`), so the scan goes on until enough of the pair's rows passed —
  not a post-filter that silently returns fewer than K. It returns the top cosines unthresholded: the
  caller applies the threshold and the floor.
* `inhalt` — the content channel over the sections (issue 16: the metadata channels are the floor):
  each section scores the BM25 weight (idf) of the question's lexemes it carries; a file scores its best
  section, which is also the location's line range.
* The K-th cosine of this turn is appended to the pair's tracked distribution by a data-modifying CTE in
  the same statement (§3.0a-bis „Die wahre Paarung fällt umsonst an"); the statement reads the values of
  the earlier turns.

Both lexical channels share one rule of evidence (issue 16, a decision of this build, measured in
bench/files/retrieval): a file or section counts when it carries two of the question's lexemes, or one
that at most K of the pair's files carry (sharp in the literal sense, §6.3a: *„sieben trafen genau eine
Datei"*). One word that hundreds of files carry — a town, a common noun — is no evidence of relevance.

A question without one content lexeme (only stop words, punctuation, an emoji) runs no channel (§6.3a:
*„Wie war dein Tag?" ergibt keins*).
"""

from __future__ import annotations

__all__ = ["SEARCH", "TRACK_KEEP"]

TRACK_KEEP = 200  # the tracked K-th cosines kept per pair: the distribution of today's stock (§3.0a-bis)

SEARCH = """
WITH wurzeln AS MATERIALIZED (
    SELECT id, pfad, eigentum FROM dateien_wurzeln
    WHERE user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv
),
lex AS MATERIALIZED (
    SELECT lexeme, to_tsquery('simple', quote_literal(lexeme)) AS tq
    FROM unnest(to_tsvector('german', %(text)s))
    ORDER BY cardinality(positions) DESC, lexeme LIMIT %(max_terms)s
),
q AS MATERIALIZED (
    SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS tsq, count(*) AS n FROM lex
),
scharf_df AS MATERIALIZED (  -- per lexeme: how many of the pair's files carry it among their keywords
    SELECT l.lexeme, count(*) AS n
    FROM lex l JOIN dateien_index i ON i.stichwort_lexeme @@ l.tq
    WHERE (SELECT n FROM q) > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv
    GROUP BY l.lexeme
),
scharf AS (
    SELECT i.id, treffer.anzahl + ts_rank(i.stichwort_lexeme, q.tsq) AS wert
    FROM q, dateien_index i
    CROSS JOIN LATERAL (
        SELECT count(*) AS anzahl, bool_or(d.n <= %(cap)s) AS selten
        FROM scharf_df d JOIN lex l ON l.lexeme = d.lexeme WHERE i.stichwort_lexeme @@ l.tq
    ) treffer
    WHERE q.n > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv AND i.stichwort_lexeme @@ q.tsq
      AND (treffer.anzahl >= least(2, q.n) OR treffer.selten)  -- one common word is no evidence
    ORDER BY wert DESC, i.id LIMIT %(limit)s
),
dicht_alle AS (
    SELECT id, wert, row_number() OVER (ORDER BY wert DESC, id) AS rang FROM (
        SELECT i.id, 1 - (i.themen_embedding <=> %(vector)s::vector) AS wert
        FROM dateien_index i
        WHERE (SELECT n FROM q) > 0 AND %(vector)s::vector IS NOT NULL
          AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv AND i.themen_embedding IS NOT NULL
        ORDER BY i.themen_embedding <=> %(vector)s::vector LIMIT %(dense_k)s
    ) nah
),
verfolgt AS (
    INSERT INTO dateien_schwelle AS s (user_id, character_id, werte, geaendert_am)
    SELECT %(user_id)s, %(character_id)s, ARRAY[wert::real], %(now)s FROM dicht_alle
    WHERE rang = %(cap)s AND %(track)s
    ON CONFLICT (user_id, character_id) DO UPDATE
    SET werte = (s.werte || EXCLUDED.werte)[greatest(1, cardinality(s.werte) + 2 - %(keep)s):],
        geaendert_am = EXCLUDED.geaendert_am
    RETURNING 1
),
abschnitte AS MATERIALIZED (
    SELECT a.index_id, a.zeile_von, a.zeile_bis, a.suchtext || ''::tsvector AS suchtext
    FROM q, dateien_abschnitte a JOIN dateien_index i ON i.id = a.index_id
    WHERE q.n > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv AND a.suchtext @@ q.tsq
),
treffer AS MATERIALIZED (
    SELECT a.index_id, a.zeile_von, a.zeile_bis, l.lexeme
    FROM abschnitte a CROSS JOIN LATERAL (SELECT lexeme FROM lex WHERE a.suchtext @@ lex.tq) l
),
gesamt AS MATERIALIZED (
    SELECT greatest(count(*), 1)::float8 AS n FROM dateien_index i
    WHERE (SELECT n FROM q) > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv
),
idf AS MATERIALIZED (
    SELECT t.lexeme, count(DISTINCT t.index_id) AS df,
           ln(1 + (g.n - count(DISTINCT t.index_id) + 0.5) / (count(DISTINCT t.index_id) + 0.5)) AS gewicht
    FROM treffer t, gesamt g GROUP BY t.lexeme, g.n
),
bewertet AS (
    SELECT t.index_id, t.zeile_von, t.zeile_bis, sum(d.gewicht) AS wert
    FROM treffer t JOIN idf d ON d.lexeme = t.lexeme, q
    GROUP BY t.index_id, t.zeile_von, t.zeile_bis, q.n
    -- one common word is no evidence: two of the question's lexemes, or one that few files carry
    HAVING count(*) >= least(2, q.n) OR bool_or(d.df <= %(cap)s)
),
beste_stelle AS (
    SELECT DISTINCT ON (index_id) index_id, zeile_von, zeile_bis, wert
    FROM bewertet ORDER BY index_id, wert DESC, zeile_von
),
inhalt AS (
    SELECT index_id AS id, wert FROM beste_stelle ORDER BY wert DESC, index_id LIMIT %(limit)s
),
kanaele AS (
    SELECT 'scharf' AS kanal, id, row_number() OVER (ORDER BY wert DESC, id) AS rang, wert FROM scharf
    UNION ALL SELECT 'dicht', id, rang, wert FROM dicht_alle
    UNION ALL SELECT 'inhalt', id, row_number() OVER (ORDER BY wert DESC, id), wert FROM inhalt
)
SELECT k.kanal, k.id, k.rang, k.wert, w.id AS root_id, w.pfad AS wurzel_pfad, w.eigentum, i.pfad, i.thema,
       i.zusammenfassung, i.zeilen, i.groesse, b.zeile_von, b.zeile_bis,
       (SELECT werte FROM dateien_schwelle WHERE user_id = %(user_id)s AND character_id = %(character_id)s)
           AS verlauf,
       (SELECT count(*) FROM verfolgt) AS verfolgt
FROM kanaele k JOIN dateien_index i ON i.id = k.id JOIN wurzeln w ON w.id = i.wurzel_id
LEFT JOIN beste_stelle b ON b.index_id = k.id
ORDER BY k.kanal, k.rang
"""
