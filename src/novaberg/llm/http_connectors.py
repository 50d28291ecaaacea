"""Connectors to model servers: Ollama's native chat API and any OpenAI-compatible server.

Both ask for JSON and turn every failure into a `ModelUnreachableError` / `ModelError` with a clear
message; the chat loop catches those. The time-out is a total per call: connecting,
sending, waiting, reading and the one retry on a connection error all end by one deadline. Messages
name no server URL (a person may read them); the log has the host without credentials. `slots` is how many
requests the server serves at once (a local Ollama or llama.cpp often one): the judges send no more at once,
so that a judge's time-out runs while its request is served, not while it waits in the server's queue.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import httpx

from novaberg.core.errors import ConfigError, ModelError, ModelUnreachableError
from novaberg.core.redact import redact_credentials, scrub_urls
from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.base import DEFAULT_SLOTS, LLMResult, ModelTimeoutError, Prompt
from novaberg.llm.deadline import Deadline, deadline_client
from novaberg.llm.offline import Rule, checked_rules
from novaberg.llm.structured import OLLAMA_SCHEMA, OPENAI_SCHEMA, StructuredOutput
from novaberg.llm.temperature import checked_temperatures, temperature_for

__all__ = ["OllamaLLM", "OpenAICompatibleLLM", "DEFAULT_OLLAMA_URL", "DEFAULT_OPENAI_URL"]

DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434"
DEFAULT_OPENAI_URL = "http://127.0.0.1:8000/v1"
# connection errors: refused, reset or hung up before an answer (a time-out is not retried: the deadline is spent)
_RETRYABLE = (httpx.ConnectError, httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError)
_log = logging.getLogger("novaberg.llm")


def _checked_slots(slots: int) -> int:
    if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
        raise ConfigError(f"the model server's slots must be a whole number of at least 1, got {slots!r}")
    return slots


def _post(url: str, body: dict[str, Any], timeout: float, headers: dict[str, str] | None = None) -> dict[str, Any]:
    deadline = Deadline(timeout)
    where = redact_credentials(url)
    last: Exception | None = None
    for attempt in range(2):  # one retry on connection errors only, within the same deadline
        try:
            with deadline_client(deadline) as client:
                response = client.post(url, json=body, headers=headers)
        except _RETRYABLE as err:
            last = err
            _log.warning("model server %s: attempt %d failed: %s", where, attempt + 1, err)
            if deadline.remaining() <= 0:
                break
            continue
        except httpx.TimeoutException as err:
            _log.warning("model server %s did not answer within %g s", where, timeout)
            raise ModelTimeoutError(f"the model server did not answer within {timeout:g} s") from err
        except httpx.HTTPError as err:
            _log.warning("model server %s failed: %s", where, err)
            raise ModelUnreachableError(f"the model server failed: {scrub_urls(str(err))}") from err
        if response.status_code >= 400:
            _log.warning("model server %s answered HTTP %d", where, response.status_code)
            failed = ModelError(f"the model server answered HTTP {response.status_code}: "
                                f"{scrub_urls(response.text[:200])}")
            failed.status = response.status_code  # type: ignore[attr-defined]  # read by llm.structured
            failed.body = scrub_urls(response.text[:500])  # type: ignore[attr-defined]
            raise failed
        try:
            payload = response.json()
        except ValueError as err:
            raise ModelError("the model server sent no JSON envelope") from err
        if not isinstance(payload, dict):
            raise ModelError("the model server sent an unexpected envelope")
        return payload
    raise ModelUnreachableError(f"the model server is unreachable ({scrub_urls(str(last))}); is it running?") from last


class OllamaLLM:
    connector = "ollama"

    def __init__(self, model: str, url: str | None = None, timeout: float = LLM_TIMEOUT_SECONDS, temperature: float = 0.0,
                 temperatures: Mapping[str, float] | None = None, slots: int = DEFAULT_SLOTS,
                 offline_rules: Mapping[str, Rule] | None = None):
        if not model:
            raise ModelError("ollama needs a model name: --llm ollama:<model>")
        self.slots = _checked_slots(slots)
        self.model = model
        self.url = (url or DEFAULT_OLLAMA_URL).rstrip("/")
        self.timeout = timeout
        self.temperature = temperature
        self.temperatures = checked_temperatures(temperatures or {})  # per task (api.catalog.TEMPERATURES)
        self.offline_rules = checked_rules(offline_rules or {})  # what a task falls back to (llm.ask)
        self.schemas = StructuredOutput(OLLAMA_SCHEMA)

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        options: dict[str, Any] = {"temperature": temperature_for(task, self.temperatures, self.temperature)}
        if prompt.max_tokens:
            options["num_predict"] = prompt.max_tokens
        body = {
            "model": self.model,
            "messages": [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}],
            "stream": False,
            "format": "json",
            "options": options,
        }
        payload = self.schemas.post(body, prompt, lambda b: _post(f"{self.url}/api/chat", b, self.timeout))
        message = payload.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str):
            raise ModelError(f"ollama answer for task {task!r} has no message content")
        return LLMResult(content, int(payload.get("prompt_eval_count") or 0), int(payload.get("eval_count") or 0),
                         "ollama", self.model)

    def describe(self) -> dict[str, Any]:
        info: dict[str, Any] = {"connector": "ollama", "model": self.model, "url": redact_credentials(self.url)}
        try:
            version = httpx.get(f"{self.url}/api/version", timeout=5).json().get("version")
            info.update(reachable=True, version=version)
        except (httpx.HTTPError, ValueError, AttributeError) as err:
            info.update(reachable=False, error=scrub_urls(str(err)))
        return info


class OpenAICompatibleLLM:
    connector = "openai"

    def __init__(self, model: str, url: str | None = None, timeout: float = LLM_TIMEOUT_SECONDS, temperature: float = 0.0,
                 api_key: str | None = None, temperatures: Mapping[str, float] | None = None,
                 slots: int = DEFAULT_SLOTS, offline_rules: Mapping[str, Rule] | None = None):
        if not model:
            raise ModelError("openai needs a model name: --llm openai:<model>")
        self.slots = _checked_slots(slots)
        self.model = model
        base = (url or DEFAULT_OPENAI_URL).rstrip("/")
        self.url = base if base.endswith("/v1") else f"{base}/v1"
        self.timeout = timeout
        self.temperature = temperature
        self.temperatures = checked_temperatures(temperatures or {})  # per task (api.catalog.TEMPERATURES)
        self.offline_rules = checked_rules(offline_rules or {})  # what a task falls back to (llm.ask)
        self.schemas = StructuredOutput(OPENAI_SCHEMA)
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else None

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}],
            "temperature": temperature_for(task, self.temperatures, self.temperature),
            "response_format": {"type": "json_object"},
        }
        if prompt.max_tokens:
            body["max_tokens"] = prompt.max_tokens
        payload = self.schemas.post(
            body, prompt, lambda b: _post(f"{self.url}/chat/completions", b, self.timeout, self._headers))
        try:
            content = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as err:
            raise ModelError(f"openai answer for task {task!r} has no choices[0].message.content") from err
        if not isinstance(content, str):
            raise ModelError(f"openai answer for task {task!r} has no text content")
        usage = payload.get("usage") if isinstance(payload.get("usage"), dict) else {}
        return LLMResult(content, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0),
                         "openai", self.model)

    def describe(self) -> dict[str, Any]:
        info: dict[str, Any] = {"connector": "openai", "model": self.model, "url": redact_credentials(self.url)}
        try:
            response = httpx.get(f"{self.url}/models", timeout=5, headers=self._headers)
            info.update(reachable=response.status_code < 500, status=response.status_code)
        except httpx.HTTPError as err:
            info.update(reachable=False, error=scrub_urls(str(err)))
        return info
