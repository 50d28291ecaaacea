"""Small helpers every node uses: partial state updates for a question, a failure, a trace line."""

from __future__ import annotations

import logging
from typing import Any

from novaberg.notes.agent.const import SERVICE_NAME
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say

__all__ = ["trace", "failure", "question", "model_failure", "history_text", "recent_history"]

_log = logging.getLogger("novaberg.notes")


def trace(deps: Any, state: NotesState, node: str, kind: str, payload: dict[str, Any]) -> None:
    """A pipeline_log line (kinds the specification names, so behaviour can be counted)."""
    deps.log.write(state.get("turn_id"), node, kind, payload, state["now"], SERVICE_NAME)


def failure(step: str, answer: str, **details: Any) -> dict[str, Any]:
    """A loud `fehler`: the step names what failed; nothing was written."""
    return {"status": "fehler", "answer": answer, "steps": [{"schritt": step, **details}]}


def question(answer: str, pending: dict[str, Any] | None, step: dict[str, Any]) -> dict[str, Any]:
    """A `rueckfrage`; `pending` (JSON-safe) is what the next turn's resume reads."""
    if pending is not None:
        pending = {**pending, "frage": answer}
    return {"status": "rueckfrage", "answer": answer, "pending_out": pending, "steps": [step]}


def model_failure(step: str) -> dict[str, Any]:
    _log.warning("notes: model answer unusable (%s)", step)
    return failure(step, say("modell_antwort", step=step))


def recent_history(state: NotesState, pairs: int) -> list[tuple[str, str]]:
    return [(str(p[0]), str(p[1])) for p in list(state.get("history") or [])[-pairs:]]


def history_text(history: list[tuple[str, str]]) -> str:
    return "\n".join(f"Mensch: {person}\nNova: {nova}" for person, nova in history) or "(kein Verlauf)"
