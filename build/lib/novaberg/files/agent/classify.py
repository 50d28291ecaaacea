"""What the person wants of her shared directories (dateien.md §2a.2, §8.2a): the model task
`files_roots_classify` and its offline rule, a reading of the documented phrasings.

Only a reference to a directory *as a whole* with an intent (share, revoke, resume, rename, list) is this
service's; a question about a file's content, a directory mentioned in passing or a request to store a
file is not (§8.2a Negativfälle).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.files.agent import const
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_number, read_text

__all__ = ["parse", "classify", "route_hint", "find_path", "find_label"]

_I = re.IGNORECASE
_QUOTED = re.compile(r"[„\"»‚`']([^„“\"«»‚‘`']{1,4096})[“\"«‘`']")
_BARE_PATH = re.compile(r"(?<![\w/~.])(~(?:/[^\s,;!?„“\"»«()]*)?|\.{1,2}/[^\s,;!?„“\"»«()]*|/[^\s,;!?„“\"»«()]+)")
_DIR = r"(?:verzeichnis\w*|ordner\w*|freigabe\w*|pfad\w*|dokumente|unterlagen|dateien)"
_DIR_ONLY = r"\b(?:verzeichnis\w*|ordner\w*|freigabe\w*)"
_ONE_FILE = re.compile(r"\bdatei\b|\b\w+\.(?:txt|md|pdf|docx|csv|json|html?|rst|org)\b", re.IGNORECASE)
_WHERE = rf"(?:{_DIR}|[~/]|\bda\b|\bdort\b|\bdarin\b|\bdarauf\b)"
_READ = re.compile(rf"\b(?:welche|was\s+für|zeig\w*|nenn\w*|liste\w*)\b.*\b{_DIR}|\bworauf\b.*\bzugriff\b|"
                   r"\bwas\s+darfst\s+du\b.*\b(?:lesen|sehen|ansehen)\b|\bwo\s+darfst\s+du\b", _I)
_DELETE = re.compile(r"\b(?:nimm|nehm\w*)\b.*\b(?:weg|zurück)\b|\bzurück(?:nehmen|ziehen|zunehmen)\b|"
                     r"\b(?:entzieh\w*|widerruf\w*|aufheb\w*|beend\w*)\b|\bkein(?:en)?\s+zugriff\s+mehr\b|"
                     r"\b(?:lies|liest|schau\w*|guck\w*|sieh|siehst)\b.*\bnicht\s+mehr\b|"
                     r"\b(?:lösch\w*|entfern\w*|stilleg\w*|stilllegen)\b", _I)
_REACTIVATE = re.compile(r"\breaktivier\w*|\bwieder\b.*\b(?:frei\w*|aufnehm\w*|aufnahme|aktivier\w*|lesen|"
                         r"nachsehen|nachschauen|reinschauen|zugreifen|zugriff|öffnen)\b", _I)
_RENAME = re.compile(r"\b(?:nenn\w*|benenn\w*|umbenenn\w*|heißen|heissen|bezeichn\w*|tauf\w*)\b", _I)
_GRANT = re.compile(r"\b(?:gib|gebe|geb|gibst)\b.*\bfrei\b|\bfreigeben\b|\bteil\w*\b.*\bmit\s+dir\b|"
                    r"\b(?:darfst|kannst|sollst|dürfen|darf)\b.*\b(?:nach|rein|herein|hinein|durch|an)?"
                    r"(?:sehen|schauen|gucken|lesen|stöbern|suchen|zugreifen)\b|"
                    r"\bzugriff\b.*\b(?:geben|gebe|gib|bekommen|bekommst|erlaub\w*|hast\s+du\s+jetzt)\b|"
                    r"\b(?:erlaub\w*|gestatte\w*)\b", _I)
_NUMBER = re.compile(r"\b(?:nummer|nr\.?|freigabe)\s*(\d{1,9})\b", _I)
_NEW_LABEL = re.compile(r"\b(?:in|zu|als)\s+[„\"»]?([^„“\"«»]{1,200}?)[“\"«]?\s*(?:um)?\s*[.!]?\s*$", _I)
_GRANT_LABEL = re.compile(r"\bals\s+[„\"»]?([^„“\"«»]{1,200}?)[“\"«]?\s+(?:frei|teilen|freigeben)\b", _I)
_TRAILING = ".:!?)"


def find_path(text: str) -> str | None:
    """The first path the text names: quoted (`„~/a b"`) or bare (`~/Dokumente`, `/srv/x`, `./y`)."""
    for match in _QUOTED.finditer(text):
        candidate = match.group(1).strip()
        if candidate.startswith(("~", "/", "./", "../")):
            return candidate
    match = _BARE_PATH.search(text)
    if match is None:
        return None
    path = match.group(1).rstrip(_TRAILING)
    return path if path not in ("", ".", "..") else None


def find_label(text: str, action: str) -> str | None:
    """The name the person gives the directory: quoted non-path text, or after „als"/„in"."""
    for match in _QUOTED.finditer(text):
        candidate = match.group(1).strip()
        if candidate and not candidate.startswith(("~", "/", "./", "../")):
            return candidate
    pattern = _NEW_LABEL if action == const.UPDATE else _GRANT_LABEL
    match = pattern.search(text)
    if match is None:
        return None
    label = match.group(1).strip().rstrip(_TRAILING).strip()
    return label if label and find_path(label) is None else None


def parse(text: str) -> dict[str, Any]:
    """The offline reading: action, path, number and label (None where the text names none)."""
    plain = " ".join(str(text).split())
    path = find_path(plain)
    number = _NUMBER.search(plain)
    about_dirs = bool(path) or re.search(_WHERE, plain, _I) is not None
    action = const.NONE
    label = find_label(plain, const.UPDATE)
    if _ONE_FILE.search(plain) and not re.search(_DIR_ONLY, plain, _I):
        action = const.NONE  # §8.2a: a single file is the reading service's, and this one deletes none
    elif re.search(_DIR, plain, _I) and _RENAME.search(plain) and label and not _GRANT.search(plain):
        action = const.UPDATE
    elif _READ.search(plain) and not path:
        action = const.READ
    elif about_dirs and _DELETE.search(plain):
        action = const.DELETE
    elif about_dirs and _REACTIVATE.search(plain):
        action = const.REACTIVATE
    elif re.search(_DIR, plain, _I) and _RENAME.search(plain) and not _GRANT.search(plain):
        action = const.UPDATE  # rename without the new name: the agent asks for it
    elif about_dirs and (_GRANT.search(plain) or (path and re.search(r"\bfreigabe\b", plain, _I))):
        action = const.CREATE
    return {"aktion": action, "pfad": path, "nummer": int(number.group(1)) if number else None,
            "bezeichnung": find_label(plain, action) if action in (const.CREATE, const.UPDATE) else None}


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
