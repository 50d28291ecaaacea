-- The timeline of a pair (timeline.md §9): appointments of a person with one figure, events of other
-- persons and the anchors of short-term memory. UTC in the database; Europe/Berlin only for people.
-- `character_id` has no default: every reader and writer names the figure (§9 "Die Timeline gehört dem Paar").
CREATE TABLE IF NOT EXISTS timeline (
    id SERIAL PRIMARY KEY,
    user_id TEXT NOT NULL,
    character_id VARCHAR(50) NOT NULL,
    event_time TIMESTAMPTZ NOT NULL,
    event_ende TIMESTAMPTZ,
    event_type VARCHAR(50) NOT NULL,
    title VARCHAR(255) NOT NULL,
    details TEXT,
    recurring BOOLEAN NOT NULL DEFAULT FALSE,
    precision VARCHAR(15) NOT NULL DEFAULT 'day',
    binding BOOLEAN NOT NULL DEFAULT FALSE,
    remind BOOLEAN NOT NULL DEFAULT FALSE,
    conflict_check BOOLEAN NOT NULL DEFAULT FALSE,
    themen TEXT[],
    created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),
    aktiv BOOLEAN NOT NULL DEFAULT TRUE,
    last_touched TIMESTAMPTZ NOT NULL DEFAULT NOW(),
    wiedervorlage_am TIMESTAMPTZ,
    entitaet_ids INTEGER[],
    nachfolger_id INTEGER
);

-- S5 (§5.2, §9): the row that replaced this one when it was moved; deleting the successor unlinks it.
DO $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM pg_constraint
        WHERE conname = 'timeline_nachfolger_id_fkey' AND conrelid = 'timeline'::regclass
    ) THEN
        ALTER TABLE timeline ADD CONSTRAINT timeline_nachfolger_id_fkey
            FOREIGN KEY (nachfolger_id) REFERENCES timeline (id) ON DELETE SET NULL;
    END IF;
END
$$;

-- Indexes per pair (§9): time windows and type lookups never cross a pair.
CREATE INDEX IF NOT EXISTS idx_timeline_paar_time ON timeline (user_id, character_id, event_time);
CREATE INDEX IF NOT EXISTS idx_timeline_paar_type ON timeline (user_id, character_id, event_type);
CREATE INDEX IF NOT EXISTS idx_timeline_nachfolger ON timeline (nachfolger_id) WHERE nachfolger_id IS NOT NULL;
