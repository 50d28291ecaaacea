"""Names and fixed values of the timeline agent (timeline.md §2, §3, §4.5, §5.2, §7.3, §10)."""

from __future__ import annotations

__all__ = [
    "SERVICE_NAME",
    "SERVICE_DESCRIPTION",
    "TASK_CLASSIFY",
    "LOG_SOURCE",
    "ACTIONS",
    "WRITING_ACTIONS",
    "REJECTED",
    "PENDING_CLARIFICATION",
    "PENDING_SELECTION",
    "PENDING_TIME",
    "TIME_QUESTION_REASONS",
    "PENDING_CONFIRM",
    "PENDING_SERIES",
    "PENDING_ORDER_KEYS",
    "REMINDER_KEY",
    "WORDING_KEY",
    "REMINDER_CANCEL_KEY",
    "OUTCOME_CREATED",
    "OUTCOME_MOVED",
    "OUTCOME_DELETED",
    "OUTCOME_REMINDER_REMOVED",
    "OUTCOME_DUPLICATE",
    "CONFIDENCE_HIGH",
    "CONFIDENCE_LOW",
    "CONFIDENCE_CONFLICT",
    "CONFIDENCE_LEARNED",
    "CONFIDENCE_CONFIRMED",
    "UNSURE",
    "CONSENT_LISTS",
    "NODE_VALIDATE",
    "NODE_RESUME",
    "NODE_CLASSIFY",
    "NODE_SEARCH",
    "NODE_EXECUTE",
    "NODE_CONFIRM",
]

SERVICE_NAME = "timeline"
SERVICE_DESCRIPTION = ("Termine, Geburtstage, Fristen und Erinnerungen: eintragen, anzeigen, verschieben, löschen — "
                       "nur auf ausdrücklichen Auftrag oder eine Frage nach Terminen")
TASK_CLASSIFY = "timeline_classify"
LOG_SOURCE = "timeline"

# §3 / §7.1: the five actions; `rejected` ends the agent (no order, §3a).
ACTIONS = ("create", "read", "update", "delete", "reschedule")
WRITING_ACTIONS = ("update", "delete", "reschedule")
REJECTED = "rejected"

# Pending questions (§4.5 Klärung and Auswahl, §5.2 the time question incl. `tageshaelfte_offen`).
PENDING_CLARIFICATION = "klaerung"
PENDING_SELECTION = "auswahl"
PENDING_TIME = "zeit"
# a create without a readable time asks „Wann soll X sein?“ (search.time_missing_question; resume reads the answer)
TIME_QUESTION_REASONS = ("zeit_fehlt", "zeit_unlesbar")
# What of a create's order waits in its pending time question; `erinnern_vorher_min` is the reminder offset
# read from the first turn (*„… und erinner mich eine Stunde vorher“*), since the answer's turn no longer says it.
REMINDER_KEY = "erinnern_vorher_min"
# the order in its bare imperative form (*Kannst du den Elternabend auf 19 Uhr verlegen?* → *verleg den Elternabend
# auf 19 Uhr*), read by the §5.2 checks instead of the polite or passive frame around it (issue 26)
WORDING_KEY = "wortlaut"
REMINDER_CANCEL_KEY = "nur_erinnerung"  # a cancelled reminder: a reminder row goes, an appointment loses its alarm
PENDING_ORDER_KEYS = ("action", "target", "zeitausdruck", "event_type", REMINDER_KEY)
PENDING_CONFIRM = "bestaetigung"  # §7.3: low confidence or a conflict asks before any write
# Issue 29: „Soll nur ein Termin ausfallen oder die ganze Serie weg?“ — the series (`row`), the action and, for a
# reschedule, the new time said (`target`) wait for the short answer (*„ganz“*, *„nur nächsten Montag“*).
PENDING_SERIES = "serie"

# Outcomes of `ausfuehren` (§10 clipboard: `erstellt` → termin_id, `verschoben` → neuer_id).
OUTCOME_CREATED = "erstellt"
OUTCOME_MOVED = "verschoben"
OUTCOME_DELETED = "geloescht"
OUTCOME_REMINDER_REMOVED = "erinnerung_geloescht"  # an appointment's alarm removed, the appointment kept
OUTCOME_DUPLICATE = "duplikat"

# §7.3, computed and logged; `niedrig` and `konflikt` ask before a write (issue 11 item 7).
CONFIDENCE_HIGH = "hoch"
CONFIDENCE_LOW = "niedrig"
CONFIDENCE_CONFLICT = "konflikt"
CONFIDENCE_LEARNED = "hoch_gelernt"  # a learned verb mapping (≥ 3 confirmations, §7.2 Stufe B) agrees
CONFIDENCE_CONFIRMED = "bestaetigt"  # the person confirmed the question
UNSURE = (CONFIDENCE_LOW, CONFIDENCE_CONFLICT)

# The closed consent reading has no list of its own for the timeline; it uses the notes' copy.
CONSENT_LISTS = "notizen"

NODE_VALIDATE = "validieren"
NODE_RESUME = "resume"
NODE_CLASSIFY = "klassifizieren"
NODE_SEARCH = "suchen"
NODE_EXECUTE = "ausfuehren"
NODE_CONFIRM = "bestaetigen"
