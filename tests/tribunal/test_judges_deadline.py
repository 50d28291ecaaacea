"""Issue 28: the offline (in-process) judges keep the model judges' deadline. A judge that answers only at or after
its deadline — counted from when it was asked — is a `fehler` vote with the time-out problem, its late answer
dropped; tribunal.md §5.4 *Fallback*: „Lieber eine ungeprüfte Antwort durchlassen als den Graph zu blockieren" —
the vote counts as `ok`, and the verdict names the judge as missing (incomplete). Time is a fake clock the slow
judge advances: no sleep."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.ask import Asker
from novaberg.llm.base import LLMResult, Prompt
from novaberg.tribunal.judge_runs import run_judges
from novaberg.tribunal.judges import (
    AGENTS,
    FEHLER,
    JUDGE_GRACE_SECONDS,
    STATUS_ERROR,
    STATUS_NOT_JUDGED,
    judge_input,
    majority,
    missing_lines,
    timed_out,
)
from novaberg.tribunal.texts import JUDGE_TIMED_OUT
from tests.support import make_offline_llm


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _SlowOffline:
    """The offline connector whose rule for `slow_task` takes `seconds` on the fake clock (in this process)."""

    connector = "offline"
    model = None
    in_process = True

    def __init__(self, clock: _Clock, slow_task: str, seconds: float) -> None:
        self._offline, self._clock, self._slow, self._seconds = make_offline_llm(), clock, slow_task, seconds
        self.asked: list[str] = []

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        self.asked.append(task)
        if task == self._slow:
            self._clock.now += self._seconds
        return self._offline.complete(task, prompt, data)


def _round(slow: str, seconds: float, **kwargs: Any) -> tuple[list[Any], _SlowOffline]:
    clock = _Clock()
    llm = _SlowOffline(clock, slow, seconds)
    data = judge_input("Was steht an?", "Hallo du! Montag Zahnarzt.", directives=["Sprich mich mit Sie an"])
    return run_judges(Asker(llm), data, clock=clock, **kwargs), llm


def test_an_offline_judge_past_its_deadline_is_a_timed_out_fehler_vote(caplog):
    """§5.4 Fallback: the slow psychologist (answering 10 s after it was asked, 6 s allowed) is `fehler` — counted
    `ok`, named as missing, loud in the log; the other judges' votes stand and every judge was asked in order."""
    with caplog.at_level(logging.ERROR, logger="novaberg.tribunal"):
        votes, llm = _round("tribunal_psychologe", 10.0, wait_seconds=6.0)
    assert llm.asked == [f"tribunal_{judge.name}" for judge in AGENTS]
    by_name = {vote.agent: vote for vote in votes}
    slow = by_name["psychologe"]
    assert (slow.vote, slow.status, slow.reasoning) == (FEHLER, STATUS_ERROR, JUDGE_TIMED_OUT)
    assert timed_out(slow.as_dict()) and "6 s after it was asked" in slow.problems[0]
    assert slow.seconds == 10.0
    assert by_name["ethik"].status == STATUS_NOT_JUDGED and not timed_out(by_name["ethik"].as_dict())
    assert by_name["jurist"].vote == "ablehnen"  # the du-form against the Sie directive, in time: it stands
    assert majority([vote.vote for vote in votes]) == "ok"
    assert [line.split("]")[0] for line in missing_lines([vote.as_dict() for vote in votes])] == ["[psychologe"]
    assert any("judge psychologe" in record.getMessage() for record in caplog.records)


def test_a_late_rejection_is_dropped_like_a_model_judges():
    """The jurist's late `ablehnen` does not count: a judge that did not answer in time has no say (as on a
    thread past its deadline)."""
    votes, _ = _round("tribunal_jurist", 6.0, wait_seconds=6.0)  # at the deadline is past it, as for a model judge
    jurist = votes[0]
    assert jurist.agent == "jurist" and jurist.vote == FEHLER and timed_out(jurist.as_dict())
    assert jurist.directive_score is None


def test_an_offline_judge_in_time_keeps_its_answer():
    votes, _ = _round("tribunal_jurist", 5.9, wait_seconds=6.0)
    assert votes[0].vote == "ablehnen" and not votes[0].problems


def test_the_default_deadline_is_the_model_judges():
    """Without `wait_seconds`: the connector's time-out (the settings' for one that names none) plus the grace."""
    limit = LLM_TIMEOUT_SECONDS + JUDGE_GRACE_SECONDS
    late, _ = _round("tribunal_ethik", limit)
    assert timed_out(late[2].as_dict()) and f"{limit:g} s after it was asked" in late[2].problems[0]
    in_time, _ = _round("tribunal_ethik", limit - 0.5)
    assert not timed_out(in_time[2].as_dict()) and in_time[2].status == STATUS_NOT_JUDGED
