-- Sign-in sessions of the web app: the cookie names a session, the server decides whether it
-- still lives. Only the SHA-256 of the session id is kept, so a copy of this table signs nobody in.
-- `token_digest`: the person token's stored hash at sign-in ('' for the operator), so a replaced or
-- revoked person token ends the sessions it opened.
CREATE TABLE web_sessions (
    id_hash      TEXT PRIMARY KEY CHECK (length(id_hash) = 64),
    user_id      TEXT NOT NULL CHECK (user_id <> ''),
    operator     BOOLEAN NOT NULL,
    token_digest TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL CHECK (expires_at > created_at),
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX web_sessions_user_idx ON web_sessions (user_id, expires_at);
