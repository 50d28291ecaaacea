"""„Vergiss alles, was du über mich weißt": Nova says what an erasure of the person would take
and how to have it done — the operator's `novaberg person erase --user <person>` — and erases nothing.

Why not erase on a „ja" in the chat: the erase is total and cannot be undone (every figure's memory,
appointments, lists, knowledge texts, the sign-in token — the session of this very request included); a
chat turn speaks for whoever holds the session on a household's shared device; and a misread order
(„Vergiss alles, was ich über den Zahnarzt gesagt habe") or a misread answer must never cost everything —
a wrong write is worse than no write. The operator's command shows the same plan and asks before it acts.
"""

from __future__ import annotations

from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult, Step
from novaberg.api import texts
from novaberg.api.erasure import PersonErasure
from novaberg.text.person_orders import asks_to_forget_the_person

__all__ = ["ForgetMeService", "SERVICE_NAME", "route_hint"]

SERVICE_NAME = "vergessen"
HINT = 0.995  # above every service that deletes one thing („Vergiss den Termin" stays theirs: no match here)


def route_hint(text: str) -> float:
    return HINT if asks_to_forget_the_person(text) else 0.0


class ForgetMeService:
    name = SERVICE_NAME
    description = "Alles über die Person vergessen: erklärt, was gespeichert ist und wer es vollständig löschen kann"

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        plan = PersonErasure(deps.db, deps.redis, deps.data_dir).plan(request.user_id)
        counts = {table: plan.rows.get(table, 0) for table in ("turns", "timeline", "notizen", "lzg_knoten",
                                                               "direktiven", "dateien_wurzeln")}
        counts.update({"wissen": plan.knowledge_files, "kurzzeit": plan.redis_keys, "token": int(plan.token)})
        parts = [_counted(key, n) for key, n in counts.items() if n]
        what = texts.FORGET_ME_WHAT.format(parts=", ".join(parts)) if parts else texts.FORGET_ME_NOTHING
        answer = " ".join((texts.FORGET_ME_INTRO, what, texts.FORGET_ME_HOW.format(user=request.user_id)))
        return ServiceResult(SERVICE_NAME, "abgeschlossen", answer,
                             [Step("loeschplan_gelesen", details={"teile": {k: n for k, n in counts.items() if n}})])


def _counted(key: str, n: int) -> str:
    one, many = texts.FORGET_ME_PARTS[key]
    return one if n == 1 else many.format(n=n)
