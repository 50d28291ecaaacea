"""The checked reading of model answers (timeline.md §3 "Die Antwort wird geprüft gelesen"; tribunal.md §8).

Not an object → loud `kein_objekt`; `null` and a missing key → the default; a string, also an empty
one, passes unchanged; any other type → loud `feld_falscher_typ`. Every module reads model fields here.
`NaN`, `Infinity` and numbers beyond a float (`1e999`), which Python's json would accept, are wrong
types wherever they stand in the answer; a number outside the range a field allows is too.
So is a text with NUL or a lone surrogate, which no database column can store.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError

__all__ = ["read_object", "read_text", "read_number", "read_bool", "read_list_of_text", "loads_model_json",
           "NOT_AN_OBJECT", "WRONG_FIELD_TYPE"]

NOT_AN_OBJECT = "kein_objekt"
WRONG_FIELD_TYPE = "feld_falscher_typ"

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class _NotFinite(Exception):
    """A number JSON has no place for: NaN, ±Infinity, or a float beyond the double range."""


def _refuse_constant(name: str) -> float:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def loads_model_json(raw: str) -> Any:
    """Strict JSON of a model: `NaN`/`Infinity`/`1e999` → ModelAnswerError `feld_falscher_typ`;
    anything that is not JSON (also nesting too deep for the parser) → `kein_objekt`."""
    try:
        value = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _NotFinite as err:
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"model answer has the number {err} (not finite), expected a number") \
            from None
    except (ValueError, RecursionError) as err:
        raise ModelAnswerError(NOT_AN_OBJECT, f"model answer is not JSON: {raw[:120]!r}") from err
    _check_texts(value)
    return value


def _check_texts(value: Any) -> None:
    """Every text of the parsed answer (keys too) is storable: no NUL, no lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _UNSTORABLE.search(item):
                raise ModelAnswerError(WRONG_FIELD_TYPE, "model answer has a text with NUL or a lone surrogate")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def read_object(text: str | None) -> dict[str, Any]:
    """The answer as a JSON object; a fenced block (```json … ```) is unwrapped, nothing else is repaired."""
    if not isinstance(text, str):
        raise ModelAnswerError(NOT_AN_OBJECT, f"model answer is {type(text).__name__}, not text")
    match = _FENCE.match(text)
    raw = match.group(1) if match else text
    value = loads_model_json(raw)
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


def read_number(answer: Mapping[str, Any], key: str, default: float = 0.0, *, minimum: float | None = None,
                maximum: float | None = None) -> float:
    """A finite number; with `minimum`/`maximum` (inclusive) a value outside them is loud too."""
    value = answer.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is {type(value).__name__}, expected a number")
    try:
        number = float(value)
    except OverflowError:  # an integer of hundreds of digits
        number = math.inf
    if not math.isfinite(number):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is not a finite number")
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"field {key!r} is {number:g}, outside {minimum}–{maximum}")
    return number


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
