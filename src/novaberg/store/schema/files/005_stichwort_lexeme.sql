-- The sharp channel (dateien.md §6.3a): the lexemes of the keywords taken at indexing, kept next to
-- `suchtext`, so "the question's lexeme is one of the keywords" is an index lookup instead of one
-- to_tsvector per keyword per candidate row in every turn. Generated from `stichwoerter`: the watcher, the
-- one writer of the row, writes nothing new.
CREATE OR REPLACE FUNCTION novaberg_stichwort_lexeme(words TEXT[]) RETURNS TSVECTOR
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsvector('german'::regconfig, coalesce(array_to_string(words, ' '), '')) $$;
ALTER TABLE dateien_index ADD COLUMN IF NOT EXISTS stichwort_lexeme TSVECTOR
    GENERATED ALWAYS AS (novaberg_stichwort_lexeme(stichwoerter)) STORED;
CREATE INDEX IF NOT EXISTS idx_dateien_index_stichwort_lexeme ON dateien_index USING GIN (stichwort_lexeme);
