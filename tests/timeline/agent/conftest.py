"""Running the timeline agent directly (the service the turn calls), with the offline or a scripted model."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.llm.scripted import ScriptedLLM
from novaberg.timeline.agent.dispatch import TimelineService
from tests.support import berlin, make_deps, make_offline_llm
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # Monday


class AgentRunner:
    """`run(text)` → ServiceResult; `answer(text)` resumes the last question like the turn would."""

    def __init__(self, db: Any, redis: Any, llm: Any) -> None:
        self.llm = llm
        self.deps = make_deps(db, redis, llm)
        self.service = TimelineService()
        self.last: ServiceResult | None = None

    def run(self, text: str, now=NOW, action: str = "agent", pending: dict[str, Any] | None = None,
            user: str = USER, figure: str = FIGURE, kontext: dict[str, Any] | None = None) -> ServiceResult:
        request = AgentRequest(user_id=user, character_id=figure, text=text, now=now, turn_id=uuid.uuid4(),
                               action=action, pending=pending, kontext=kontext or {})
        self.last = self.service.run(request, self.deps)
        return self.last

    def answer(self, text: str, now=NOW) -> ServiceResult:
        assert self.last is not None and self.last.status == "rueckfrage" and self.last.pending is not None
        return self.run(text, now, action="resume", pending=self.last.pending)


@pytest.fixture
def agent(db: Any, redis: Any) -> AgentRunner:
    return AgentRunner(db, redis, make_offline_llm())


@pytest.fixture
def scripted(db: Any, redis: Any):
    """scripted(answer_or_answers…) → an AgentRunner whose classification answers as given (others offline)."""

    def _make(*answers: Any) -> AgentRunner:
        llm = ScriptedLLM(fallback=make_offline_llm())
        llm.script("timeline_classify", *answers)
        return AgentRunner(db, redis, llm)

    return _make


def steps_of(result: ServiceResult, node: str) -> list[dict[str, Any]]:
    return [s for s in result.steps if s.get("schritt") == node]


def snapshot(repo) -> list[tuple]:
    """Every row of the pair with what a write would change: compared before and after 'nothing written'."""
    return [(r["id"], r["aktiv"], r["event_time"], r["nachfolger_id"]) for r in repo.list(USER, FIGURE,
                                                                                         active_only=False)]
