"""The rows of the table `timeline` as the repository hands them out (moments in UTC), the pair's check before any
connection is taken, and the error of a broken successor chain.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.errors import NovabergError

__all__ = ["ChainError", "check_pair", "row_of", "window_row_of"]


class ChainError(NovabergError):
    """The successor chain of a row is broken: a cycle, longer than allowed, or a gap (§5.2)."""


def check_pair(user_id: Any, character_id: Any) -> None:
    """§9 `_check_pair`: both parts present, before any connection is taken."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError("timeline: user_id is empty (the pair owns the data)")
    if not isinstance(character_id, str) or not character_id.strip():
        raise ValueError("timeline: character_id is empty (the pair owns the data; no default figure)")


def row_of(raw: dict[str, Any]) -> dict[str, Any]:
    row = dict(raw)
    for key in ("event_time", "event_ende", "created_at", "last_touched", "wiedervorlage_am"):
        if row.get(key) is not None:
            row[key] = as_utc(row[key])
    row["themen"] = list(row["themen"]) if row.get("themen") is not None else None
    row["entitaet_ids"] = list(row["entitaet_ids"]) if row.get("entitaet_ids") is not None else None
    row["exdates"] = [as_utc(moment) for moment in row.get("exdates") or ()]
    for key in ("serie_original", "serie_ende"):
        if row.get(key) is not None:
            row[key] = as_utc(row[key])
    return row


def window_row_of(raw: dict[str, Any]) -> dict[str, Any]:
    """A row of a window read (`_WINDOW_COLUMNS`) with its moments in UTC — cheaper than `row_of`, which looks at
    every column of a whole row."""
    row = dict(raw)
    row["event_time"] = row["event_time"].astimezone(UTC)
    if row["event_ende"] is not None:
        row["event_ende"] = row["event_ende"].astimezone(UTC)
    row["exdates"] = [moment.astimezone(UTC) for moment in row["exdates"]] if row["exdates"] else []
    if row["serie_original"] is not None:
        row["serie_original"] = row["serie_original"].astimezone(UTC)
    if row["serie_ende"] is not None:
        row["serie_ende"] = row["serie_ende"].astimezone(UTC)
    return row
