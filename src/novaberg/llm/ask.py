"""Asking a model for one task: load the prompt, call the connector, read the answer checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from novaberg.llm.base import LLMResult
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.reader import read_object

__all__ = ["Asker", "Answer"]


@dataclass(frozen=True)
class Answer:
    fields: dict[str, Any]
    result: LLMResult


class Asker:
    """A connector together with the prompt loader resolved for it (default → model → connector)."""

    def __init__(self, llm: Any, prompts: PromptLoader | None = None) -> None:
        self.llm = llm
        self.prompts = prompts or PromptLoader(model=getattr(llm, "model", None), connector=llm.connector)

    def ask(self, task: str, data: dict[str, Any]) -> Answer:
        """Raises ModelError / ModelUnreachableError, or ModelAnswerError('kein_objekt') for a non-object."""
        prompt = self.prompts.build(task, data)
        result = self.llm.complete(task, prompt, data)
        return Answer(read_object(result.text), result)
