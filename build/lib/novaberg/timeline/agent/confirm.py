"""The confirm node (timeline.md §2.1 `bestaetigen`, §7.4): the shared confirm step (`agents.confirm`) on the
timeline's run — a run that reaches it without a status went to write, and counts only with a verified write."""

from __future__ import annotations

from typing import Any

from novaberg.agents.confirm import FAILED, confirmed_status
from novaberg.agents.services import step_verified
from novaberg.timeline.agent import const
from novaberg.timeline.agent.texts import say

__all__ = ["confirm"]


def confirm(state: dict[str, Any]) -> dict[str, Any]:
    """`abgeschlossen` only after a write that was read back and verified; a status already set stays."""
    status = state.get("status") or None
    executed = [s for s in state.get("steps", []) if s.get("schritt") == const.NODE_EXECUTE]
    final = confirmed_status(status, wrote=status is None, verified=bool(executed) and step_verified(executed[-1]))
    if status is not None:
        return {"status": final, "steps": [{"schritt": const.NODE_CONFIRM, "status": final}]}
    if final != FAILED:
        return {"status": final, "steps": [{"schritt": const.NODE_CONFIRM, "status": final}]}
    update: dict[str, Any] = {"status": FAILED, "steps": [
        {"schritt": const.NODE_CONFIRM, "status": FAILED, "fehler": "nicht_verifiziert"}]}
    if not state.get("answer"):  # the write node's own account (e.g. what was rolled back) is kept
        update["answer"] = say("not_verified", reason="kein bestätigter Schreibvorgang")
    return update
