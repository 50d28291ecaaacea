"""What the offline model makes of one sentence, the way a turn takes it, without a database: the offline router
over the timeline and the notes, then that service's own classification (and for a new appointment the agent's
own plan). For tests that pin how a phrasing is read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.registry import Registry
from novaberg.api.catalog import SERVICES, offline_rules
from novaberg.graph.router import route
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.text.words import fold
from novaberg.timeparse import parse
from tests.timeparse.oracle import number_word

__all__ = ["ASKER", "NOW", "TODAY", "Reading", "domain_of", "key", "notes_order", "planned_create", "reading", "timeline_order"]

ASKER = Asker(OfflineLLM(offline_rules()))
NOW = datetime(2026, 11, 11, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Wednesday
TODAY = "Mittwoch, 2026-11-11"
_SERVICES = Registry.of([entry for entry in SERVICES if entry.name in ("timeline", "notizen")], ())
_NUMBER_WORDS = {fold(number_word(n)): str(n) for n in range(100)} | {"zwo": "2"}


class _Deps:
    """What the timeline's classification reads of a turn's dependencies: the asker."""

    asker = ASKER


def domain_of(text: str) -> str:
    return route(ASKER, text, [], TODAY, _SERVICES)["domain"]


def timeline_order(text: str) -> Any:
    """The timeline's own classification of `text` (at NOW), without the route."""
    from novaberg.timeline.agent.classify import classify_text

    return classify_text(_Deps(), text, NOW)


def key(text: str) -> str:
    """A spelling-free form for comparing: folded, words only, number words as digits, compounds joined."""
    return "".join(_NUMBER_WORDS.get(w, w) for w in re.findall(r"[^\W_]+", fold(text)))


@dataclass(frozen=True)
class Reading:
    domain: str
    action: str
    target: str = ""
    time: tuple[object, ...] = ()
    items: tuple[str, ...] = ()


def reading(text: str) -> Reading:
    """The route, then the service's classification: action, target, the moment said, the items."""
    from novaberg.notes.agent.const import REJECTED
    from novaberg.notes.agent.offline import parse as parse_items
    from novaberg.timeline.agent.classify import classify_text

    domain = domain_of(text)
    if domain == "timeline":
        order = classify_text(_Deps(), text, NOW)
        vector = parse(order.zeitausdruck, NOW) if order.zeitausdruck else None
        return Reading(domain, order.action, key(order.target),
                       (vector.moment, vector.end, vector.precision) if vector else ())
    if domain == "notizen":
        action, fields, read = notes_order(ASKER, text)
        if action == REJECTED:
            return Reading(domain, action)
        offline = parse_items(text, ())
        items = tuple(key(i) for i in offline.items) + ((key(offline.content),) if action == "create" else ())
        return Reading(domain, action, key(read.get("target", "")) + ("?" if fields.get("mehrdeutig") else ""),
                       (), items)
    return Reading(domain, "rejected")


def notes_order(ask: Asker, text: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The notes' classification of `text`: (action, the model's fields, the read classification); a delete of a
    list's content is `remove_content`."""
    from novaberg.notes.agent.classify import read_classification
    from novaberg.notes.agent.const import TASK_CLASSIFY
    from novaberg.notes.agent.offline import operation_scope

    fields = ask.ask(TASK_CLASSIFY, {"text": text, "kontext": "(kein Verlauf)", "verlauf": []}).fields
    read = read_classification(fields)
    action = read["action"]
    if action == "delete" and operation_scope(text) == "inhalt":
        action = "remove_content"
    return action, fields, read


def planned_create(text: str) -> tuple[str, str, Any]:
    """(domain, action, plan) of a sentence: for a create, the timeline agent's plan — a dict with `title` and
    `event_time`, or the (step, question) it asks when the title or the time is missing."""
    from novaberg.timeline.agent.classify import classify_text
    from novaberg.timeline.agent.search import create_plan

    domain = domain_of(text)
    if domain != "timeline":
        return domain, "", None
    order = classify_text(_Deps(), text, NOW)
    return domain, order.action, create_plan(order.as_dict(), text, NOW) if order.action == "create" else None
