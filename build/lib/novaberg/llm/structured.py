"""Structured output: the task's JSON schema as the server's constraint, and the fallback to JSON mode.

Ollama takes the schema as `format: <schema>`; an OpenAI-compatible server (vLLM, LM Studio, llama.cpp's server)
as `response_format: {"type": "json_schema", "json_schema": {"name", "schema"}}` (not `strict`: OpenAI's strict mode
wants every field required, and the schemas leave out what the reading defaults). A server that refuses a
schema — HTTP 400/422/501 whose message names the response format, the JSON schema or the format — is detected
once per connector: that request is sent again in JSON mode (`format: "json"`, `{"type": "json_object"}`), and so
is every later one; the answers are still checked against the task's schema when they arrive (`llm.ask`).
`structured_output_status` is the line `novaberg doctor` shows.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable
from typing import Any

from novaberg.core.errors import ModelError, ModelUnreachableError
from novaberg.llm.base import Prompt

__all__ = ["OLLAMA_SCHEMA", "OPENAI_SCHEMA", "StructuredOutput", "refuses_schema", "structured_output_status",
           "PROBE_TASK"]

OLLAMA_SCHEMA = "ollama"
OPENAI_SCHEMA = "openai"
PROBE_TASK = "pruefung_schema"  # the doctor's one small request (not a task of the turn)
_REFUSAL_STATUS = (400, 422, 501)
_REFUSAL_WORDS = ("response_format", "json_schema", "format", "schema", "grammar")
_log = logging.getLogger("novaberg.llm")


def refuses_schema(err: BaseException) -> bool:
    """Whether a server's error says it does not take the schema (not: a time-out, a 500, a refused login)."""
    status = getattr(err, "status", None)
    if not isinstance(err, ModelError) or isinstance(err, ModelUnreachableError) or status not in _REFUSAL_STATUS:
        return False
    said = f"{getattr(err, 'body', '')} {err}".lower()
    return any(word in said for word in _REFUSAL_WORDS)


class StructuredOutput:
    """Per connector: whether the server takes a JSON schema (asked with the first request that carries one)."""

    def __init__(self, kind: str) -> None:
        if kind not in (OLLAMA_SCHEMA, OPENAI_SCHEMA):
            raise ValueError(f"unknown structured-output kind {kind!r}")
        self.kind = kind
        self.refused = False
        self.refusal = ""  # the server's words when it refused
        self.accepted = False  # a request with a schema was answered
        self._lock = threading.Lock()

    def constrained(self, body: dict[str, Any], prompt: Prompt) -> dict[str, Any]:
        """`body` (in JSON mode) with the prompt's schema as the server's constraint."""
        out = copy.copy(body)
        if self.kind == OLLAMA_SCHEMA:
            out["format"] = prompt.schema
        else:
            out["response_format"] = {"type": "json_schema", "json_schema": {
                "name": prompt.task_name or "antwort", "schema": prompt.schema}}
        return out

    def post(self, body: dict[str, Any], prompt: Prompt,
             send: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Send with the schema unless the server refused one before; a refusal now: once more in JSON mode."""
        if prompt.schema is None or self.refused:
            return send(body)
        try:
            payload = send(self.constrained(body, prompt))
        except ModelError as err:
            if not refuses_schema(err):
                raise
            with self._lock:
                first = not self.refused
                self.refused = True
                self.refusal = str(err)[:200]
            if first:
                _log.warning("the model server refuses JSON schemas (%s); every task is asked in JSON mode and its "
                             "answer checked against the task's schema", self.refusal)
            return send(body)
        self.accepted = True
        return payload

    def status(self) -> str:
        if self.refused:
            return ("the server refused a JSON schema — JSON mode; each answer is still checked against its task's "
                    f"schema ({self.refusal})")
        if self.accepted:
            return "each task's JSON schema is sent as the server's constraint" + (
                " (format)" if self.kind == OLLAMA_SCHEMA else " (response_format json_schema)")
        return "not asked yet"


_PROBE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"],
                 "additionalProperties": False}


def structured_output_status(llm: Any, probe: bool = True) -> str:
    """One line for `novaberg doctor`: whether the server keeps each task's schema or JSON mode is used. With
    `probe`, a connector that has not sent a schema yet sends one small request (answer cap 8 tokens) to learn it."""
    connector = getattr(llm, "connector", "?")
    if connector == "offline":
        return "offline — each task's rule answers its typed model; no server to constrain"
    schemas = getattr(llm, "schemas", None)
    if not isinstance(schemas, StructuredOutput):
        return f"{connector} — no model server (answers are still checked against each task's schema)"
    if probe and not (schemas.refused or schemas.accepted):
        prompt = Prompt(system='Antworte nur mit JSON: {"ok": true}', user="Bist du bereit?", schema=_PROBE_SCHEMA,
                        max_tokens=8, task_name=PROBE_TASK)
        try:
            llm.complete(PROBE_TASK, prompt, {})
        except ModelError as err:
            if not (schemas.refused or schemas.accepted):
                return f"unknown — the server did not answer the schema probe ({type(err).__name__})"
    return schemas.status()
