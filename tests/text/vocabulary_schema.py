"""A tiny schema language for the German vocabularies (CONTRIBUTING.md "German is data": word lists are data with a
schema test). `check(value, schema)` returns the list of problems, each with the path where it was found.

Schema forms:

* `WORDS` — a non-empty list of unique, stripped, NFC, lower-case strings (phrases of several words allowed);
  `FOLDED` the same with umlauts and ß folded (ä→ae, ß→ss) because the loader compares folded text;
  `ENDINGS` like `WORDS`, but the empty ending is allowed; `MAYBE_WORDS` like `WORDS`, but may be empty (`MAYBE_FOLDED`, `MAYBE_NAMES` likewise);
  `NAMES` like `WORDS`, but capitalised (names as they are printed); `PATTERNS` unique compiling regexes;
  `SIGNS` unique single characters.
* `WORD` one such string, `WORD_OR_EMPTY` the same or `""`, `PATTERN` one compiling regex, `TEXT` a non-empty prose string, `INT`, `BOOL`, `INTS` a non-empty list of ints.
* `Opt(schema)` — the value may also be `None` (a dict key described with `Opt` may be missing, too).
* `Map(value_schema)` — a non-empty dict whose keys are `WORD`s and whose values follow `value_schema`.
* `Records(schema)` — a non-empty list of dicts, each following the dict `schema`.
* `ListOf(schema)` — a non-empty list whose elements follow `schema`.
* a dict — exactly these keys (keys described with `Opt` may be missing), each value following its schema.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

WORDS = "words"
FOLDED = "folded"
ENDINGS = "endings"
MAYBE_WORDS = "maybe_words"
MAYBE_FOLDED = "maybe_folded"
MAYBE_NAMES = "maybe_names"
NAMES = "names"
PATTERNS = "patterns"
SIGNS = "signs"
WORD = "word"
TEXT = "text"
WORD_OR_EMPTY = "word_or_empty"
PATTERN = "pattern"
INT = "int"
BOOL = "bool"
INTS = "ints"

_FOLDABLE = set("äöüß")


@dataclass(frozen=True)
class Opt:
    schema: Any


@dataclass(frozen=True)
class Map:
    value: Any


@dataclass(frozen=True)
class Records:
    schema: dict[str, Any]


@dataclass(frozen=True)
class ListOf:
    schema: Any


def _word_problem(word: Any, *, folded: bool = False, capitalised: bool = False) -> str | None:
    if not isinstance(word, str):
        return f"{word!r} is no string"
    if not word:
        return "empty string"
    if word != word.strip() or "  " in word:
        return f"{word!r} has stray white space"
    if word != unicodedata.normalize("NFC", word):
        return f"{word!r} is not NFC"
    expected = word[:1].upper() + word[1:].lower() if capitalised else word.lower()
    if word != expected:
        return f"{word!r} is not {'capitalised' if capitalised else 'lower case'}"
    if folded and _FOLDABLE & set(word):
        return f"{word!r} is not folded (ä→ae, ß→ss)"
    return None


def _list_problems(value: Any, path: str, kind: str) -> list[str]:
    if not isinstance(value, list):
        return [f"{path}: expected a list, got {type(value).__name__}"]
    if not value and kind not in (MAYBE_WORDS, MAYBE_FOLDED, MAYBE_NAMES):
        return [f"{path}: empty list"]
    problems = []
    seen: set[Any] = set()
    for index, element in enumerate(value):
        where = f"{path}[{index}]"
        if isinstance(element, str) and element in seen:
            problems.append(f"{where}: duplicate {element!r}")
        seen.add(element if isinstance(element, str) else id(element))
        if kind == PATTERNS:
            try:
                re.compile(element)
            except (re.error, TypeError) as error:
                problems.append(f"{where}: not a regular expression ({error})")
        elif kind == SIGNS:
            if not (isinstance(element, str) and len(element) == 1):
                problems.append(f"{where}: {element!r} is not one character")
        elif kind == ENDINGS and element == "":
            continue
        else:
            problem = _word_problem(element, folded=kind in (FOLDED, MAYBE_FOLDED), capitalised=kind in (NAMES, MAYBE_NAMES))
            if problem:
                problems.append(f"{where}: {problem}")
    return problems


def check(value: Any, schema: Any, path: str = "$") -> list[str]:
    """Every way `value` misses `schema`, as `path: problem` lines (empty when it fits)."""
    if isinstance(schema, Opt):
        return [] if value is None else check(value, schema.schema, path)
    if schema in (WORDS, FOLDED, ENDINGS, MAYBE_WORDS, MAYBE_FOLDED, MAYBE_NAMES, NAMES, PATTERNS, SIGNS):
        return _list_problems(value, path, schema)
    if schema == WORD:
        problem = _word_problem(value)
        return [f"{path}: {problem}"] if problem else []
    if schema == WORD_OR_EMPTY:
        return check(value, WORD, path) if value != "" else []
    if schema == PATTERN:
        try:
            re.compile(value)
        except (re.error, TypeError) as error:
            return [f"{path}: not a regular expression ({error})"]
        return []
    if schema == TEXT:
        return [] if isinstance(value, str) and value.strip() else [f"{path}: expected non-empty text"]
    if schema == INT:
        return [] if type(value) is int else [f"{path}: expected an int, got {value!r}"]
    if schema == BOOL:
        return [] if isinstance(value, bool) else [f"{path}: expected a bool, got {value!r}"]
    if schema == INTS:
        if not (isinstance(value, list) and value and all(type(v) is int for v in value)):
            return [f"{path}: expected a non-empty list of ints"]
        return []
    if isinstance(schema, Map):
        if not isinstance(value, dict) or not value:
            return [f"{path}: expected a non-empty object"]
        problems = []
        for key, inner in value.items():
            key_problem = _word_problem(key)
            if key_problem:
                problems.append(f"{path}: key {key_problem}")
            problems += check(inner, schema.value, f"{path}.{key}")
        return problems
    if isinstance(schema, ListOf):
        if not isinstance(value, list) or not value:
            return [f"{path}: expected a non-empty list"]
        return [p for i, inner in enumerate(value) for p in check(inner, schema.schema, f"{path}[{i}]")]
    if isinstance(schema, Records):
        if not isinstance(value, list) or not value:
            return [f"{path}: expected a non-empty list of objects"]
        return [p for i, inner in enumerate(value) for p in check(inner, schema.schema, f"{path}[{i}]")]
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            return [f"{path}: expected an object"]
        required = {k for k, s in schema.items() if not isinstance(s, Opt)}
        problems = [f"{path}: missing key {k!r}" for k in sorted(required - set(value))]
        problems += [f"{path}: unknown key {k!r}" for k in sorted(set(value) - set(schema))]
        for key in set(value) & set(schema):
            problems += check(value[key], schema[key], f"{path}.{key}")
        return problems
    raise AssertionError(f"unknown schema {schema!r}")  # a mistake in the test itself
