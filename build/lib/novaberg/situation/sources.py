"""What the tribunal's inventory check may ask (tribunal.md "Abgleich"), built by the situation in the turn.

The types live here, below the tribunal, because the situation builds them (`situation.turn.inventory_source`)
and the tribunal only reads them (`tribunal.inventory`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

__all__ = ["InventorySource", "Lookup", "NoteView"]

Lookup = Callable[[datetime], Sequence[dict]]


@dataclass(frozen=True)
class NoteView:
    name: str
    content: str


@dataclass(frozen=True)
class InventorySource:
    """What the inventory check may ask, bound to the pair by the caller (the evaluate node)."""

    moments: tuple[datetime, ...]  # the acute objects of the Lage with exactly one day and one time
    lookup: Lookup  # moment → the pair's active appointments at that minute (raises on a read error)
    zone: ZoneInfo
    read_rows: tuple[dict, ...] = ()  # timeline rows a service of this turn read
    notes: Callable[[], Sequence[NoteView]] = tuple  # the person's active notes, read only when needed
