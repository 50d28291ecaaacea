"""Constants of the notes agent (notizen.md §2, §3, §7, §8)."""

from __future__ import annotations

from novaberg.text.note_items import DEFAULT_TYPE as NOTE_DEFAULT_TYPE

__all__ = [
    "SERVICE_NAME",
    "NOT_FOUND_OFFERED",
    "ACTIONS",
    "INPUT_ACTIONS",
    "NOT_FOUND_ASKS",
    "REJECTED",
    "TASK_CLASSIFY",
    "TASK_CREATE",
    "TASK_REWRITE",
    "TARGET_TYPE_DEFAULT",
    "PENDING_NOT_FOUND",
    "PENDING_CHOICE",
    "PENDING_DUPLICATE",
    "PENDING_MISSING",
    "FIELD_PRONOUN",
    "PENDING_CONFIRM",
    "LIST_TYPES",
    "DEFAULT_TYPE",
    "REWRITE_ATTEMPTS",
]

SERVICE_NAME = "notizen"  # the service name the router, the pending key and read_consent know

# §3 "9 Aktionen"; the input validation also accepts the placeholder `agent` (§2) and `resume` (§7 Kette).
ACTIONS = ("create", "read", "update", "append", "add_content", "remove_content", "clear_content", "rename", "delete")
INPUT_ACTIONS = (*ACTIONS, "agent", "resume")
REJECTED = "rejected"  # the classification's refusal of a statement (end of notizen.md: only a request writes)
# the offline reading's refusal of items said without commas that may be one item or several: the answer
# says so instead of asking for an order the person already gave
ENUMERATION_DOUBT = "Aufzählung ohne Kommas: ein Eintrag oder mehrere?"

NOT_FOUND_ASKS = ("add_content", "remove_content")  # §4 "Rueckfrage bei nicht gefundener Notiz"

TASK_CLASSIFY = "notes_classify"
TASK_CREATE = "notes_create"
TASK_REWRITE = "notes_rewrite"

TARGET_TYPE_DEFAULT = "titel"  # §3: `target_typ` defaults to `titel`

# §7 "3 Pfade" plus the question for a missing piece (§7 Rueckfrage-Szenarien "Mir fehlt noch").
PENDING_NOT_FOUND = "nicht_gefunden"
# the action „Soll ich sie anlegen?“ offers: *„Ja, leg sie an“* repeats it and consents
NOT_FOUND_OFFERED = ("anlegen",)
PENDING_CHOICE = "auswahl"
PENDING_DUPLICATE = "duplikat"
PENDING_MISSING = "fehlt"
FIELD_PRONOUN = "fuerwort"  # the missing piece is what a pronoun of a list order stands for
PENDING_CONFIRM = "bestaetigung"  # §6: low confidence or a conflict asks before any write

LIST_TYPES = ("einkauf", "todo", "merkliste")  # §8: types whose text is one item per line
DEFAULT_TYPE = NOTE_DEFAULT_TYPE  # §8: one copy, where the type is read from the words (text/note_items.py)

# how often a rewrite is asked of the model again when the note changed meanwhile in a way
# that cannot be moved onto the new text (a list change can: `writes.rebase_items`).
REWRITE_ATTEMPTS = 3
