"""The offline connector: deterministic German rules computing the JSON a model would return.

A module defines the rule for its own tasks next to its prompt, as a plain function; the one explicit list
(`api.catalog.OFFLINE_RULES`) maps each task to its rule and `Nova.open` hands that table to the connector
(nothing registers on import). A rule reads the structured input, never the rendered prompt text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from novaberg.core.errors import ModelError
from novaberg.llm.base import LLMResult, Prompt

__all__ = ["OfflineLLM", "Rule", "checked_rules"]

Rule = Callable[[Mapping[str, Any]], dict[str, Any]]


def checked_rules(rules: Mapping[str, Rule]) -> Mapping[str, Rule]:
    """A read-only copy of a task → rule table; a nameless task or a rule that is no function is refused."""
    if not isinstance(rules, Mapping):
        raise TypeError(f"offline rules must be a mapping of task to rule, got {type(rules).__name__}")
    for task, rule in rules.items():
        if not isinstance(task, str) or not task:
            raise ValueError(f"offline rule task must be a non-empty name, got {task!r}")
        if not callable(rule):
            raise ValueError(f"offline rule for task {task!r} is not callable")
    return MappingProxyType(dict(rules))


class OfflineLLM:
    """A connector without a model: each task answered by its rule from the table given at construction."""

    connector = "offline"
    model: str | None = None
    in_process = True  # answers with code in this process: nothing to send, nothing to wait for

    def __init__(self, rules: Mapping[str, Rule]) -> None:
        self.rules = checked_rules(rules)

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        rule = self.rules.get(task)
        if rule is None:
            raise ModelError(f"the offline model has no rule for task {task!r}")
        text = json.dumps(rule(data), ensure_ascii=False)
        return LLMResult(text, len(prompt.system.split()) + len(prompt.user.split()), len(text.split()), "offline")

    def describe(self) -> dict[str, Any]:
        return {"connector": "offline", "model": None, "reachable": True, "tasks": len(self.rules)}
