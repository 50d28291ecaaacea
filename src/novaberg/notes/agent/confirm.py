"""The confirm node (notizen.md §2): set the final status; never overwrite a question or a failure blindly.

A write counts as `abgeschlossen` only with its read-back verification (§6 "Verifikation"; DESIGN.md:
a write reports success only after reading the row back).
"""

from __future__ import annotations

from typing import Any

from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say

__all__ = ["confirm", "FINAL_STATUSES"]

FINAL_STATUSES = ("rueckfrage", "fehler", "dismissed", "rejected")


def confirm(state: NotesState) -> dict[str, Any]:
    status = state.get("status")
    if status in FINAL_STATUSES:
        return {}
    if state.get("wrote") and state.get("verified") is not True:
        name = (state.get("note") or {}).get("name") or state.get("target") or ""
        return {"status": "fehler", "answer": say("nicht_verifiziert", name=name),
                "steps": [{"schritt": "bestaetigen", "verifiziert": False}]}
    return {"status": "abgeschlossen"}
