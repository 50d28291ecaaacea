"""The classification from the turn's reading (notizen.md §3): where a notes template read the order — an item
put on or taken off a list the sentence names, by its word (*Einkaufsliste*, *Todo-Liste*) or by its own name after
the list word (*Liste Einkauf Rewe*) — the classify node takes the intent and its slots instead of having the text
read again (`text.intents`, the route's one reading per turn). Anything else is None and the model (or the offline
rules) reads the text as before: a list named only by a bare word or its name alone, a pronoun, several orders.

The items pass the checks the text reader applies (`offline.checked_items`, an enumeration without commas is no
write): a reading that fails them is None, and the text reader gives its own answer.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from novaberg.notes.agent.const import SERVICE_NAME
from novaberg.notes.agent.names import is_bare_container
from novaberg.notes.agent.offline import Reading, checked_items, normalized_instruction
from novaberg.text.commands import ambiguous_enumeration, load_raw_commands
from novaberg.text.intents import ORDER, skip_words
from novaberg.text.intents import Reading as TurnReading
from novaberg.text.note_items import split_items, title, type_for
from novaberg.text.words import fold, words
from novaberg.timeline.phrases import time_expression, without_time

__all__ = ["classification_of", "INTENT_ACTIONS", "FROM_READING"]

FROM_READING = "lesart"  # the classification step's source when the reading gave it
INTENT_ACTIONS = {"eintrag_hinzufuegen": "add_content", "eintrag_streichen": "remove_content"}


@cache
def _not_in_an_item() -> frozenset[str]:
    """Words a template's item slot holds only when it read a sentence of another shape (*Ich habe Milch auf die
    Liste geschrieben*, *Zugriff auf die Liste*, *Nimm den Kaffee wieder von …*): subjects, finite verbs, pronouns,
    access nouns, fillers, the words that name no item (the list lexicon, `text/commands_de.json`)."""
    raw = load_raw_commands()
    kinds = ("subjects", "finite_verbs", "pronouns", "access_nouns", "fillers", "not_items")
    return frozenset(fold(word) for kind in kinds for word in raw[kind] if " " not in word)


def classification_of(reading: TurnReading | None) -> dict[str, Any] | None:
    """The notes classification of the turn's reading, or None when the text must be read."""
    if reading is None or reading.service != SERVICE_NAME or reading.mood != ORDER or reading.pronouns:
        return None
    action = INTENT_ACTIONS.get(reading.intent)
    said_items, said_list = reading.slots.get("eintraege", ""), reading.slots.get("liste", "")
    target = _named_list(said_list, reading.slots.get("name", ""))
    if action is None or not said_items.strip() or not target:
        return None
    if set(words(said_items)) & (_not_in_an_item() | skip_words()):
        return None
    items_text = without_time(said_items) or said_items
    items = split_items(items_text)
    if not items or ambiguous_enumeration(", ".join(items), items_text):
        return None
    read = checked_items(Reading(action, target, items=items, named=True, typ=type_for(target)))
    if read.action != action:
        return None
    return {"action": action, "target": target, "target_typ": read.target_typ, "konfidenz": "hoch",
            "normalisiert": normalized_instruction(read), "neuer_name": "", "inhalt": ", ".join(read.items)}


def _named_list(said_list: str, name: str) -> str:
    """The list the sentence names: its own name after the list word, else a compound of the list word."""
    if name.strip():  # a name with a time in it is no name (*die Liste für morgen*): the text is read
        return "" if time_expression(name) else title(name.strip())
    if len(words(said_list)) != 1 or is_bare_container(said_list):
        return ""
    return title(said_list.strip())
