"""What the person wants of her shared directories (dateien.md §2a.2, §8.2a): the model task
`files_roots_classify` and its offline rule, the reading of `text/root_orders.py`.

Only a reference to a directory *as a whole* with an intent (share, revoke, resume, rename, list) is this
service's; a question about a file's content, a directory mentioned in passing or a request to store a
file is not (§8.2a Negativfälle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.files.agent import const
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_number, read_text
from novaberg.text.root_orders import find_label, find_path, read_root_order

__all__ = ["parse", "classify", "route_hint", "find_path", "find_label"]

def parse(text: str) -> dict[str, Any]:
    """The offline reading: action, path, number and label (None where the text names none)."""
    return read_root_order(text)


def offline_classify(data: Mapping[str, Any]) -> dict[str, Any]:
    return parse(str(data.get("text", "")))


def route_hint(text: str) -> float:
    """The offline router's score (agents/services.py scale): an explicit order about shared directories."""
    action = parse(text)["aktion"]
    if action == const.NONE:
        return 0.0
    return 0.9 if action == const.READ else 0.95


def _optional_text(fields: Mapping[str, Any], name: str, limit: int) -> str | None:
    value = fields.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"{name} is {type(value).__name__}, expected a text or null")
    value = value.strip()
    if "\x00" in value or any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"{name} holds a NUL byte or a lone surrogate")
    if len(value) > limit:
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"{name} is {len(value)} characters, more than {limit}")
    return value or None


def classify(asker: Any, text: str, listing: str) -> dict[str, Any]:
    """The model's reading, checked; a path the model names that the text does not contain is replaced by
    the text's own path (the gate shows what the person said, never a path the model made up)."""
    answer = asker.ask(const.TASK_CLASSIFY, {"text": text, "wurzeln": listing})
    action = read_text(answer.fields, "aktion", const.NONE).strip()
    if action not in const.ACTIONS:
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"aktion {action[:40]!r} is none of {const.ACTIONS}")
    path = _optional_text(answer.fields, "pfad", const.MAX_PATH_CHARS)
    said = find_path(text)
    if path is not None and path not in text:
        path = said
    number = read_number(answer.fields, "nummer", 0.0, minimum=0, maximum=2**31 - 1)
    return {"aktion": action, "pfad": path or said, "nummer": int(number) if number else None,
            "bezeichnung": _optional_text(answer.fields, "bezeichnung", 200)}
