"""Asking a model for one task: load the prompt, call the connector, read the answer checked.

The prompt carries the task's answer schema and its answer cap (`llm.answers`): a model server is asked to keep
the schema. The answer is read as an object and checked against the same schema. An answer that does not fit is
never used: with the task's offline rule at hand (the connector's `offline_rules`, handed in by `make_llm`) the
task falls back to the rule — its output checked against the same schema — and the fallback is reported to the
turn's trace (`reporting_fallbacks`) and the log; without a rule the answer is refused loudly (`ModelAnswerError`)
as before. A server that did not answer (time-out, HTTP error) is no answer to read: that stays the caller's
failure, as it was.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.llm.answers import check_answer, max_tokens_for, server_schema
from novaberg.llm.base import LLMResult, Prompt
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.reader import read_object

__all__ = ["Asker", "Answer", "FallbackSink", "reporting_fallbacks", "report_fallback", "with_schema"]

_log = logging.getLogger("novaberg.llm")

FallbackSink = Callable[[str, str], None]  # (task, why) -> None
_SINK: contextvars.ContextVar[FallbackSink | None] = contextvars.ContextVar("novaberg_fallback_sink", default=None)


@contextmanager
def reporting_fallbacks(sink: FallbackSink) -> Iterator[None]:
    """Within this block (one turn), every task that fell back to its offline rule is handed to `sink`."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)


def report_fallback(task: str, why: str) -> None:
    """A task's answer was not used: loud in the log, and named in the running turn's trace when there is one."""
    _log.error("task %s: the model's answer is not used (%s); its offline rule answers", task, why)
    sink = _SINK.get()
    if sink is not None:
        try:
            sink(task, why)
        except Exception:  # noqa: BLE001 - the trace is a report; its failure never breaks the task
            _log.exception("task %s: the fallback could not be traced", task)


def with_schema(task: str, prompt: Prompt) -> Prompt:
    """The prompt with its task's answer schema and answer cap (`llm.answers`)."""
    return replace(prompt, schema=server_schema(task), max_tokens=max_tokens_for(task), task_name=task)


@dataclass(frozen=True)
class Answer:
    fields: dict[str, Any]
    result: LLMResult
    fallback: str = ""  # why the offline rule answered instead of the model ("" when the model's answer is used)


class Asker:
    """A connector together with the prompt loader resolved for it (default → model → connector)."""

    def __init__(self, llm: Any, prompts: PromptLoader | None = None,
                 rules: Mapping[str, Callable[[Mapping[str, Any]], Any]] | None = None) -> None:
        self.llm = llm
        self.prompts = prompts or PromptLoader(model=getattr(llm, "model", None), connector=llm.connector)
        self._rules = rules

    @property
    def rules(self) -> Mapping[str, Callable[[Mapping[str, Any]], Any]]:
        """The offline rules a task falls back to: given here, else the connector's (`offline_rules`)."""
        if self._rules is not None:
            return self._rules
        return getattr(self.llm, "offline_rules", None) or {}

    def ask(self, task: str, data: dict[str, Any]) -> Answer:
        """Raises ModelError / ModelUnreachableError when the server gives no answer; an answer that does not fit
        the task's schema is the offline rule's (reported), or ModelAnswerError when there is no rule."""
        prompt = with_schema(task, self.prompts.build(task, data))
        result = self.llm.complete(task, prompt, data)
        try:
            return Answer(check_answer(task, read_object(result.text)), result)
        except ModelAnswerError as err:
            rule = self.rules.get(task)
            if rule is None or result.connector == "offline":
                raise
            fields = check_answer(task, rule(data))  # the rule answers the same schema (tests/llm/test_answers.py)
            why = f"{err.step}: {err}"
            report_fallback(task, why)
            return Answer(fields, result, why)
