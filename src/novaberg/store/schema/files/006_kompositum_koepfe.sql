-- German compounds in the lexical channels (dateien.md §8.1b „deutsche Komposita tun das nicht"):
-- the head of a compound is its last part (Frist in Kündigungsfrist, Versicherung in Hausratversicherung),
-- and a tsquery can match a lexeme's start (`frist:*`) but never its end. So every lexeme of the keywords
-- and of the sections is kept a second time reversed behind a marker, without its first four letters
-- (`kündigungsfrist` → `~tsirfsgnugi`): "a document word ends with the question's word, after a modifier
-- of at least four letters" is then the prefix query `'~tsirf':*`, which the same GIN index answers, and
-- "two lexemes" stays one tsquery over one column. Four letters: a shorter front is a prefix of
-- derivation, not a word (ver|längern is no compound of lang, auf|trag none of Trag), while Zahn|arzt,
-- Haus|rat|versicherung, Reise|pass are. The german parser never yields a lexeme
-- starting with `~`, so the reversed forms cannot be confused with words; the function skips them, so it is
-- idempotent. The watcher, the one writer of both columns, writes nothing new: the keywords' column is
-- generated, and the sections' writer wraps its tsvector in the same function.
CREATE OR REPLACE FUNCTION novaberg_mit_koepfen(v TSVECTOR) RETURNS TSVECTOR
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT v || array_to_tsvector(ARRAY(SELECT '~' || reverse(substr(l, 5)) FROM unnest(tsvector_to_array(v)) l
                                              WHERE left(l, 1) <> '~' AND length(l) > 4)) $$;
ALTER TABLE dateien_index ALTER COLUMN stichwort_lexeme
    SET EXPRESSION AS (novaberg_mit_koepfen(novaberg_stichwort_lexeme(stichwoerter)));
UPDATE dateien_abschnitte SET suchtext = novaberg_mit_koepfen(suchtext);
