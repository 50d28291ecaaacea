"""Readers that run after the router and hand the composer a prompt block (e.g. `[TERMINE]`, timeline.md §4a)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Block"]


@dataclass(frozen=True)
class Block:
    header: str  # e.g. "[TERMINE]"
    text: str  # the whole block, header line included
    answers_question: bool = False  # the turn asked for exactly this (the offline composer answers from it)
    # What the offline composer says when this block answers the turn: addressed to the person, no header,
    # no prompt framing (the block text is written for a model). None: the block text without its header.
    reply: str | None = None
    holds: bool = True  # False: the block answers that nothing is held about the asked thing (*nicht erzählt*)

    def offline_answer(self) -> str:
        if self.reply is not None:
            return self.reply
        lines = self.text.splitlines()
        return "\n".join(lines[1:] if lines and lines[0].strip() == self.header else lines).strip()
