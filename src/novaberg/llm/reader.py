"""The checked reading of model answers (timeline.md §3 "Die Antwort wird geprüft gelesen"; tribunal.md §8).

Not an object → loud `kein_objekt`; `null` and a missing key → the default; a string, also an empty
one, passes unchanged; any other type → loud `feld_falscher_typ`. Every module reads model fields here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError

__all__ = ["read_object", "read_text", "read_number", "read_bool", "read_list_of_text", "NOT_AN_OBJECT",
           "WRONG_FIELD_TYPE"]

NOT_AN_OBJECT = "kein_objekt"
WRONG_FIELD_TYPE = "feld_falscher_typ"

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


def read_object(text: str | None) -> dict[str, Any]:
    """The answer as a JSON object; a fenced block (```json … ```) is unwrapped, nothing else is repaired."""
    if not isinstance(text, str):
        raise ModelAnswerError(NOT_AN_OBJECT, f"model answer is {type(text).__name__}, not text")
    match = _FENCE.match(text)
    raw = match.group(1) if match else text
    try:
        value = json.loads(raw)
    except ValueError as err:
        raise ModelAnswerError(NOT_AN_OBJECT, f"model answer is not JSON: {text[:120]!r}") from err
    if not isinstance(value, dict):
        raise ModelAnswerError(NOT_AN_OBJECT, f"model answer is JSON {type(value).__name__}, not an object")
    return value


def read_text(answer: Mapping[str, Any], key: str, default: str = "") -> str:
    value = answer.get(key)
    if value is None:
        return default
    if isinstance(value, str):
        return value
    raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is {type(value).__name__}, expected text")


def read_number(answer: Mapping[str, Any], key: str, default: float = 0.0) -> float:
    value = answer.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is {type(value).__name__}, expected a number")
    return float(value)


def read_bool(answer: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = answer.get(key)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is {type(value).__name__}, expected true/false")


def read_list_of_text(answer: Mapping[str, Any], key: str) -> list[str]:
    value = answer.get(key)
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is not a list of texts")
