"""One interface for every model: a named task, a rendered prompt and its structured input."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from novaberg.core.errors import ModelUnreachableError

__all__ = ["DEFAULT_SLOTS", "Prompt", "LLMResult", "LLM", "ModelTimeoutError"]

DEFAULT_SLOTS = 1  # a model server that serves one request at a time is the safe assumption


class ModelTimeoutError(ModelUnreachableError):
    """The model server did not answer within the call's time-out (a kind of unreachable: callers that catch
    `ModelUnreachableError` keep working; the judges name it as a time-out)."""


@dataclass(frozen=True)
class Prompt:
    """What a real model reads: the system text and the user text, both rendered."""

    system: str
    user: str
    schema: dict[str, Any] | None = field(default=None, compare=False)  # the task's answer schema (llm.answers)
    max_tokens: int | None = None  # the cap on the answer's tokens for this task
    task_name: str = ""  # the schema's name for servers that want one (OpenAI-compatible `json_schema.name`)


@dataclass(frozen=True)
class LLMResult:
    text: str
    prompt_tokens: int
    completion_tokens: int
    connector: str
    model: str | None = None


class LLM(Protocol):
    """A connector. `offline` and `scripted` read `data`; real connectors send `prompt`."""

    connector: str
    model: str | None

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult: ...

    def describe(self) -> dict[str, Any]:
        """What is used and whether it answers (for `novaberg doctor`)."""
        ...
