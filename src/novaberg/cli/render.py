"""What a command prints for people: rows as a table, one record as a two-column table, times in the
person's zone; `--json` prints the same value as JSON for scripts (times in UTC, as stored)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from rich.table import Table
from rich.text import Text

from novaberg.cli.base import console

__all__ = ["show", "show_rows", "show_record", "cell", "NOTHING"]

NOTHING = "(keine Einträge)"
_INLINE_MAX = 60  # a nested value longer than this is cut in a table cell (--json has it whole)


def show(value: Any, as_json: bool, title: str | None = None, columns: Sequence[str] | None = None) -> None:
    """`value` as JSON (--json), else readable: a list of records as a table, a record as field | value."""
    if as_json:
        print(json.dumps(value, ensure_ascii=False, indent=2, default=str), flush=True)
    elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
        show_rows(value, title, columns)
    elif isinstance(value, dict):
        show_record(value, title)
    else:
        console.print(cell(value), highlight=False, markup=False)


def show_rows(rows: list[dict[str, Any]], title: str | None = None, columns: Sequence[str] | None = None) -> None:
    """One line per record; the columns given (those present), else every key in the order first seen."""
    if not rows:
        console.print(f"{title}: {NOTHING}" if title else NOTHING, highlight=False, markup=False)
        return
    seen = list(dict.fromkeys(key for row in rows for key in row))
    names = [c for c in columns if c in seen] if columns else seen
    table = Table(title=title, title_justify="left")
    for name in names:
        table.add_column(name, overflow="fold")
    for row in rows:
        table.add_row(*(Text(cell(row.get(name))) for name in names))
    console.print(table)


def show_record(record: dict[str, Any], title: str | None = None) -> None:
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", overflow="fold")
    for key, value in record.items():
        table.add_row(Text(str(key)), Text(_lines(value) if _flat_record(value) else cell(value)))
    console.print(table)


def cell(value: Any, zone: ZoneInfo | None = None) -> str:
    """A value as a person reads it: a time in the zone (dd.mm.yyyy HH:MM), yes/no, lists joined, nested
    records as short JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, str) and _looks_like_a_moment(value):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        moment = value.astimezone(zone or _zone()) if value.tzinfo is not None else value
        return f"{moment:%d.%m.%Y %H:%M}"
    if isinstance(value, date):
        return f"{value:%d.%m.%Y}"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list | tuple) and all(not isinstance(item, dict | list) for item in value):
        return ", ".join(cell(item) for item in value)
    if isinstance(value, dict | list | tuple):
        text = json.dumps(value, ensure_ascii=False, default=str)
        return text if len(text) <= _INLINE_MAX else text[:_INLINE_MAX - 1] + "…"
    return str(value)


def _looks_like_a_moment(text: str) -> bool:
    """An ISO time with its zone as a record's `as_dict` writes it (2026-12-07T19:15:24.303840+00:00)."""
    if len(text) < 20 or text[4] != "-" or text[10] not in "T " or text[-6] not in "+-":
        return False
    try:
        return datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False


def _flat_record(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(not isinstance(v, dict | list) for v in value.values())


def _lines(record: dict[str, Any]) -> str:
    """A record inside a record's cell: one `key: value` line each."""
    return "\n".join(f"{key}: {cell(value)}" for key, value in record.items())


@cache
def _zone() -> ZoneInfo:
    from novaberg.core.settings import load_settings

    return load_settings().zone
