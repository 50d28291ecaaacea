"""The notes subgraph (notizen.md §2): validate → resume? → classify → search → execute → confirm.

Routing (§2 "Routing-Logik"): a failed validation ends; `resume` answers a pending question; the direct
actions go straight on (backwards compatible); `agent` is classified first. Node functions are public,
standalone, and take the state plus the runtime's `Deps`.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any

from langgraph.graph import END, START, StateGraph

from novaberg.agents.deps import Deps
from novaberg.notes.agent.classify import classify
from novaberg.notes.agent.confirm import confirm
from novaberg.notes.agent.const import INPUT_ACTIONS
from novaberg.notes.agent.crud import execute
from novaberg.notes.agent.outcome import failure
from novaberg.notes.agent.resume import resume
from novaberg.notes.agent.search import search
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say

__all__ = ["build_graph", "notes_graph", "validate", "after_validate", "after_resume", "after_classify",
           "after_search", "NODES"]

NODES = ("validate", "resume", "classify", "search", "execute", "confirm")


def validate(state: NotesState) -> dict[str, Any]:
    """Required fields (§2 `validieren`): a person, a text, a known action, an aware clock."""
    problems = []
    if not isinstance(state.get("user_id"), str) or not state["user_id"].strip():
        problems.append("user_id fehlt")
    if not isinstance(state.get("text"), str):
        problems.append("text fehlt")
    if state.get("request_action") not in INPUT_ACTIONS:
        problems.append(f"unbekannte Aktion {state.get('request_action')!r}")
    if state.get("request_action") == "resume" and not isinstance(state.get("pending_in"), dict):
        problems.append("resume ohne Rückfrage")
    now = state.get("now")
    if not isinstance(now, datetime) or now.tzinfo is None:
        problems.append("now ohne Zeitzone")
    if problems:
        return failure("validierung", say("ungueltig", reason=", ".join(problems)), probleme=problems)
    action = state["request_action"]
    if action in ("agent", "resume"):
        return {"steps": [{"schritt": "validierung", "action": action}]}
    kontext = state.get("kontext") or {}
    return {"action": action, "target": str(kontext.get("target") or ""), "aufgabe": state["text"],
            "neuer_name": str(kontext.get("neuer_name") or ""), "inhalt": str(kontext.get("inhalt") or ""),
            "normalisiert": str(kontext.get("normalisiert") or ""),
            "steps": [{"schritt": "validierung", "action": action}]}


def _ended(state: NotesState) -> bool:
    return bool(state.get("status"))


def _onward(state: NotesState) -> str:
    """create and an overview need no search; everything else looks for its note first."""
    if state.get("action") == "create" or state.get("note"):
        return "execute"
    if state.get("action") == "read" and not state.get("target"):
        return "execute"
    return "search"


def after_validate(state: NotesState) -> str:
    if _ended(state):
        return END
    action = state["request_action"]
    if action == "resume":
        return "resume"
    if action == "agent":
        return "classify"
    return _onward(state)


def after_resume(state: NotesState) -> str:
    return END if _ended(state) else _onward(state)


def after_classify(state: NotesState) -> str:
    return END if _ended(state) else _onward(state)


def after_search(state: NotesState) -> str:
    return END if _ended(state) else "execute"


def build_graph() -> Any:
    graph = StateGraph(NotesState, context_schema=Deps)
    graph.add_node("validate", validate)
    graph.add_node("resume", resume)
    graph.add_node("classify", classify)
    graph.add_node("search", search)
    graph.add_node("execute", execute)
    graph.add_node("confirm", confirm)
    graph.add_edge(START, "validate")
    graph.add_conditional_edges("validate", after_validate, ["resume", "classify", "search", "execute", END])
    graph.add_conditional_edges("resume", after_resume, ["search", "execute", END])
    graph.add_conditional_edges("classify", after_classify, ["search", "execute", END])
    graph.add_conditional_edges("search", after_search, ["execute", END])
    graph.add_edge("execute", "confirm")
    graph.add_edge("confirm", END)
    return graph.compile()


@lru_cache(maxsize=1)
def notes_graph() -> Any:
    return build_graph()
