-- Knowledge updates: a newer told fact in the same slot (memory/slots.py: where the person lives,
-- works, a favourite, a name …) supersedes the older node. The older node is kept and linked to the newer one,
-- never deleted; `thema` is the slot the promotion read from the sentence (NULL: it fills no one-value slot).
ALTER TABLE lzg_knoten ADD COLUMN IF NOT EXISTS thema TEXT;
ALTER TABLE lzg_knoten ADD COLUMN IF NOT EXISTS abgeloest_durch BIGINT REFERENCES lzg_knoten (id) ON DELETE SET NULL;
ALTER TABLE lzg_knoten ADD COLUMN IF NOT EXISTS abgeloest_am TIMESTAMPTZ;
ALTER TABLE lzg_knoten ADD CONSTRAINT lzg_knoten_nicht_selbst_abgeloest
    CHECK (abgeloest_durch IS NULL OR abgeloest_durch <> id);
CREATE INDEX IF NOT EXISTS idx_lzg_knoten_paar_thema ON lzg_knoten (user_id, character_id, thema, kzg_erstellt_am)
    WHERE thema IS NOT NULL;
