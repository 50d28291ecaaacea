"""The router: which service, if any, serves this turn (the domain only; the agent classifies the action)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.graph.services import registered_services
from novaberg.llm.offline import offline_rule
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_text

__all__ = ["route", "NO_DOMAIN"]

NO_DOMAIN = "keine"
TASK = "router"


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
        decision["timeline_query"] = query  # read checked by the timeline's window reader (timeline.md §4a)
    return decision


def _history_text(history: list[tuple[str, str]]) -> str:
    return "\n".join(f"Mensch: {person}\nNova: {nova}" for person, nova in history[-5:]) or "(kein Verlauf)"
