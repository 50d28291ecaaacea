"""Readers that run after the router and hand the composer a prompt block (e.g. `[TERMINE]`, timeline.md §4a)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Block", "register_block_reader", "block_readers"]


@dataclass(frozen=True)
class Block:
    header: str  # e.g. "[TERMINE]"
    text: str  # the whole block, header line included
    answers_question: bool = False  # the turn asked for exactly this (the offline composer answers from it)
    # What the offline composer says when this block answers the turn: addressed to the person, no header,
    # no prompt framing (the block text is written for a model). None: the block text without its header.
    reply: str | None = None

    def offline_answer(self) -> str:
        if self.reply is not None:
            return self.reply
        lines = self.text.splitlines()
        return "\n".join(lines[1:] if lines and lines[0].strip() == self.header else lines).strip()


Reader = Callable[[dict[str, Any], Any], Block | None]  # (turn state, deps) -> block or None
_READERS: list[tuple[str, Reader]] = []


def register_block_reader(name: str, reader: Reader) -> None:
    if any(existing == name for existing, _ in _READERS):
        raise ValueError(f"block reader {name!r} is registered twice")
    _READERS.append((name, reader))


def block_readers() -> list[tuple[str, Reader]]:
    return list(_READERS)
