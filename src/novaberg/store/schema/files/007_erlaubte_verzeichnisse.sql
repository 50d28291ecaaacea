-- The outer boundary (dateien.md §7 rule 3a, "Außenrand"): the directories the operator allowed
-- for one person. A person can share a root only inside one of *their own* entries; nothing allowed means
-- nothing shareable. `pfad` is the resolved absolute path at the moment the operator allowed it.
CREATE TABLE IF NOT EXISTS dateien_erlaubt (
    id SERIAL PRIMARY KEY,
    user_id TEXT NOT NULL,
    pfad TEXT NOT NULL,
    erstellt_am TIMESTAMPTZ NOT NULL,
    CONSTRAINT dateien_erlaubt_person_pfad UNIQUE (user_id, pfad)
);
CREATE INDEX IF NOT EXISTS idx_dateien_erlaubt_person ON dateien_erlaubt (user_id);
