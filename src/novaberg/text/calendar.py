"""The German weekday and month names, read once from `calendar_de.json` (one copy).

Printed names (`WEEKDAY_NAMES[date.weekday()]`, `MONTH_NAMES[date.month - 1]`, `WEEKDAY_SHORT`) and the
lower-case words a reader compares with (`WEEKDAY_WORDS`, `MONTH_WORDS` and their abbreviations; ASCII
spellings are the reader's business, `text.words.ascii_variants`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from novaberg.text.data_files import read_json

__all__ = [
    "MONTH_NAMES",
    "WEEKDAY_NAMES",
    "WEEKDAY_SHORT",
    "MONTH_ABBREVIATIONS",
    "MONTH_WORDS",
    "WEEKDAY_ABBREVIATIONS",
    "WEEKDAY_WORDS",
]


def _raw() -> dict[str, Any]:
    raw = read_json(__package__, "calendar_de.json")
    if len(raw["weekdays"]) != 7 or len(raw["months"]) != 12:
        raise ValueError("calendar_de.json needs 7 weekdays and 12 months")
    return raw


_RAW = _raw()
WEEKDAY_NAMES: tuple[str, ...] = tuple(day["name"] for day in _RAW["weekdays"])  # Monday = 0
WEEKDAY_SHORT: tuple[str, ...] = tuple(day["short"][0] for day in _RAW["weekdays"])  # Mo, Di, …
MONTH_NAMES: tuple[str, ...] = tuple(month["name"] for month in _RAW["months"])  # January = index 0


def _words(entries: list[dict[str, Any]], keys: tuple[str, ...], first: int) -> MappingProxyType[str, int]:
    out: dict[str, int] = {}
    for number, entry in enumerate(entries, start=first):
        for spelling in (spelling for key in keys for spelling in entry[key]):
            out[spelling.lower()] = number
    return MappingProxyType(out)


def _named(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**entry, "name": [entry["name"]]} for entry in entries]


# Lower-case words → number, as readers compare them (ASCII spellings are added by the reader).
WEEKDAY_WORDS = _words(_named(_RAW["weekdays"]), ("name", "variants"), 0)  # montag → 0, sonnabend → 5
WEEKDAY_ABBREVIATIONS = _words(_RAW["weekdays"], ("short",), 0)  # mo → 0
MONTH_WORDS = _words(_named(_RAW["months"]), ("name", "variants"), 1)  # januar → 1, jänner → 1
MONTH_ABBREVIATIONS = _words(_RAW["months"], ("short",), 1)  # sept → 9; *Mai* has none
