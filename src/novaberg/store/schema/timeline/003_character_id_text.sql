-- Ids are 1–200 printable characters at every edge (HTTP, CLI, facade). §9's DDL gave
-- character_id VARCHAR(50), so a valid figure id of 51–200 characters failed at the insert after the edge had
-- accepted it. The edge rule wins (a deliberate departure from §9, written in docs/specification.md); text and
-- varchar are binary-compatible, so nothing is rewritten.
ALTER TABLE timeline ALTER COLUMN character_id TYPE TEXT;
