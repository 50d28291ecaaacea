"""What stands when a turn fails after a write of it was committed.

A service writes in its own transaction and reads the row back in it; its result (with a step `verifiziert:
True`) is traced under the turn's id right after the services ran (`graph/nodes.plan_node`, the trace rows are
kept in memory until the turn ends: `PipelineLog.traced`). When anything after that fails — the database's
deadline, a lost Redis, the model, the answer's own write — the person must not be told that nothing happened:
the commit reached the server. So the turn looks up what this turn's id committed and answers with it: the
services' own reports of their verified writes, and why the rest of the answer is missing. A failure before
any verified write still raises (the HTTP edge answers 503); nothing is guessed, nothing is written again.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from novaberg.agents.services import wrote_verifiably
from novaberg.api import texts
from novaberg.api.server_down import is_outage
from novaberg.core.errors import ModelError

__all__ = ["stood_services", "cut_short_answer", "CUT_SHORT_VERDICT"]

CUT_SHORT_VERDICT = "warnung"  # the report of the write went out without the tribunal's rounds


def stood_services(log: Any, turn_id: UUID) -> list[dict[str, Any]]:
    """The turn's services whose write was committed and read back (`abgeschlossen` with a verified step)."""
    return [service for service in log.traced(turn_id, "plan", "dienst")
            if isinstance(service, dict) and service.get("status") == "abgeschlossen"
            and wrote_verifiably(service.get("steps"))]


def cut_short_answer(stood: list[dict[str, Any]], err: BaseException) -> str:
    """What stands (each service's own report) and why the rest of the answer is missing."""
    reports = " ".join(str(service.get("answer") or "").strip() for service in stood).strip()
    if is_outage(err):
        reason = texts.CUT_SHORT_DATABASE
    elif isinstance(err, ModelError):
        reason = texts.CUT_SHORT_MODEL
    else:
        reason = texts.CUT_SHORT_OTHER
    return texts.TURN_CUT_SHORT.format(stand=reports, grund=reason)
