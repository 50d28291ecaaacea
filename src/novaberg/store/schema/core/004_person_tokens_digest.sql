-- A sign-in finds the person by the SHA-256 of the token it brings (`PersonTokens.find`): one index lookup per
-- request instead of reading every person's row. Not unique: a digest taken over from an older version's token file
-- twice signs nobody in (find says so), it does not stop the start.
CREATE INDEX person_tokens_sha256 ON person_tokens (sha256);
