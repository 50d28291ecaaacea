"""Orders about the person's standing rules (directives), read from German (tribunal.md §3.1): add one (*Neue
Regel: …*, *Sprich mich mit Sie an*), list them, remove one by its number or quoted text. The offline rule of the
directives agent's `directives_classify` task.
"""

from __future__ import annotations

import re
from typing import Any

from novaberg.text.directive_rules import read_directive

__all__ = ["ADD", "LIST", "REMOVE", "NONE", "read_directive_order"]

# the action names of the directives agent's classification (its `aktion` field)
ADD, LIST, REMOVE, NONE = "hinzufuegen", "auflisten", "entfernen", "keine"

_I = re.IGNORECASE
_RULE_WORD = r"(?:regel\w*|direktive\w*)"
_LIST = re.compile(rf"\b(?:welche|zeig\w*|liste\w*|nenn\w*\s+mir|was\s+sind)\b.*\b{_RULE_WORD}|"
                   rf"^\s*(?:meine\s+)?{_RULE_WORD}\s*\??\s*$", _I)
_REMOVE = re.compile(rf"\b(?:streich\w*|lösch\w*|entfern\w*|vergiss|heb\w*\b.*\bauf|aufheben)\b.*\b{_RULE_WORD}|"
                     rf"\b{_RULE_WORD}\b.*\b(?:streich\w*|lösch\w*|entfern\w*|aufheben|gilt\s+nicht\s+mehr)\b", _I)
_ADD_LEAD = re.compile(rf"^\s*(?:(?:neue|merk\s+dir\s+(?:die|als|eine|folgende)?)\s*){_RULE_WORD}?\s*[:：]\s*(.+)$|"
                       rf"^\s*(?:neue\s+{_RULE_WORD}|{_RULE_WORD})\s*[:：]\s*(.+)$", _I | re.DOTALL)
_IMPERATIVE = re.compile(r"^\s*(?:bitte\s+)?(?:sprich\s+mich|red\w*\s+mich|sieze?|duze?|nenn\w*\s+mich\s+(?:nie|niemals|"
                         r"nicht)|erwähn\w*\s+(?:nie|niemals|nicht)|benutz\w*\s+(?:nie|keine)|verwend\w*\s+(?:nie|keine)|"
                         r"schreib\w*\s+(?:nie|keine|ohne))\b", _I)
_NUMBER = re.compile(r"\b(?:nummer\s+|nr\.?\s*)?(\d{1,3})\b", _I)
_QUOTED = re.compile(r"[„\"»‚]([^„“\"«»‚‘]{1,500})[“\"«‘]")


def read_directive_order(text: str) -> dict[str, Any]:
    """An order about the person's standing rules: add (with its text), list, remove (by number or quoted text)."""
    plain = " ".join(str(text).split())
    if _REMOVE.search(plain):
        number = _NUMBER.search(plain)
        quoted = _QUOTED.search(plain)
        return {"aktion": REMOVE, "nummer": int(number.group(1)) if number else None,
                "text": quoted.group(1) if quoted else ""}
    if _LIST.search(plain):
        return {"aktion": LIST, "text": "", "nummer": None}
    lead = _ADD_LEAD.match(plain)
    if lead:
        return {"aktion": ADD, "text": (lead.group(1) or lead.group(2) or "").strip(), "nummer": None}
    if _IMPERATIVE.search(plain) and read_directive(plain) is not None:
        return {"aktion": ADD, "text": plain.rstrip(".!"), "nummer": None}
    return {"aktion": NONE, "text": "", "nummer": None}
