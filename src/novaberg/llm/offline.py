"""The offline connector: deterministic German rules computing the JSON a model would return.

Each module registers the rule for its own tasks next to its prompt (`@offline_rule("task")`). A rule
reads the structured input, never the rendered prompt text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from novaberg.core.errors import ModelError
from novaberg.llm.base import LLMResult, Prompt

__all__ = ["OfflineLLM", "offline_rule"]

Rule = Callable[[Mapping[str, Any]], dict[str, Any]]
_RULES: dict[str, Rule] = {}


def offline_rule(task: str) -> Callable[[Rule], Rule]:
    def register(rule: Rule) -> Rule:
        if task in _RULES and _RULES[task] is not rule:
            raise ValueError(f"offline rule for task {task!r} is registered twice")
        _RULES[task] = rule
        return rule

    return register


class OfflineLLM:
    connector = "offline"
    model: str | None = None

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        rule = _RULES.get(task)
        if rule is None:
            raise ModelError(f"the offline model has no rule for task {task!r}")
        text = json.dumps(rule(data), ensure_ascii=False)
        return LLMResult(text, len(prompt.system.split()) + len(prompt.user.split()), len(text.split()), "offline")

    def describe(self) -> dict[str, Any]:
        return {"connector": "offline", "model": None, "reachable": True, "tasks": len(_RULES)}
