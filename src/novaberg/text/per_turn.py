"""A sentence is read once per turn: inside `one_reading_per_turn` (the turn's scope, opened by `Nova.turn`) each
reader keeps its reading of a text and gives every later caller the same immutable result — the route, the
classification and the agents read the same words once. The readings die with the scope, so nothing one person
said outlives her turn in this process; outside a scope every call reads afresh."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

__all__ = ["one_reading_per_turn", "read_once"]

_T = TypeVar("_T")
_MAX_READINGS = 1024  # per scope: a monologue of many sentences still keeps its first readings
_SCOPE: ContextVar[dict[tuple[str, Hashable], object] | None] = ContextVar("novaberg_one_reading_per_turn",
                                                                            default=None)


@contextmanager
def one_reading_per_turn() -> Iterator[None]:
    """Within: `read_once` computes each (reader, text) once. Threads and LangGraph nodes started inside share the
    scope through the context."""
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def read_once(reader: str, key: Hashable, compute: Callable[[], _T]) -> _T:
    """The reading of `key` by `reader`: computed once inside a scope, afresh outside one."""
    seen = _SCOPE.get()
    if seen is None:
        return compute()
    slot = (reader, key)
    if slot in seen:
        return seen[slot]  # type: ignore[return-value]
    found = compute()
    if len(seen) < _MAX_READINGS:
        seen[slot] = found
    return found
