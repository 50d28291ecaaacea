"""The one statement of the enricher source (dateien.md §3.0, §3.0a-bis, §6.3, §6.3a): all channels at once.

Owned SQL of the retrieval (the repository of the search). One round trip, no model call:

* `scharf` — the sharp lexical channel (§6.3a): a lexeme of the question hits one of the keywords taken at
  indexing („Seltenheit ist nicht Einschlägigkeit"), through the GIN index over their lexemes
  (`stichwort_lexeme`, schema 005). `suchtext` is built from name, topic, summary *and* the keywords, so a
  keyword lexeme always lies in the full-text index too: the spec's AND holds by construction.
* `dicht` — the dense channel over the topic embeddings. The pair's filter comes *before* the similarity
  (§6.3): it is a condition inside the HNSW scan, and the caller switches on pgvector's iterative scan
  (`hnsw.iterative_scan = strict_order`), so the scan goes on until enough of the pair's rows passed —
  not a post-filter that silently returns fewer than K. A pair with at most `exact_max` files is compared
  exactly instead: a few files among many other pairs' would be a narrow filter for the approximate scan
  (measured: 15 files next to 10,000 lost a third of their nearest neighbours), and exact is cheap there. It returns the top cosines unthresholded: the
  caller applies the threshold and the floor.
* `inhalt` — the content channel over the sections (the metadata channels are the floor):
  each section scores the BM25 weight (idf) of the question's lexemes it carries; a file scores its best
  section, which is also the location's line range.
* The K-th cosine of this turn is appended to the pair's tracked distribution by a data-modifying CTE in
  the same statement (§3.0a-bis „Die wahre Paarung fällt umsonst an"); the statement reads the values of
  the earlier turns.

Both lexical channels share one rule of evidence (a decision of this build, measured in
bench/files/retrieval): a file or section counts when it carries two of the question's lexemes, or one
that at most K of the pair's files carry (sharp in the literal sense, §6.3a: *„sieben trafen genau eine
Datei"*). One word that hundreds of files carry — a town, a common noun — is no evidence of relevance.
In the sharp channel "two lexemes" is one tsquery of all pairs (`(a & b) | (a & c) | …`) that the GIN index
answers on its own over the short keyword vectors; a lexeme's document frequency is counted up to `df_probe`
files (beyond that it is common, and its idf is that of `df_probe` files). The content channel reads its
(section, lexeme) pairs instead — the word forms from the BM25 postings (`dateien_terme`, a prefix as a
byte-order range, index-only, schema 010), the head forms by one GIN scan per question lexeme — and applies the
rule to
them: over long sections the pairwise tsquery made the index expand each prefix form once per pair it occurs
in (de-docs: 20,900 buffers p95 for the statement, now 3,190).

German morphology (§8.1b: *„deutsche Komposita tun das nicht"*), a grammar and not a phrase list. Each
question lexeme is one tsquery of its forms and counts once:

* the word itself, and as the start of a compound when it has at least `prefix_min` characters — *Bad*
  finds *Badezimmerfliesen*, *Heizung* *Heizungsanlage*, the verb stem *wart* (warten) the noun *Wartung*;
* a long lexeme's leading parts (`part_min` to `part_max` letters, a tail of `part_min` left) as words —
  *Dachziegel* finds *Dach*;
* Movierung undone: a feminine -in/-innen after a consonant gives its base (*Zahnärztin* → *Zahnarzt*; the
  stemmer already folded the umlaut), a base of `head_min_base` letters at least — *Termin*, *Kamin* keep
  their word;
* the head of a compound: the lexeme (and its base, and both with -in/-innen) as the last part of a
  document's compound (*Frist* → *Kündigungsfrist*, *Koch* → *Chefköchin*), a lexeme of `head_min` letters
  at least; and a question compound's last `tail_min` letters as the head of a document's compound
  (*Tennisverein* → *Sportverein*: two kinds of one Verein). Documents keep their lexemes a second time
  reversed without the first four letters (schema 006), so "ends with" is a prefix query the same GIN
  index answers, and a front of fewer than four letters (ver|längern, auf|trag) is a prefix of derivation,
  not a compound.

A head is weaker evidence than the word: a (file, lexeme) found only through a head form (`kern` does not
match) scores `head_weight` of its idf — *Zahnärztin* finds *Zahnarzt* before *Hausärztin*. A form that
many files carry gets a low idf like any common word, and the evidence rule above (two lexemes, or one
carried by at most K files) holds for every form.

The lexical channels vote with their own ranks: files a channel scores equally share the mean rank of
their whole group (counted over everything the channel found, not over the part that fits in the list),
and each lexical list carries, besides its head, the channel's rank of every dense candidate it found
further down — so inside a group of equally scored files the dense channel decides (§6.3: *„Der Kosinus
entscheidet innerhalb dieser Menge"*), by the fusion and not by a second score.

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
woerter AS MATERIALIZED (
    SELECT lexeme, quote_literal(replace(lexeme, '\\', '\\\\')) AS wort,
           row_number() OVER (ORDER BY cardinality(positions) DESC, lexeme)::int AS nr  -- a key cheaper than the text
    FROM unnest(to_tsvector('german', %(text)s))
    ORDER BY cardinality(positions) DESC, lexeme LIMIT %(max_terms)s
),
lex AS MATERIALIZED (  -- the question's lexemes, each with its forms as one tsquery (German morphology, §8.1b):
    -- the lexeme as a word and as the start of a compound (Bad → Badezimmerfliesen); a long one's leading
    -- parts as words (Dachziegel → Dach); the lexeme as the head of a compound (Frist → Kündigungsfrist: the
    -- reversed forms, schema 006); and Movierung undone (Zahnärztin → Zahnarzt, Ärztin → Hausarzt): a
    -- feminine -in/-innen after a consonant gives its base, and a base or a lexeme also matches as the head
    -- of a feminine compound (Arzt → Hausärztin)
    SELECT w.lexeme, w.nr, ('(' || array_to_string(ARRAY(SELECT DISTINCT x.f FROM unnest(fo.f, fo.k) x (f, k)), ' | ')
                      || ')')::tsquery AS tq,
           ('(' || array_to_string(ARRAY(SELECT DISTINCT x.f FROM unnest(fo.f, fo.k) x (f, k) WHERE x.k), ' | ')
                      || ')')::tsquery AS kern,
           (SELECT ('(' || string_agg(DISTINCT x.f, ' | ') || ')')::tsquery
            FROM unnest(fo.f, fo.k) x (f, k) WHERE NOT x.k) AS kopf,  -- the head forms only, NULL without any
           fo.roh, fo.praefix  -- the word forms as text for the postings: the form, and whether it is a prefix
    FROM woerter w CROSS JOIN LATERAL (
        SELECT CASE WHEN %(movierung)s AND w.lexeme ~ '[^aeiouy]inn?$'
                     AND length(regexp_replace(w.lexeme, 'inn?$', '')) >= %(head_min_base)s
                    THEN regexp_replace(w.lexeme, 'inn?$', '') END AS basis
    ) m CROSS JOIN LATERAL (  -- the forms; `k`: the word itself (exact, start, leading part, Movierung) — a
        -- head or a shared head is weaker evidence and scores half (Zahnärztin is Zahnarzt before Hausärztin)
        SELECT array_agg(formen.f) AS f, array_agg(formen.k) AS k,
               array_agg(formen.roh) FILTER (WHERE formen.k) AS roh,
               array_agg(formen.praefix) FILTER (WHERE formen.k) AS praefix FROM (
            SELECT w.wort || CASE WHEN length(w.lexeme) >= %(prefix_min)s THEN ':*' ELSE '' END AS f, TRUE AS k,
                   w.lexeme AS roh, length(w.lexeme) >= %(prefix_min)s AS praefix
            UNION ALL SELECT quote_literal(replace(left(w.lexeme, n), '\\', '\\\\')), TRUE, left(w.lexeme, n), FALSE
            FROM generate_series(%(part_min)s, least(length(w.lexeme) - %(part_min)s, %(part_max)s)) n
            UNION ALL SELECT quote_literal(replace(m.basis, '\\', '\\\\')) || ':*', TRUE, m.basis, TRUE
            WHERE m.basis IS NOT NULL
            UNION ALL SELECT quote_literal('~' || replace(reverse(h.kopf || e.endung), '\\', '\\\\')) || ':*', FALSE,
                             NULL, NULL
            FROM (VALUES (w.lexeme), (m.basis)) h (kopf), (VALUES (''), ('in'), ('inn')) e (endung)
            WHERE length(h.kopf) >= %(head_min)s AND %(head_min)s > 0
            UNION ALL SELECT quote_literal('~' || replace(reverse(right(w.lexeme, %(tail_min)s)), '\\', '\\\\')) || ':*',
                             FALSE, NULL, NULL
            WHERE %(tail_min)s > 0 AND length(w.lexeme) >= %(tail_min)s + 4
        ) formen
    ) fo
),
q AS MATERIALIZED (  -- any lexeme (the dense candidates' keyword check)
    SELECT string_agg(tq::text, ' | ')::tsquery AS tsq, count(*) AS n FROM lex
),
aktive AS MATERIALIZED (  -- the pair's active files: N of the idf, and the owner filter of the sections found
    -- through a head (one hashed lookup per section); index-only (schema 011)
    SELECT i.id FROM dateien_index i
    WHERE (SELECT n FROM q) > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv
),
gesamt AS MATERIALIZED (  -- N of the idf: the pair's active files
    SELECT greatest(count(*), 1)::float8 AS n FROM aktive
),
scharf_df AS MATERIALIZED (  -- per lexeme: how many of the pair's files carry it among their keywords
    SELECT l.lexeme, l.tq, l.kern, x.df FROM lex l CROSS JOIN LATERAL (
        SELECT count(*) AS df FROM (
            SELECT 1 FROM dateien_index i WHERE i.stichwort_lexeme @@ l.tq
              AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv LIMIT %(df_probe)s) p
    ) x
),
scharf_kandidaten AS MATERIALIZED (  -- every file that may have evidence, each lexeme's scan bounded: the files of
    -- a lexeme fewer than `df_probe` files carry (all of them are few), and of the common lexemes only the
    -- files carrying two of them (one pairwise tsquery over the common ones only — a question rarely has
    -- more than a few; over all 24 lexemes of a pasted paragraph it was 276 pairs and most of a second)
    SELECT i.id, i.stichwort_lexeme
    FROM q, dateien_index i
    WHERE q.n > 0 AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv
      AND (i.stichwort_lexeme @@ coalesce((SELECT string_agg(tq::text, ' | ')::tsquery FROM scharf_df
                                            WHERE df < %(df_probe)s OR q.n = 1), ''::tsquery)
           OR i.stichwort_lexeme @@ coalesce((SELECT string_agg('((' || a.tq::text || ') & (' || b.tq::text || '))', ' | ')::tsquery
                                              FROM scharf_df a JOIN scharf_df b ON a.lexeme < b.lexeme
                                              WHERE a.df >= %(df_probe)s AND b.df >= %(df_probe)s), ''::tsquery))
),
scharf_treffer AS MATERIALIZED (  -- (file, lexeme) of the files with evidence: two lexemes, or one rare one (or
    -- the question has only one)
    SELECT t.* FROM (
        SELECT b.id, d.lexeme, d.df, CASE WHEN b.stichwort_lexeme @@ d.kern THEN 1.0 ELSE %(head_weight)s END AS gewicht,
               count(*) OVER (PARTITION BY b.id) AS anzahl, min(d.df) OVER (PARTITION BY b.id) AS seltenste
        FROM scharf_kandidaten b JOIN scharf_df d ON b.stichwort_lexeme @@ d.tq
    ) t, q WHERE t.anzahl >= least(2, q.n) OR t.seltenste <= %(cap)s
),
scharf_bewertet AS MATERIALIZED (
    SELECT t.id, sum(t.gewicht * ln(1 + (g.n - t.df + 0.5) / (t.df + 0.5))) AS wert
    FROM scharf_treffer t, gesamt g GROUP BY t.id
),
dicht_alle AS (  -- §6.3 filter first: a small stock is compared exactly, a large one through the HNSW index
    SELECT id, wert, belegt, row_number() OVER (ORDER BY wert DESC, id) AS rang FROM (
        (SELECT i.id, 1 - (i.themen_embedding <=> %(vector)s::vector) AS wert, i.stichwort_lexeme @@ q.tsq AS belegt
         FROM q, dateien_index i
         WHERE q.n > 0 AND %(vector)s::vector IS NOT NULL AND (SELECT n FROM gesamt) > %(exact_max)s
           AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv AND i.themen_embedding IS NOT NULL
         ORDER BY i.themen_embedding <=> %(vector)s::vector LIMIT %(dense_k)s)
        UNION ALL
        (SELECT i.id, 1 - (i.themen_embedding <=> %(vector)s::vector) AS wert, i.stichwort_lexeme @@ q.tsq AS belegt
         FROM q, dateien_index i
         WHERE q.n > 0 AND %(vector)s::vector IS NOT NULL AND (SELECT n FROM gesamt) <= %(exact_max)s
           AND i.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln)) AND i.aktiv AND i.themen_embedding IS NOT NULL
         ORDER BY (i.themen_embedding <=> %(vector)s::vector) + 0, i.id LIMIT %(dense_k)s)  -- + 0: not the index
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
belege AS MATERIALIZED (  -- (section, lexeme): a question lexeme's word forms from the postings, index-only (a
    -- byte-order range over the lexemes, what a tsquery's `:*` compares; schema 010), its head forms through the
    -- sections' GIN index (measured: looking the heads up in the vocabulary and reading their postings was 8 %
    -- faster on de-docs but 1.5 times slower on 2,000 short notes whose compounds share their heads)
    SELECT nr, abschnitt_id, index_id, bool_or(kern) AS kern FROM (
        SELECT l.nr, t.abschnitt_id, t.index_id, TRUE AS kern  -- the word forms: the postings
        FROM lex l CROSS JOIN LATERAL unnest(l.roh, l.praefix) f (roh, praefix)
        JOIN dateien_terme t ON t.wurzel_id = ANY(ARRAY(SELECT id FROM wurzeln))
         AND (t.lexem COLLATE "C") >= f.roh
         AND (t.lexem COLLATE "C") <= f.roh || CASE WHEN f.praefix THEN chr(1114111) ELSE '' END
        WHERE %(inhalt)s
        UNION ALL
        SELECT l.nr, a.id, a.index_id, FALSE  -- only as a head (the reversed forms): half weight
        FROM lex l JOIN dateien_abschnitte a ON a.suchtext @@ l.kopf
        WHERE %(inhalt)s AND l.kopf IS NOT NULL AND a.index_id IN (SELECT id FROM aktive)
    ) formen GROUP BY nr, abschnitt_id, index_id
),
inhalt_abschnitte AS MATERIALIZED (  -- per lexeme: the sections carrying it
    SELECT nr, count(*) AS abschnitte FROM belege GROUP BY nr
),
inhalt_df AS MATERIALIZED (  -- per lexeme: how many of the pair's files carry it in a section, counted up to
    -- `df_probe` (a lexeme in `df_probe` sections or more is common: its idf is that of `df_probe` files, and its
    -- files are not counted), and its idf
    SELECT x.nr, x.df, ln(1 + (g.n - x.df + 0.5) / (x.df + 0.5)) AS idf FROM (
        SELECT a.nr, CASE WHEN a.abschnitte >= %(df_probe)s THEN %(df_probe)s ELSE coalesce(f.dateien, 0) END AS df
        FROM inhalt_abschnitte a LEFT JOIN (
            SELECT nr, count(*) AS dateien FROM (
                SELECT DISTINCT b.nr, b.index_id FROM belege b
                WHERE b.nr IN (SELECT nr FROM inhalt_abschnitte WHERE abschnitte < %(df_probe)s)) d
            GROUP BY nr
        ) f ON f.nr = a.nr
    ) x CROSS JOIN gesamt g
),
bewertet AS MATERIALIZED (  -- the sections with evidence and their score: one pass over (section, lexeme), grouped
    -- by section (a section's lexemes are its rows: two of them, or a rare one)
    SELECT x.index_id, x.abschnitt_id, x.wert, round(x.wert::numeric, 9) AS gerundet FROM (
        SELECT b.index_id, b.abschnitt_id, sum(CASE WHEN b.kern THEN 1.0 ELSE %(head_weight)s END * d.idf) AS wert
        FROM belege b JOIN inhalt_df d ON d.nr = b.nr CROSS JOIN q
        GROUP BY b.index_id, b.abschnitt_id, q.n
        HAVING count(*) >= least(2, q.n) OR min(d.df) <= %(cap)s
    ) x
),
beste_stelle AS MATERIALIZED (  -- a file scores its best section
    SELECT index_id, max(wert) AS wert, max(gerundet) AS gerundet FROM bewertet GROUP BY index_id
),
scharf_rang AS MATERIALIZED (  -- files a channel scores equally share one rank: the mean of their places
    SELECT id, wert, rank() OVER (ORDER BY round(wert::numeric, 9) DESC)
                     + (count(*) OVER (PARTITION BY round(wert::numeric, 9)) - 1) / 2.0 AS rang
    FROM scharf_bewertet
),
inhalt_rang AS MATERIALIZED (  -- one sort: a rank, its group's size (the peers of the row) and the place
    SELECT index_id AS id, wert,
           rank() OVER platz + (count(*) OVER (platz RANGE BETWEEN CURRENT ROW AND CURRENT ROW) - 1) / 2.0 AS rang,
           row_number() OVER (ORDER BY gerundet DESC, index_id) AS platz
    FROM beste_stelle WINDOW platz AS (ORDER BY gerundet DESC)
),
kanaele AS (  -- each lexical channel: its head, and its rank of every dense candidate it found too
    SELECT 'scharf' AS kanal, id, rang, wert, belegt FROM (
        SELECT s.id, s.rang, s.wert, TRUE AS belegt, row_number() OVER (ORDER BY s.rang, s.id) AS platz
        FROM scharf_rang s
    ) s WHERE platz <= %(limit)s OR id IN (SELECT id FROM dicht_alle WHERE rang <= %(limit)s)
    UNION ALL SELECT 'dicht', id, rang, wert, belegt FROM dicht_alle
    UNION ALL SELECT 'inhalt', id, rang, wert, TRUE FROM inhalt_rang s
    WHERE platz <= %(limit)s OR id IN (SELECT id FROM dicht_alle WHERE rang <= %(limit)s)
),
stelle AS MATERIALIZED (  -- the line range of the files delivered: their best section, the earlier of equal ones
    SELECT DISTINCT ON (s.index_id) s.index_id, a.zeile_von, a.zeile_bis
    FROM bewertet s JOIN beste_stelle m ON m.index_id = s.index_id AND s.gerundet = m.gerundet
    JOIN dateien_abschnitte a ON a.id = s.abschnitt_id
    WHERE s.index_id IN (SELECT id FROM kanaele)
    ORDER BY s.index_id, a.zeile_von
)
SELECT k.kanal, k.id, k.rang, k.wert, k.belegt, w.id AS root_id, w.pfad AS wurzel_pfad, w.eigentum, i.pfad, i.thema,
       i.zusammenfassung, i.zeilen, i.groesse, b.zeile_von, b.zeile_bis,
       CASE WHEN row_number() OVER (ORDER BY k.kanal, k.rang, k.id) = 1 THEN  -- once, not on every row
           (SELECT werte FROM dateien_schwelle WHERE user_id = %(user_id)s AND character_id = %(character_id)s)
       END AS verlauf,
       (SELECT count(*) FROM verfolgt) AS verfolgt
FROM kanaele k JOIN dateien_index i ON i.id = k.id JOIN wurzeln w ON w.id = i.wurzel_id
LEFT JOIN stelle b ON b.index_id = k.id
WHERE i.id = ANY(ARRAY(SELECT id FROM kanaele))  -- the few rows by their key, not the whole table hashed
ORDER BY k.kanal, k.rang, k.id
"""
