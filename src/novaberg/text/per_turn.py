"""A sentence is read once per turn: inside `one_reading_per_turn` (the turn's scope, opened by `Nova.turn`) each
reader keeps its reading of a text and gives every later caller the same immutable result — the route, the
classification and the agents read the same words once. The readings die with the scope, so nothing one person
said outlives her turn in this process; outside a scope every call reads afresh.

A reader of told sentences (the recall) may keep its readings longer, but only in a store its caller owns and
bounds (`readings_kept_in`: the pair's told words, dropped with them when the person is erased) — never in a
process-wide cache."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

__all__ = ["one_reading_per_turn", "read_once", "readings_kept_in", "read_kept"]

_T = TypeVar("_T")
_MAX_READINGS = 1024  # per scope: a monologue of many sentences still keeps its first readings
_SCOPE: ContextVar[dict[tuple[str, Hashable], object] | None] = ContextVar("novaberg_one_reading_per_turn",
                                                                            default=None)
_KEPT: ContextVar[dict[tuple[str, Hashable], object] | None] = ContextVar("novaberg_readings_kept", default=None)
MAX_KEPT = 10_000  # readings in one caller's store (~500 told sentences' readings): past this it is emptied


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


@contextmanager
def readings_kept_in(store: dict[tuple[str, Hashable], object]) -> Iterator[None]:
    """Within: `read_kept` keeps each (reader, key) reading in `store`, which the caller owns — it lives as long
    as the caller keeps it (and is emptied when it holds `MAX_KEPT` readings)."""
    token = _KEPT.set(store)
    try:
        yield
    finally:
        _KEPT.reset(token)


def read_kept(reader: str, key: Hashable, compute: Callable[[], _T]) -> _T:
    """The reading of `key` by `reader`: from the store of `readings_kept_in` when one is open, else `read_once`
    (once per turn, afresh outside a turn)."""
    store = _KEPT.get()
    if store is None:
        return read_once(reader, key, compute)
    slot = (reader, key)
    try:
        return store[slot]  # type: ignore[return-value]
    except KeyError:
        pass
    found = compute()
    if len(store) >= MAX_KEPT:
        store.clear()
    store[slot] = found
    return found
