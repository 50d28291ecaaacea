"""One validation for everything that crosses the edge: HTTP, CLI and the facade call the same checks.

Why one place: a NUL byte, a lone surrogate or a 3,000-character id used to reach PostgreSQL and end
as a 500. Each check either returns the value unchanged or raises `InputError` with a
short German message that names the field and the rule; the caller has then stored and run nothing.

Decision: NUL bytes and lone surrogates are *refused*, never cleaned. Cleaning would silently change
what the person said (and what Nova then stores and confirms); PostgreSQL cannot store NUL in text and
a lone surrogate cannot be encoded as UTF-8, so neither can be kept as sent. A refusal with a clear
message lets the client fix its encoding.

Rules (limits in `core.settings`):
- ids (`user_id`, `character_id`): a `str` of 1–ID_MAX_CHARS characters, all printable
  (`str.isprintable`: no control, format, separator-other-than-space, surrogate or unassigned
  characters), not only spaces.
- text: a `str` (not None, not a number, not NaN) of at most TEXT_MAX_CHARS characters, without NUL
  and lone surrogates, not empty or only whitespace (`EmptyTextError`; line breaks and tabs are fine).
"""

from __future__ import annotations

from typing import Any

from novaberg.core.errors import InputError
from novaberg.core.settings import ID_MAX_CHARS, TEXT_MAX_CHARS

__all__ = ["EmptyTextError", "check_id", "check_text", "check_turn"]


class EmptyTextError(InputError):
    """A turn text that is empty or only whitespace: nothing to answer, nothing is run or stored."""


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, float) and value != value:
        return "NaN"
    return type(value).__name__


def _has_surrogate(value: str) -> bool:
    # In a Python str every code point in D800–DFFF is unpaired: a valid pair would be one code point.
    return any("\ud800" <= char <= "\udfff" for char in value)


def check_id(value: Any, name: str) -> str:
    """`value` if it is a valid id; else InputError naming `name` and the broken rule."""
    _check_string(value, name, ID_MAX_CHARS)
    if not value:
        raise InputError(f"{name} ist leer: 1 bis {ID_MAX_CHARS} Zeichen")
    if not value.isprintable():
        raise InputError(f"{name} enthält Steuer- oder unsichtbare Zeichen: nur druckbarer Text")
    if not value.strip():
        raise InputError(f"{name} besteht nur aus Leerzeichen")
    return value


def check_text(value: Any, name: str = "text") -> str:
    """`value` if it is a valid turn text; else InputError (EmptyTextError when empty) naming the rule."""
    _check_string(value, name, TEXT_MAX_CHARS)
    if not value.strip():
        raise EmptyTextError(f"{name} ist leer: nichts zu beantworten, nichts wurde gespeichert")
    return value


def _check_string(value: Any, name: str, limit: int) -> None:
    """The rules ids and texts share: a str, at most `limit` characters, storable (no NUL, no lone surrogate)."""
    if not isinstance(value, str):
        raise InputError(f"{name} muss ein Text sein (ist {_type_name(value)})")
    if len(value) > limit:
        raise InputError(f"{name} ist zu lang: höchstens {limit} Zeichen (sind {len(value)})")
    if "\x00" in value:
        raise InputError(f"{name} enthält ein NUL-Zeichen: nicht erlaubt")
    if _has_surrogate(value):
        raise InputError(f"{name} enthält ein einzelnes Surrogat (kaputtes Unicode): nicht erlaubt")


def check_turn(user_id: Any, character_id: Any, text: Any) -> tuple[str, str, str]:
    """All three fields of a turn, ids first (a bad id is the more basic error)."""
    return check_id(user_id, "user_id"), check_id(character_id, "character_id"), check_text(text)
