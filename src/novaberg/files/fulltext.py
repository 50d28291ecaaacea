"""The full-text channel "volltext": Okapi BM25 over the sections of the whole text.

Every section of an active file (files/sections.py: headings, blank lines, at most 40 lines) is a BM25
document with its own length; the question's lexemes (PostgreSQL's german Snowball stemmer, stop words
dropped — the same configuration that wrote the sections) are scored with the idf of the pair's section
counts (`dateien_lexem_df`, `dateien_statistik`, kept by files/terms.py) and length normalisation against
the pair's mean section length:

    idf(t)   = ln(1 + (N − df + 0.5) / (df + 0.5))
    score(s) = Σ idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · |s| / avgdl))

A file scores its best section, and that section's line range is the location of the hit. German
compounds: a question lexeme that no section carries as a word, but that splits into two lexemes the
pair's sections do carry (`speicherplatz` → `speich` + `platz`), is scored by its parts, each at
`PART_WEIGHT` (a part is weaker evidence than the word).

Why tables of our own rather than `ts_rank`: ts_rank has no idf and no BM25 length normalisation; on the
held-out file questions it reached NDCG@5 0.16–0.17 against 0.24 for Okapi BM25.
"""

from __future__ import annotations

__all__ = ["FULLTEXT", "FULLTEXT_PARAMS", "K1", "B", "PART_WEIGHT", "PART_MIN", "COMMON_SHARE"]

K1 = 1.2  # term-frequency saturation (the usual 1.2)
B = 0.75  # length normalisation (the usual 0.75)
PART_WEIGHT = 0.5
PART_MIN = 4  # a compound part has at least this many letters
COMMON_SHARE = 0.05  # a lexeme in more than this share of the sections scores only sections a rarer one found
FULLTEXT_PARAMS = {"k1": K1, "b": B, "part_weight": PART_WEIGHT, "part_min": PART_MIN, "common_share": COMMON_SHARE}

FULLTEXT = """
WITH wurzeln AS MATERIALIZED (
    SELECT id FROM dateien_wurzeln WHERE user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv
),
stat AS MATERIALIZED (
    SELECT greatest(sum(abschnitte), 1)::float8 AS n,
           greatest(sum(woerter), 1)::float8 / greatest(sum(abschnitte), 1) AS avgdl
    FROM dateien_statistik WHERE wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))
),
woerter AS MATERIALIZED (
    SELECT lexeme AS lexem, coalesce(cardinality(positions), 1) AS anzahl
    FROM unnest(to_tsvector('german', %(text)s))
    ORDER BY cardinality(positions) DESC, lexeme LIMIT %(max_terms)s
),
bekannt AS MATERIALIZED (  -- the pair's section count of each question lexeme
    SELECT w.lexem, w.anzahl, coalesce((SELECT sum(d.df) FROM dateien_lexem_df d
                                         WHERE d.lexem = w.lexem AND d.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))),
                                        0)::float8 AS df
    FROM woerter w
),
teile AS MATERIALIZED (  -- a compound no section carries: its best split into two lexemes the sections carry
    SELECT DISTINCT ON (b.lexem) b.lexem, b.anzahl, l.lexem AS links, r.lexem AS rechts
    FROM bekannt b
    CROSS JOIN LATERAL generate_series(%(part_min)s, length(b.lexem) - %(part_min)s) AS n
    CROSS JOIN LATERAL (VALUES (left(b.lexem, n), right(b.lexem, length(b.lexem) - n)),
                               (left(b.lexem, n), right(b.lexem, length(b.lexem) - n - 1))) AS s (vorn, hinten)
    JOIN LATERAL (SELECT d.lexem, sum(d.df) AS df FROM dateien_lexem_df d
                  WHERE d.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND d.df > 0
                    AND d.lexem IN (s.vorn, s.vorn || 'e', s.vorn || 'en',
                                    (tsvector_to_array(to_tsvector('german', s.vorn)))[1])
                  GROUP BY d.lexem ORDER BY sum(d.df) DESC LIMIT 1) l ON TRUE
    JOIN LATERAL (SELECT d.lexem, sum(d.df) AS df FROM dateien_lexem_df d
                  WHERE d.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND d.df > 0
                    AND d.lexem IN (s.hinten, s.hinten || 'e', s.hinten || 'en',
                                    (tsvector_to_array(to_tsvector('german', s.hinten)))[1])
                    AND length(s.hinten) >= %(part_min)s
                  GROUP BY d.lexem ORDER BY sum(d.df) DESC LIMIT 1) r ON TRUE
    WHERE b.df = 0 AND length(b.lexem) >= 2 * %(part_min)s
    ORDER BY b.lexem, least(l.df, r.df) DESC
),
begriffe AS MATERIALIZED (  -- the scored terms: the lexemes the sections carry, and the parts of the others
    SELECT lexem, 1.0::float8 AS gewicht FROM bekannt WHERE df > 0
    UNION ALL SELECT links, %(part_weight)s FROM teile
    UNION ALL SELECT rechts, %(part_weight)s FROM teile
),
gewichte AS MATERIALIZED (
    SELECT g.lexem, max(g.gewicht) * ln(1 + (s.n - d.df + 0.5) / (d.df + 0.5)) AS idf,
           d.df <= greatest(s.n * %(common_share)s, 1) AS selten
    FROM begriffe g CROSS JOIN stat s
    CROSS JOIN LATERAL (SELECT sum(x.df)::float8 AS df FROM dateien_lexem_df x
                        WHERE x.lexem = g.lexem AND x.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))) d
    WHERE d.df > 0
    GROUP BY g.lexem, s.n, d.df
),
selten_treffer AS MATERIALIZED (  -- the postings of the rarer terms: every section with evidence (index-only:
    -- schema 010's covering index carries file, count and length)
    SELECT t.abschnitt_id, t.index_id, t.laenge, g.idf, t.tf
    FROM gewichte g JOIN dateien_terme t ON (t.lexem COLLATE "C") = g.lexem
     AND t.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))
    WHERE g.selten
),
kandidaten AS MATERIALIZED (
    SELECT DISTINCT abschnitt_id FROM selten_treffer
),
haeufig_treffer AS (  -- a common term adds to the sections a rarer term found (or, without a rarer term, to all)
    SELECT t.abschnitt_id, t.index_id, t.laenge, g.idf, t.tf
    FROM gewichte g JOIN dateien_terme t ON (t.lexem COLLATE "C") = g.lexem
     AND t.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))
    WHERE NOT g.selten AND (t.abschnitt_id IN (SELECT abschnitt_id FROM kandidaten)
                            OR NOT EXISTS (SELECT 1 FROM kandidaten))
),
stellen AS (
    SELECT x.abschnitt_id, x.index_id,
           sum(x.idf * x.tf * (%(k1)s + 1) / (x.tf + %(k1)s * (1 - %(b)s + %(b)s * x.laenge / s.avgdl))) AS wert
    FROM (SELECT * FROM selten_treffer UNION ALL SELECT * FROM haeufig_treffer) x CROSS JOIN stat s
    GROUP BY x.abschnitt_id, x.index_id
),
oben AS MATERIALIZED (  -- a file scores its best section; only the head of the ranking is joined to the files'
    -- rows (the postings hold active files only: files/terms.py withdraws a retired file's)
    SELECT index_id, abschnitt_id, wert FROM (
        SELECT DISTINCT ON (index_id) index_id, abschnitt_id, wert FROM stellen ORDER BY index_id, wert DESC, abschnitt_id
    ) b ORDER BY wert DESC, index_id LIMIT %(limit)s
)
SELECT 'volltext' AS kanal, b.index_id AS id, row_number() OVER (ORDER BY b.wert DESC, b.index_id) AS rang, b.wert,
       TRUE AS belegt, w.id AS root_id, w.pfad AS wurzel_pfad, w.eigentum, i.pfad, i.thema, i.zusammenfassung,
       i.zeilen, i.groesse, a.zeile_von, a.zeile_bis, NULL::real[] AS verlauf, 0 AS verfolgt
FROM oben b JOIN dateien_abschnitte a ON a.id = b.abschnitt_id
JOIN dateien_index i ON i.id = b.index_id AND i.aktiv
JOIN dateien_wurzeln w ON w.id = i.wurzel_id
ORDER BY b.wert DESC, b.index_id
"""
