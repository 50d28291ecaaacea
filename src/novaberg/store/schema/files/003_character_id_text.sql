-- Ids are 1–200 printable characters at every edge; a figure id of 51–200 characters must not
-- fail at the insert of a root after the edge accepted it (same change as timeline/003).
ALTER TABLE dateien_wurzeln ALTER COLUMN character_id TYPE TEXT;
