"""The confirm node (timeline.md §2.1 `bestaetigen`, §7.4): the status, never overwriting a question or a failure."""

from __future__ import annotations

from typing import Any

from novaberg.timeline.agent import const
from novaberg.timeline.agent.texts import say

__all__ = ["confirm"]


def confirm(state: dict[str, Any]) -> dict[str, Any]:
    """`abgeschlossen` only after a write that was read back and verified; a status already set stays."""
    if state.get("status"):
        return {"steps": [{"schritt": const.NODE_CONFIRM, "status": state["status"]}]}
    executed = [s for s in state.get("steps", []) if s.get("schritt") == const.NODE_EXECUTE]
    if executed and executed[-1].get("verifiziert") is True:
        return {"status": "abgeschlossen", "steps": [{"schritt": const.NODE_CONFIRM, "status": "abgeschlossen"}]}
    return {"status": "fehler", "answer": say("not_verified", reason="kein bestätigter Schreibvorgang"),
            "steps": [{"schritt": const.NODE_CONFIRM, "status": "fehler", "fehler": "nicht_verifiziert"}]}
