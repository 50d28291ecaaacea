-- The two GIN indexes a files search reads (the keywords' lexemes: the sharp channel; the sections' text: the
-- content channel's compound heads) take every new entry into the index at once, not into a pending list.
--
-- With a pending list (PostgreSQL's default, up to 4 MB per index) every look-up scans the whole list, and the
-- watcher fills it while it writes a directory shared a moment ago: the person's searches in that window paid for
-- it until a VACUUM moved it into the index (bench/files/right_after.py: p95 58–107 ms while 1,000 documents were
-- written, 58–68 ms without the list, the writer no slower: 10.2 s either way). The list's entries left from
-- before are moved into the index here; the other GIN indexes of the files tables are read by no search.
ALTER INDEX IF EXISTS idx_dateien_index_stichwort_lexeme SET (fastupdate = off);
ALTER INDEX IF EXISTS idx_dateien_abschnitte_suchtext SET (fastupdate = off);
SELECT gin_clean_pending_list('idx_dateien_index_stichwort_lexeme'::regclass);
SELECT gin_clean_pending_list('idx_dateien_abschnitte_suchtext'::regclass);
