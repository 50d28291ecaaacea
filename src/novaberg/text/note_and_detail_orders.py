"""Two orders read by pattern in the language package: a note named by its content (*Lösch die Notiz mit der
hohlen Gasse*, notizen.md §4) and a detail change on an appointment (*Ändere den Zahnarzt: jetzt bei Dr.
Müller*, timeline.md §5.2). The notes' and the timeline's readers call these; their words stay in the notes'
vocabulary (verbs, note words, linking words), handed in."""

from __future__ import annotations

import re
from collections.abc import Sequence

from novaberg.text.words import alternation

__all__ = ["delete_by_content", "DETAIL_MARK", "DETAIL_FIELD", "DETAIL_PLACE", "DETAIL_OPENER"]


def delete_by_content(delete_verbs: Sequence[str], note_words: Sequence[str],
                      content_links: Sequence[str]) -> re.Pattern[str]:
    """*Lösch (mir) (die) Notiz mit/über/zu … <content> (komplett)*: the content in the group `content`."""
    return re.compile(
        rf"^(?:bitte\s+)?(?:{alternation(delete_verbs)})\w*\s+(?:mir\s+)?(?:(?:die|meine|den|meinen|diese|diesen)\s+)?"
        rf"(?:{alternation(note_words)})\s+(?:{alternation(content_links)})\s+"
        rf"(?:(?:der|dem|den|die|das|des|einer|einem|einen|meiner|meinem|meinen)\s+)?(?P<content>[^:]+?)"
        rf"(?:\s+(?:komplett|ganz))?(?:\s+bitte)?\s*[.!]*\s*$", re.IGNORECASE)


# where an update's new detail begins: a colon, a dash, or *, jetzt*
DETAIL_MARK = re.compile(r"\s*(?::|\s[–—-]\s|,\s*(?=(?:jetzt|nun|neu)\b))\s*", re.IGNORECASE)
# a field named before the colon (*beim Zahnarzt den Ort: …*): not part of the title
DETAIL_FIELD = re.compile(r"\s+(?:den|die|das)\s+(?:ort|adresse|notiz|person|details?|angaben?)$", re.IGNORECASE)
DETAIL_PLACE = re.compile(r"(?:bei|beim|mit|in|im)\s", re.IGNORECASE)  # a detail said as where or with whom
DETAIL_OPENER = re.compile(r"^(?:(?:jetzt|nun|neu|ab\s+jetzt)\b[\s:,]*)+", re.IGNORECASE)
