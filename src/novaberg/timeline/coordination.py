"""One verb, two appointments: *Trag mir am Montag Yoga und am Dienstag Pilates ein* (issue 11 §8 — two orders in
one utterance, said in the order given — in its elliptical form, where the second order shares the verb).

The split is made only when each conjunct carries its own day and its own title; anything less stays one order
(*Trag mir am Freitag Kaffee und Kuchen um 8 ein* is one appointment „Kaffee und Kuchen“: the clock belongs to
the day of the first part). Each part is given back as a whole order in imperative form, so the timeline
classifies it like any other.
"""

from __future__ import annotations

from datetime import UTC, datetime

from novaberg.text.calendar_words import CALENDAR_WORDS, split_at_and
from novaberg.text.grammar import REQUEST, analyse, grammar
from novaberg.timeline.phrases import is_title, time_expression, title_of
from novaberg.timeparse import parse

__all__ = ["coordinated_orders"]

_DATIVES = CALENDAR_WORDS["datives"]
# Whether a part names a day does not depend on which day it is today (the split never reads the date itself).
_ANY_MOMENT = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)


def _names_a_day(part: str) -> bool:
    expression = time_expression(part)
    if not expression:
        return False
    vector = parse(expression, _ANY_MOMENT)
    return vector.moment is not None and vector.tag_erkannt and vector.end is None


def _without_particle(part: str, particle: str) -> str:
    """*… Physio ein* of *Trag mir … Physio ein und am Freitag …*: the particle said after the first part."""
    words = part.split()
    if particle and words and words[-1].lower() == particle:
        words = words[:-1]
    return " ".join(words)


def coordinated_orders(text: str) -> list[str]:
    """The orders of a create that names two appointments with a day each, or [] (one order or none)."""
    utterance = analyse(text)
    if utterance.mood != REQUEST or not utterance.verb:
        return []
    lexeme = next((lx for lx in grammar().lexicon if lx.key == utterance.verb), None)
    if lexeme is None or lexeme.actions.get("timeline") != "create":
        return []
    words = utterance.core.rstrip(" .!").split()
    verb, rest = words[0], words[1:]
    dative = [rest.pop(0)] if rest and rest[0].lower() in _DATIVES else []
    if lexeme.particle and rest and rest[-1].lower() == lexeme.particle:
        rest = rest[:-1]
    parts = [_without_particle(part, lexeme.particle) for part in split_at_and(" ".join(rest))]
    if len(parts) != 2 or not all(parts):
        return []
    if not all(_names_a_day(part) and is_title(title_of(part)) for part in parts):
        return []
    tail = [lexeme.particle] if lexeme.particle else []
    return [" ".join([verb, *dative, part, *tail]) for part in parts]
