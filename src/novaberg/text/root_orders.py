"""What a person wants of her shared directories, read from German (dateien.md §2a.2, §8.2a): the offline reading
the files service's roots agent uses for its model task `files_roots_classify`, and the path and name a sentence
gives. Only a reference to a directory *as a whole* with an intent (share, revoke, resume, rename, list) is an order
here; a question about a file's content, a directory mentioned in passing or a request to store a file is not
(§8.2a Negativfälle).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["read_root_order", "find_path", "find_label", "CREATE", "READ", "UPDATE", "DELETE", "REACTIVATE", "NONE"]

# the action names of the roots agent's classification (its `aktion` field)
CREATE, READ, UPDATE, DELETE, REACTIVATE, NONE = "create", "read", "update", "delete", "reactivate", "keine"
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
    pattern = _NEW_LABEL if action == UPDATE else _GRANT_LABEL
    match = pattern.search(text)
    if match is None:
        return None
    label = match.group(1).strip().rstrip(_TRAILING).strip()
    return label if label and find_path(label) is None else None


def read_root_order(text: str) -> dict[str, Any]:
    """The offline reading: action, path, number and label (None where the text names none)."""
    plain = " ".join(str(text).split())
    path = find_path(plain)
    number = _NUMBER.search(plain)
    about_dirs = bool(path) or re.search(_WHERE, plain, _I) is not None
    action = NONE
    label = find_label(plain, UPDATE)
    if _ONE_FILE.search(plain) and not re.search(_DIR_ONLY, plain, _I):
        action = NONE  # §8.2a: a single file is the reading service's, and this one deletes none
    elif re.search(_DIR, plain, _I) and _RENAME.search(plain) and label and not _GRANT.search(plain):
        action = UPDATE
    elif _READ.search(plain) and not path:
        action = READ
    elif about_dirs and _DELETE.search(plain):
        action = DELETE
    elif about_dirs and _REACTIVATE.search(plain):
        action = REACTIVATE
    elif re.search(_DIR, plain, _I) and _RENAME.search(plain) and not _GRANT.search(plain):
        action = UPDATE  # rename without the new name: the agent asks for it
    elif about_dirs and (_GRANT.search(plain) or (path and re.search(r"\bfreigabe\b", plain, _I))):
        action = CREATE
    return {"aktion": action, "pfad": path, "nummer": int(number.group(1)) if number else None,
            "bezeichnung": find_label(plain, action) if action in (CREATE, UPDATE) else None}
