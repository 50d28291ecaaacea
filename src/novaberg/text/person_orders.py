"""Orders about the person as a whole, read from German: *Vergiss alles, was du über mich weißt*, *Lösch alle
meine Daten* — the whole person, not one thing (*Vergiss den Termin* is the timeline's).
"""

from __future__ import annotations

import re

from novaberg.text.words import fold

__all__ = ["asks_to_forget_the_person"]

# „alles (was du) über mich / von mir", „alle meine Daten" (on folded text)
_WHOLE_PERSON = re.compile(
    r"\b(?:vergiss|vergessen|loesch\w*|entfern\w*)\b.*\balles?\b.*\b(?:ueber mich|von mir|meine daten)\b")


def asks_to_forget_the_person(text: str) -> bool:
    return _WHOLE_PERSON.search(fold(text)) is not None
