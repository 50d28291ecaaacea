"""The confirm node (notizen.md §2): the shared confirm step (`agents.confirm`) on the notes' run.

A write counts as `abgeschlossen` only with its read-back verification (§6 "Verifikation"); a question, a
refusal or a failure already set stays.
"""

from __future__ import annotations

from typing import Any

from novaberg.agents.confirm import FAILED, KEPT_STATUSES, confirmed_status
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say

__all__ = ["confirm", "FINAL_STATUSES"]

FINAL_STATUSES = KEPT_STATUSES


def confirm(state: NotesState) -> dict[str, Any]:
    status = state.get("status")
    if status in FINAL_STATUSES:
        return {}
    final = confirmed_status(status, wrote=bool(state.get("wrote")), verified=state.get("verified") is True)
    if final == FAILED:
        name = (state.get("note") or {}).get("name") or state.get("target") or ""
        return {"status": FAILED, "answer": say("nicht_verifiziert", name=name),
                "steps": [{"schritt": "bestaetigen", "verifiziert": False}]}
    return {"status": final}
