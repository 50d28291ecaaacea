-- The person's standing rules for one figure (tribunal.md §3.1): pair-owned, read by the jurist.
-- A removal keeps the row (aktiv = FALSE, removed_at set); times are UTC and written by the caller.
CREATE TABLE direktiven (
    id           BIGSERIAL PRIMARY KEY,
    user_id      TEXT NOT NULL CHECK (user_id <> ''),
    character_id TEXT NOT NULL CHECK (character_id <> ''),
    text         TEXT NOT NULL CHECK (length(btrim(text)) > 0 AND length(text) <= 500),
    aktiv        BOOLEAN NOT NULL DEFAULT TRUE,
    created_at   TIMESTAMPTZ NOT NULL,
    removed_at   TIMESTAMPTZ,
    CONSTRAINT direktiven_removed_sync CHECK (aktiv = (removed_at IS NULL))
);
CREATE INDEX idx_direktiven_pair ON direktiven (user_id, character_id) WHERE aktiv;
-- One active copy of the same rule per pair.
CREATE UNIQUE INDEX uq_direktiven_pair_text ON direktiven (user_id, character_id, lower(btrim(text))) WHERE aktiv;
