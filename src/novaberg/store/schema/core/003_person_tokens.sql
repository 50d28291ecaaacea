-- The sign-in token of each person for the web app (`novaberg token create`). Only the SHA-256 of a token is kept,
-- so a copy of this table signs nobody in. One row per person: a new token replaces the old one, and the sessions
-- it opened end (web_sessions.token_digest no longer matches).
CREATE TABLE person_tokens (
    user_id    TEXT PRIMARY KEY CHECK (user_id <> ''),
    sha256     TEXT NOT NULL CHECK (length(sha256) = 64),
    created_at TIMESTAMPTZ NOT NULL
);
