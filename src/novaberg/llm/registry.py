"""Choosing a connector by name: `offline`, `ollama:<model>`, `openai:<model>` (NOVABERG_LLM / --llm).

The task tables — the offline rules and the per-task temperatures — come from the one explicit list
(`api.catalog`) and are handed in by whoever opens Nova; this module knows no task."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ConfigError, ModelError
from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.base import DEFAULT_SLOTS
from novaberg.llm.offline import OfflineLLM, Rule

__all__ = ["make_llm", "check_llm_spec", "LLM_CHOICES"]

LLM_CHOICES = ("offline", "ollama:<model>", "openai:<model>")


def check_llm_spec(spec: str | Any) -> None:
    """Refuse a connector name that `make_llm` would refuse, building nothing (so a bad `--llm` starts no server)."""
    if not isinstance(spec, str):
        if hasattr(spec, "complete"):
            return
        raise ConfigError(f"llm must be a name ({', '.join(LLM_CHOICES)}) or a connector object")
    kind, _, model = spec.strip().partition(":")
    if kind == "offline" and not model:
        return
    if kind in ("ollama", "openai"):
        if not model:
            raise ModelError(f"{kind} needs a model name: --llm {kind}:<model>")
        return
    raise ConfigError(f"unknown model connector {spec!r}; choices: {', '.join(LLM_CHOICES)}")


def make_llm(spec: str | Any, url: str | None = None, timeout: float = LLM_TIMEOUT_SECONDS,
             api_key: str | None = None, *, rules: Mapping[str, Rule] | None = None,
             temperatures: Mapping[str, float] | None = None, slots: int = DEFAULT_SLOTS) -> Any:
    """A connector from its name; an object that already is a connector passes through (tests).
    `api_key` comes from the settings (NOVABERG_LLM_API_KEY, read once at open), never from here. The offline
    connector needs `rules`; the model servers take `temperatures` (both from `api.catalog`) and `slots`, the
    requests the server serves at once (NOVABERG_LLM_SLOTS)."""
    check_llm_spec(spec)
    if not isinstance(spec, str):
        return spec
    kind, _, model = spec.strip().partition(":")
    if kind == "offline":
        if rules is None:
            raise ConfigError("the offline connector needs its rule table (api.catalog.OFFLINE_RULES)")
        return OfflineLLM(rules)
    # the HTTP stack (httpx, httpcore) is imported only when a model server is named: an offline start
    # (`novaberg say`) never pays for it
    from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM

    # the offline rules go to a model server's connector too: a task whose answer does not fit its schema falls
    # back to its rule (llm.ask)
    if kind == "ollama":
        return OllamaLLM(model, url, timeout, temperatures=temperatures, slots=slots, offline_rules=rules)
    return OpenAICompatibleLLM(model, url, timeout, api_key=api_key, temperatures=temperatures, slots=slots,
                               offline_rules=rules)
