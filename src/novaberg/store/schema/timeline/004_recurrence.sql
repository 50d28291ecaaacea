-- Recurring appointments. A series is one row: `rrule` is an RFC 5545 RRULE value without the
-- `RRULE:` prefix (e.g. FREQ=WEEKLY;BYDAY=MO), read in the person's zone (Europe/Berlin) with the row's
-- `event_time` as DTSTART; NULL is a one-off. `exdates` holds the UTC start times of occurrences that are
-- cancelled or moved away. A moved single occurrence is a one-off row with `serie_id` (its series) and
-- `serie_original` (the start the occurrence had in the series).
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS rrule TEXT NULL;
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS exdates TIMESTAMPTZ[] NOT NULL DEFAULT '{}';
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS serie_id INTEGER NULL REFERENCES timeline (id) ON DELETE CASCADE;
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS serie_original TIMESTAMPTZ NULL;

-- `recurring` is true exactly when the row carries a rule; a moved occurrence names both its series and
-- the original start, or neither.
ALTER TABLE timeline ADD CONSTRAINT timeline_recurring_iff_rrule CHECK (recurring = (rrule IS NOT NULL));
ALTER TABLE timeline ADD CONSTRAINT timeline_serie_pair CHECK ((serie_id IS NULL) = (serie_original IS NULL));

-- Every window read also scans the pair's active series (few rows per pair, read whole).
CREATE INDEX IF NOT EXISTS idx_timeline_paar_serie ON timeline (user_id, character_id)
    WHERE rrule IS NOT NULL AND aktiv;
CREATE INDEX IF NOT EXISTS idx_timeline_serie_id ON timeline (serie_id) WHERE serie_id IS NOT NULL;
