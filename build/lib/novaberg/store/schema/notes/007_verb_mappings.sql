-- Learned verb mappings (timeline.md §7.2 Stufe B, notizen.md §6 Stufe B and §10): per pair and service,
-- a verb as the person says it (*klemm*) and the action it meant, with the number of times the person
-- confirmed it in answer to a question. From 3 confirmations on (§10 "Konfidenz-Lernschwelle") the
-- mapping settles the confidence without asking. One writer: novaberg.notes.verb_mappings.
CREATE TABLE verb_mappings (
    user_id        TEXT        NOT NULL,
    character_id   TEXT        NOT NULL,
    dienst         TEXT        NOT NULL CHECK (dienst IN ('timeline', 'notizen')),
    verb           TEXT        NOT NULL CHECK (length(verb) BETWEEN 1 AND 60),
    aktion         TEXT        NOT NULL CHECK (length(aktion) BETWEEN 1 AND 30),
    bestaetigungen INTEGER     NOT NULL DEFAULT 0 CHECK (bestaetigungen >= 0),
    updated_at     TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, character_id, dienst, verb, aktion)
);
