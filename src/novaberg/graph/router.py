"""The router: which service, if any, serves this turn (the domain only; the agent classifies the action)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.graph.services import registered_services
from novaberg.llm.offline import offline_rule
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_text
from novaberg.timeparse.dates import is_year

__all__ = ["route", "NO_DOMAIN"]

NO_DOMAIN = "keine"
TASK = "router"
UNREADABLE_KIND = "unlesbar"  # a query kind the window reader refuses loudly (proactive window, "unreadable")

_log = logging.getLogger("novaberg.graph")


@offline_rule(TASK)
def _offline_router(data: Mapping[str, Any]) -> dict[str, Any]:
    text = str(data.get("text", ""))
    best, best_score = NO_DOMAIN, 0.0
    for name, registration in registered_services().items():
        score = registration.route_hint(text)
        if score > best_score:
            best, best_score = name, score
    return {"domain": best, "management_action": "agent" if best != NO_DOMAIN else NO_DOMAIN}


def route(asker: Any, text: str, history: list[tuple[str, str]], today: str) -> dict[str, Any]:
    """Ask the model for the domain; an unknown domain name is read as none (loudly logged by the caller)."""
    services = registered_services()
    listing = "\n".join(f"- {name}: {reg.service.description}" for name, reg in sorted(services.items()))
    answer = asker.ask(TASK, {"text": text, "services": listing, "history": _history_text(history),
                              "today": today})
    domain = read_text(answer.fields, "domain", NO_DOMAIN).strip() or NO_DOMAIN
    known = domain in services
    decision: dict[str, Any] = {
        "domain": domain if known else NO_DOMAIN,
        "management_action": "agent" if known else NO_DOMAIN,
        "unknown_domain": None if known or domain == NO_DOMAIN else domain,
    }
    query = answer.fields.get("timeline_query")
    if query is not None:
        if not isinstance(query, dict):
            raise ModelAnswerError(WRONG_FIELD_TYPE, f"timeline_query is {type(query).__name__}, expected an object")
        refused = _bound_outside_years(query)
        if refused is not None:  # issue 10 §4: no date — the reader says it cannot read the time, never overflows
            _log.error("router timeline_query refused: %s", refused)
            query = {"art": UNREADABLE_KIND, "grund": refused}
        decision["timeline_query"] = query  # read checked by the timeline's window reader (timeline.md §4a)
    return decision


def _bound_outside_years(query: Mapping[str, Any]) -> str | None:
    """Why a `range` bound is no date (a year outside 1900–2199), or None; other faults are the reader's."""
    for key in ("from", "to"):
        value = query.get(key)
        if not isinstance(value, str):
            continue
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            continue
        if not is_year(moment.year):
            return f"{key} {value[:40]!r}: year {moment.year} is no date"
    return None


def _history_text(history: list[tuple[str, str]]) -> str:
    return "\n".join(f"Mensch: {person}\nNova: {nova}" for person, nova in history[-5:]) or "(kein Verlauf)"
