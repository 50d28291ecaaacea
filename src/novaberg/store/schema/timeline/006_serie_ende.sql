-- The read target: `serie_ende` is the latest UTC start any occurrence of a series can have — the start
-- of its last occurrence, computed by the writer from UNTIL or COUNT in the person's zone; NULL for a series
-- without an end (and for every one-off). A window read leaves out in SQL every series that ended before the
-- window, instead of fetching and expanding it. Every writer of `rrule` writes it (timeline/repository.py).
ALTER TABLE timeline ADD COLUMN IF NOT EXISTS serie_ende TIMESTAMPTZ NULL;
ALTER TABLE timeline ADD CONSTRAINT timeline_serie_ende_only_series CHECK (serie_ende IS NULL OR rrule IS NOT NULL);

-- The rows written before this file: a rule with UNTIL gets that instant (no occurrence starts after it, RFC 5545
-- §3.3.10; the writer stores the tighter start of the last occurrence). The writers only ever stored UNTIL in UTC
-- with a Z (dateutil refuses anything else with a zoned start); any other form, and every COUNT rule, stays NULL
-- (read as without an end: never left out by SQL, still expanded only inside the window). Rewritten rows get the
-- exact value from the writer.
UPDATE timeline
SET serie_ende = to_timestamp(substring(upper(rrule) FROM 'UNTIL=([0-9]{8}T[0-9]{6})Z'),
                              'YYYYMMDD"T"HH24MISS')::timestamp AT TIME ZONE 'UTC'
WHERE rrule IS NOT NULL AND serie_ende IS NULL AND upper(rrule) ~ 'UNTIL=[0-9]{8}T[0-9]{6}Z';
