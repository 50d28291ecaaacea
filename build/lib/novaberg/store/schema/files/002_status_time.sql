-- dateien.md §5.2: mtime alone is too little (a tool can rewrite a file keeping its mtime). The inode's
-- change time (ctime, not settable from user space) joins mtime and size in the pre-filter; the content
-- hash still decides. NULL on old rows: the next run reads and hashes them once.
ALTER TABLE dateien_index ADD COLUMN IF NOT EXISTS status_geaendert_ns BIGINT;
