-- The calendar in the person's own calendar app.
-- `erinnern_vorher_min`: minutes before the start at which the person's calendar reminds (a VALARM in the
-- feed); NULL = no reminder. A reminder row (`erinnerung`) carries 0: it reminds at its own moment.
-- `ics_uid`: the UID of an imported event, so a second import of the same file skips it (unique per pair).
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS erinnern_vorher_min INTEGER NULL
    CHECK (erinnern_vorher_min IS NULL OR erinnern_vorher_min BETWEEN 0 AND 40320);
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS ics_uid TEXT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS idx_timeline_paar_ics_uid ON timeline (user_id, character_id, ics_uid)
    WHERE ics_uid IS NOT NULL;

-- The subscription URL of a person's calendar: one revocable token per person, stored as its SHA-256 only.
CREATE TABLE IF NOT EXISTS kalender_abos (
    user_id TEXT PRIMARY KEY,
    token_sha256 TEXT NOT NULL UNIQUE,
    erstellt_am TIMESTAMPTZ NOT NULL
);

-- One secret per installation: the UIDs of the feed are derived from it and the row, stable across exports,
-- and tell nobody how many rows exist.
CREATE TABLE IF NOT EXISTS kalender_installation (
    einzig BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (einzig),
    geheimnis TEXT NOT NULL
);
INSERT INTO kalender_installation (geheimnis)
    VALUES (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
    ON CONFLICT DO NOTHING;
