"""The scripted connector for tests: given answers per task, including broken ones."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from novaberg.core.errors import ModelError
from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.base import LLMResult, Prompt

__all__ = ["ScriptedLLM"]

Answer = str | dict[str, Any] | list[Any] | None | Callable[[Mapping[str, Any]], Any]


class ScriptedLLM:
    """Answers per task (one, or a sequence via `script`); the last answer of a task repeats. Unscripted tasks fall back or raise.

    A dict/list/None answer is sent as JSON; a str is sent verbatim (so "kein json" is possible);
    a callable gets the structured input. `fallback` (e.g. the offline connector) serves other tasks.
    """

    connector = "scripted"
    model: str | None = None

    def __init__(self, answers: Mapping[str, Answer] | None = None, fallback: Any = None,
                 timeout: float = LLM_TIMEOUT_SECONDS, offline_rules: Mapping[str, Any] | None = None) -> None:
        self.timeout = timeout  # what a caller waits for one call (the judges' threads read it)
        # what a task whose answer does not fit its schema falls back to (llm.ask), as a model server's connector
        # gets them from `make_llm`; none by default: a broken answer is then a loud ModelAnswerError
        self.offline_rules = dict(offline_rules or {})
        self._answers: dict[str, list[Answer]] = {task: [answer] for task, answer in (answers or {}).items()}
        self._fallback = fallback
        self._lock = threading.Lock()
        self.calls: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
        self.prompts: dict[str, list[Prompt]] = defaultdict(list)

    def script(self, task: str, *answers: Answer) -> None:
        """Answers for `task` in order; the last one repeats."""
        if not answers:
            raise ValueError("script() needs at least one answer")
        self._answers[task] = list(answers)

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        with self._lock:  # the judges call from three threads at once
            self.calls[task].append(dict(data))
            self.prompts[task].append(prompt)
            queue = self._answers.get(task)
            answer = None if not queue else (queue.pop(0) if len(queue) > 1 else queue[0])
        if not queue:
            if self._fallback is not None:
                return self._fallback.complete(task, prompt, data)
            raise ModelError(f"scripted model has no answer for task {task!r}")
        if callable(answer):
            answer = answer(data)
        text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        return LLMResult(text, 0, 0, "scripted")

    def describe(self) -> dict[str, Any]:
        return {"connector": "scripted", "model": None, "reachable": True}
