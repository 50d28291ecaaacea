"""The order from the turn's reading (timeline.md §3, §5, §6): where a timeline template read the order — an
appointment entered, moved or deleted, its title and time in the template's slots — the classify node takes the
intent and its slots instead of having the text read again (`text.intents`, the route's one reading per turn).
Anything else is None and the model (or the offline rule) reads the text as before: a question, a pronoun, a
reminder clause, a consent to an offer, a negated order, a title the slot does not hold alone.
"""

from __future__ import annotations

from typing import Any

from novaberg.text.calendar_orders import is_negated_order
from novaberg.text.intents import ORDER, skip_words
from novaberg.text.intents import Reading as TurnReading
from novaberg.text.words import words
from novaberg.timeline.agent import const
from novaberg.timeline.phrases import is_title, time_expression, title_of, type_of
from novaberg.timeline.series_phrases import without_scope_words

__all__ = ["order_fields", "INTENT_ACTIONS", "FROM_READING"]

FROM_READING = "lesart"  # the classification step's source when the reading gave it
INTENT_ACTIONS = {"termin_anlegen": "create", "termin_verschieben": "reschedule", "termin_loeschen": "delete"}
_TIME_SLOT = {"create": "zeit", "reschedule": "neue_zeit", "delete": ""}


def order_fields(reading: TurnReading | None, text: str) -> dict[str, Any] | None:
    """The classification fields of the turn's reading (as the model answers them), or None for the text."""
    if reading is None or reading.service != const.SERVICE_NAME or reading.mood != ORDER or reading.pronouns:
        return None
    action = INTENT_ACTIONS.get(reading.intent)
    said_title = reading.slots.get("titel", "")
    if action is None or not said_title.strip() or is_negated_order(text):
        return None
    if set(words(said_title)) & skip_words():
        return None  # the slot spans a filler (*Lösch den Friseur doch lieber*): the text reader drops it
    said_time = reading.slots.get(_TIME_SLOT[action], "")
    if time_expression(said_title) or (action == "reschedule" and not said_time):
        return None  # a time inside the title's slot, or a move without its new time: the text is read
    target = title_of(said_title)
    if action in ("delete", "reschedule"):
        target = without_scope_words(target)
    if not is_title(target):
        return None
    expression = time_expression(said_time, drop_opener=action == "reschedule") if said_time else ""
    kind = type_of(text)
    return {"action": action, "target": target, "zeitausdruck": expression, "event_type": kind,
            "normalisiert": f"{action}: Termin „{target}“ {expression}".strip() + f" (Typ: {kind})"}
