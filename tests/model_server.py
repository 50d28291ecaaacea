"""A fake model server with one slot: OpenAI-compatible (`/v1/chat/completions`) and Ollama-style (`/api/chat`).

It serves ONE request at a time (the rest wait in its queue, as a local Ollama or llama.cpp with one slot does)
and takes a time proportional to the tokens: `prompt_rate` prompt tokens and `answer_rate` answer tokens per
second (defaults 1,000 and 40, an 8B model on a consumer GPU), both divided by `speed`. It keeps the last
prompt like a server's prefix cache: the leading characters a request shares with the previous one are not
evaluated again (`evaluated` tokens); `prompt` tokens count what was sent.

Token count: characters / 4, rounded up (a stated approximation, the same before and after a change).
The answer to each request comes from `answer(task, system, user)`, the task recognised from the system text.
A request that carries a JSON schema (Ollama `format`, OpenAI `response_format.json_schema`) gets what a
constrained decoder writes: the schema's properties in its order, a required property the answer lacks as `null`,
no other key (`conform`); `refuse_schemas` makes the server answer such a request with HTTP 400, as a server without
structured output does.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tests.llm.fake_server import fake_server

__all__ = ["Served", "OneSlotServer", "one_slot_server", "tokens", "conform", "schema_of"]

Answerer = Callable[[str, str, str], str]  # (task, system, user) -> the answer's JSON text
Recogniser = Callable[[str, str], str]  # (system, user) -> the task


def tokens(text: str) -> int:
    """The token approximation: characters / 4, rounded up (the bench reports its figures in it)."""
    return math.ceil(len(text) / 4)


@dataclass
class Served:
    """One request as the server saw it (monotonic seconds)."""

    task: str
    prompt_tokens: int
    evaluated_tokens: int  # prompt tokens not served by the prefix cache
    answer_tokens: int
    arrived: float
    started: float
    finished: float
    prompt: str = field(repr=False, default="")


def schema_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a request asks the server to keep, or None (JSON mode or nothing)."""
    if isinstance(body.get("format"), dict):
        return body["format"]
    wanted = body.get("response_format")
    if isinstance(wanted, dict) and wanted.get("type") == "json_schema":
        return (wanted.get("json_schema") or {}).get("schema")
    return None


def conform(text: str, schema: dict[str, Any] | None) -> str:
    """The answer as a decoder held to `schema` writes it: its properties in order, a required one it lacks as null,
    an optional one only when the answer has it, no other key."""
    if schema is None:
        return text
    try:
        fields = json.loads(text)
    except ValueError:
        return text
    if not isinstance(fields, dict) or not isinstance(schema.get("properties"), dict):
        return text
    required = set(schema.get("required") or ())
    shaped = {name: fields.get(name) for name in schema["properties"] if name in fields or name in required}
    return json.dumps(shaped, ensure_ascii=False)


def _common_prefix(first: str, second: str) -> int:
    size = min(len(first), len(second))
    for index in range(size):
        if first[index] != second[index]:
            return index
    return size


class OneSlotServer:
    """The server's state: the one slot, the prefix cache, what was served, and a hook to hang a task."""

    def __init__(self, answer: Answerer, recognise: Recogniser, prompt_rate: float = 1000.0,
                 answer_rate: float = 40.0, speed: float = 1.0) -> None:
        self.answer = answer
        self.recognise = recognise
        self.prompt_rate = prompt_rate
        self.answer_rate = answer_rate
        self.speed = speed
        self.slot = threading.Lock()
        self.served: list[Served] = []
        self.hang: dict[str, float] = {}  # task -> extra seconds it holds the slot (a judge made to hang)
        self.refuse_schemas = False  # answer a request with a JSON schema by HTTP 400 (no structured output)
        self._cached = ""
        self._busy = threading.Condition()
        self._in_flight = 0

    def idle(self, seconds: float = 30.0) -> bool:
        """Wait until no request is queued or served (an abandoned call still holds the slot)."""
        with self._busy:
            return self._busy.wait_for(lambda: self._in_flight == 0, seconds)

    def handle(self, system: str, user: str, schema: dict[str, Any] | None = None) -> tuple[str, Served]:
        arrived = time.monotonic()
        task = self.recognise(system, user)
        with self._busy:
            self._in_flight += 1
        try:
            return self._serve(task, system, user, arrived, schema)
        finally:
            with self._busy:
                self._in_flight -= 1
                self._busy.notify_all()

    def _serve(self, task: str, system: str, user: str, arrived: float,
               schema: dict[str, Any] | None = None) -> tuple[str, Served]:
        with self.slot:
            started = time.monotonic()
            prompt = system + "\n" + user
            reused = _common_prefix(self._cached, prompt)
            text = conform(self.answer(task, system, user), schema)
            sent = tokens(prompt)
            evaluated = sent - reused // 4
            answered = tokens(text)
            delay = (evaluated / self.prompt_rate + answered / self.answer_rate) / self.speed
            time.sleep(delay + self.hang.get(task, 0.0))
            self._cached = prompt
            item = Served(task, sent, evaluated, answered, arrived, started, time.monotonic(), prompt)
            self.served.append(item)
        return text, item


def _messages(body: dict[str, Any]) -> tuple[str, str]:
    system = user = ""
    for message in body.get("messages") or []:
        if message.get("role") == "system":
            system += str(message.get("content", ""))
        elif message.get("role") == "user":
            user += str(message.get("content", ""))
    return system, user


@contextmanager
def one_slot_server(server: OneSlotServer) -> Iterator[str]:
    """Serve `server` on 127.0.0.1 at a random port (`tests.llm.fake_server`); yields the base URL (Ollama at it,
    OpenAI at it or at it + /v1)."""
    refusal = (400, {"error": {"message": "response_format json_schema is not supported"}})

    def ollama(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if schema_of(body) is not None and server.refuse_schemas:
            return refusal
        text, item = server.handle(*_messages(body), schema_of(body))
        return 200, {"model": body.get("model"), "message": {"role": "assistant", "content": text}, "done": True,
                     "prompt_eval_count": item.prompt_tokens, "eval_count": item.answer_tokens}

    def openai(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if schema_of(body) is not None and server.refuse_schemas:
            return refusal
        text, item = server.handle(*_messages(body), schema_of(body))
        return 200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}}],
                     "usage": {"prompt_tokens": item.prompt_tokens, "completion_tokens": item.answer_tokens}}

    with fake_server({"/api/chat": ollama, "/chat/completions": openai, "/v1/chat/completions": openai}) as (url, _):
        yield url
