"""Choosing a connector by name: `offline`, `ollama:<model>`, `openai:<model>` (NOVABERG_LLM / --llm)."""

from __future__ import annotations

from typing import Any

from novaberg.core.errors import ConfigError
from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.offline import OfflineLLM

__all__ = ["make_llm", "LLM_CHOICES"]

LLM_CHOICES = ("offline", "ollama:<model>", "openai:<model>")


def make_llm(spec: str | Any, url: str | None = None, timeout: float = LLM_TIMEOUT_SECONDS,
             api_key: str | None = None) -> Any:
    """A connector from its name; an object that already is a connector passes through (tests).
    `api_key` comes from the settings (NOVABERG_LLM_API_KEY, read once at open), never from here."""
    if not isinstance(spec, str):
        if hasattr(spec, "complete"):
            return spec
        raise ConfigError(f"llm must be a name ({', '.join(LLM_CHOICES)}) or a connector object")
    kind, _, model = spec.strip().partition(":")
    if kind == "offline" and not model:
        return OfflineLLM()
    if kind == "ollama":
        return OllamaLLM(model, url, timeout)
    if kind == "openai":
        return OpenAICompatibleLLM(model, url, timeout, api_key=api_key)
    raise ConfigError(f"unknown model connector {spec!r}; choices: {', '.join(LLM_CHOICES)}")
