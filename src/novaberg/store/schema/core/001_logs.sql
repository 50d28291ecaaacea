-- Raw text of every turn, kept for ever (dateien.md §4b: the raw version outlives everything).
CREATE TABLE turns (
    id           BIGSERIAL PRIMARY KEY,
    turn_id      UUID NOT NULL UNIQUE,
    user_id      TEXT NOT NULL CHECK (user_id <> ''),
    character_id TEXT NOT NULL CHECK (character_id <> ''),
    text         TEXT NOT NULL,
    answer       TEXT,
    verdict      TEXT,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX turns_pair_time_idx ON turns (user_id, character_id, created_at DESC);

-- The forensic trace of a turn: one row per node event (retention 365 days except kind 'turn_roh').
CREATE TABLE pipeline_log (
    id         BIGSERIAL PRIMARY KEY,
    turn_id    UUID,
    node       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    source     TEXT NOT NULL DEFAULT '',
    payload    JSONB NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX pipeline_log_turn_idx ON pipeline_log (turn_id);
CREATE INDEX pipeline_log_kind_time_idx ON pipeline_log (kind, created_at);

-- Background work (heartbeat services): one row per run state.
CREATE TABLE hintergrund_log (
    id         BIGSERIAL PRIMARY KEY,
    task       TEXT NOT NULL,
    status     TEXT NOT NULL,
    payload    JSONB NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX hintergrund_log_task_time_idx ON hintergrund_log (task, created_at);
