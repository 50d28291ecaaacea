"""The judges' [LAGEBILD]: the request's intent and the tone it expects (tribunal.md §4.1, §7 `intent`, `tone`).

Read from what the turn already computed — the services that ran, the request grammar's mood, the small-talk
templates, a crisis or an unwell person, the form of address — never asked of a model. A judge weighs the answer
against them: a matter-of-fact answer to an order is right (§3.2), the same answer to a person in distress is not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from novaberg.graph.care import feels_unwell
from novaberg.situation.readiness import CRISIS, readiness
from novaberg.text.grammar import QUESTION, REQUEST, analyse
from novaberg.text.small_talk import ADDRESS_SIE, small_talk

__all__ = ["request_intent", "expected_tone"]

_SERVICE_WORDS = {"timeline": "die Termine", "notizen": "die Notizen", "direktiven": "die Verhaltensregeln",
                  "dateien_wurzeln": "die freigegebenen Ordner", "vergessen": "das Löschen ihrer Daten"}
_DONE = {"abgeschlossen": "ausgeführt", "rueckfrage": "Rückfrage nötig", "fehler": "nicht ausgeführt",
         "rejected": "kein Auftrag erkannt", "dismissed": "Rückfrage verworfen"}


def request_intent(text: str, services: Sequence[Mapping[str, Any]]) -> str:
    """What the person wants, in a few German words: an order to a service (and how it went), else the mood."""
    orders = [s for s in services if s.get("status") != "dismissed" and s.get("name")]
    if orders:
        said = "; ".join(f"Auftrag an {_SERVICE_WORDS.get(str(s['name']), str(s['name']))}"
                         f" ({_DONE.get(str(s.get('status')), str(s.get('status')))})" for s in orders)
        return said
    if small_talk(text):
        return "Smalltalk"
    mood = analyse(text).mood
    if mood == QUESTION:
        return "eine Frage"
    if mood == REQUEST:
        return "eine Bitte, für die kein Dienst zuständig ist"
    return "eine Mitteilung über sich oder ihr Leben"


def expected_tone(text: str, services: Sequence[Mapping[str, Any]], address: str,
                  history: Iterable[tuple[str, str]] = ()) -> str:
    """The tone the answer should have: caring in a crisis or when she is unwell, matter-of-fact for an order or a
    question, warm for small talk and what she tells; with the form of address she is spoken to in."""
    if readiness(text, list(history)).value == CRISIS:
        tone = "ernst und fürsorglich, ohne Floskeln"
    elif feels_unwell(text):
        tone = "einfühlsam und zugewandt"
    elif any(s.get("status") != "dismissed" for s in services) or analyse(text).mood == QUESTION:
        tone = "sachlich und freundlich"
    else:
        tone = "warm und zugewandt"
    return f"{tone}; Anrede: {'Sie' if address == ADDRESS_SIE else 'du'}"
