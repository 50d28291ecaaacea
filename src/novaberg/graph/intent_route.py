"""The route read from the intents the services declare (`text.intents`; each service's templates in data).

The turn is read once (`read_turn`): one service's intent matches best → that service; two services' intents
match equally well → a question to the person naming both (nothing written; a short answer naming one side
resumes the order there, `read_service_choice`); none → '' and the fallback decides (the route hints, then the
model). The reading — intent, slots, mood — is kept in the turn's state and reaches the service in
`AgentRequest.reading`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.registry import Registry
from novaberg.graph.bare_orders import ASK_ACTION, MAX_ANSWER_WORDS
from novaberg.graph.texts import ROUTE_TIE
from novaberg.text.grammar import QUESTION as GRAMMAR_QUESTION
from novaberg.text.grammar import REQUEST, analyse
from novaberg.text.intents import (
    ANSWER,
    NONE,
    ONE,
    ORDER,
    QUESTION,
    STATEMENT,
    TIE,
    Reading,
    Verdict,
    read_intents,
)
from novaberg.text.words import words

__all__ = ["read_turn", "decided_by_intents", "turn_reading", "read_service_choice", "DECIDED_BY_INTENTS",
           "SERVICE_CHOICE", "TIED"]

DECIDED_BY_INTENTS = "intents"
SERVICE_CHOICE = "dienst"  # the kind of the route's question when two services' intents tie
TIED = "gleichstand"
_NO_DOMAIN = "keine"  # graph.router.NO_DOMAIN (the router imports this module)


def read_turn(text: str, registry: Registry) -> Verdict:
    """The turn read once against every service's declared intents."""
    return read_intents(text, registry.intent_sets())


def decided_by_intents(text: str, verdict: Verdict, registry: Registry, now: datetime | None,
                       zone: ZoneInfo | None, several_orders: Callable[[], bool]) -> dict[str, Any] | None:
    """The route the declared intents decide, or None for the fallback: no intent matched, the utterance holds
    several orders (the splitting is the router's: `several_orders` is asked only once an intent matched), or the
    one service leaves this question to the model (`Declared.leaves_to_model`, only with a clock; asked only of a
    reading whose mood is a question)."""
    if verdict.kind == NONE or several_orders():
        return None
    if verdict.kind == TIE:
        return _tie_question(text, verdict, registry)
    reading = verdict.readings[0]
    entry = registry.entry_named(reading.service)
    if entry is None:
        return None
    if reading.mood == QUESTION and now is not None and zone is not None and entry.declared.leaves_to_model(
            text, now, zone):
        return None  # an order a template read (*Kannst du mir … eintragen?*) is no question about the window
    return {"domain": reading.service, "management_action": "agent", "unknown_domain": None,
            "decided_by": DECIDED_BY_INTENTS}  # the intent is the turn's reading's (`lesart`), kept there once


def _tie_question(text: str, verdict: Verdict, registry: Registry) -> dict[str, Any]:
    """Two services' intents read the sentence equally well: ask which is meant, write nothing."""
    labels = []
    for name in verdict.services:
        entry = registry.entry_named(name)
        labels.append(entry.intents.label if entry is not None and entry.intents.label else name)
    question = ROUTE_TIE.format(choices=" oder ".join(labels))
    return {"domain": _NO_DOMAIN, "management_action": ASK_ACTION, "frage": question,
            "bare_order": {"art": SERVICE_CHOICE, "objekt": "", "fuerwort": "", "grund": TIED},
            "welche": {"art": SERVICE_CHOICE, "objekt": "", "text": text, "dienste": list(verdict.services)}}


def read_service_choice(text: str, asked: Mapping[str, Any], registry: Registry) -> dict[str, Any] | None:
    """The answer to the tie question: a short sentence naming one of the asked services by its answer words
    (`antwortwoerter` of its intent file: *den Termin*, *die Liste*) resumes the order there; else None."""
    if asked.get("art") != SERVICE_CHOICE or not asked.get("text"):
        return None
    said = words(text)
    if not said or len(said) > MAX_ANSWER_WORDS:
        return None
    named = []
    for name in asked.get("dienste") or ():
        entry = registry.entry_named(str(name))
        if entry is not None and any(w in entry.intents.answer_words for w in said):
            named.append(entry.name)
    if len(named) != 1:
        return None
    return {"domain": named[0], "management_action": "agent", "decided_by": DECIDED_BY_INTENTS,
            "service_order": {"text": str(asked["text"]), "action": "agent", "kontext": {}}}


_MOODS = {REQUEST: ORDER, GRAMMAR_QUESTION: QUESTION}


def turn_reading(text: str, verdict: Verdict, decision: Mapping[str, Any]) -> Reading:
    """The turn's reading for the state: the matched intent when one service's matched, else the mood alone
    (the grammar's); a turn taken as the answer to a waiting question has the mood `antwort`."""
    if verdict.kind == ONE:
        reading = verdict.readings[0]
    else:
        reading = Reading(mood=_MOODS.get(analyse(text).mood, STATEMENT))
    if decision.get("management_action") == "resume":
        return Reading(reading.intent, reading.service, ANSWER, reading.slots, reading.pronouns, reading.specificity)
    return reading
