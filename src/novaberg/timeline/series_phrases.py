"""How a person speaks about a series (issue 29 item 3): one occurrence or the whole series.

*„Diesen Montag fällt Volleyball aus“* cancels one occurrence; *„Volleyball ist ab jetzt immer dienstags“*
changes the whole series; *„Lösch Volleyball ganz“* deletes it. The words are data
(`timeparse/recurrence_de.json`); input is folded once.
"""

from __future__ import annotations

import re

from novaberg.text.words import alternation, fold
from novaberg.timeparse.recurrence import RECURRENCE_WORDS, load_recurrence_words, without_series_words

__all__ = ["SCOPE_ALL", "SCOPE_ONE", "series_statement", "whole_series_said", "without_scope_words",
           "statement_title"]

SCOPE_ALL = "all"
SCOPE_ONE = "one"


_CANCEL_CLAIM = re.compile(r"\b(?:faellt|fallen)\b.*\b(?:aus|weg)\b|\b(?:entfaellt|ausfallen)\b")
_FROM_NOW = re.compile(rf"\b(?:{alternation(RECURRENCE_WORDS['from_now'])})\b")
_ALWAYS = re.compile(rf"\b(?:{alternation(RECURRENCE_WORDS['always'])})\b")
_WHOLE = re.compile(rf"\b(?:{alternation(RECURRENCE_WORDS['whole_series'])})\b")
_SCOPE_WORDS = re.compile(
    rf"(?:\s*\b(?:{alternation(RECURRENCE_WORDS['whole_series'] + load_recurrence_words()['whole_series'])})\b)+",
    re.IGNORECASE)


def series_statement(text: str) -> str | None:
    """`delete` for a cancelled occurrence said as a statement (*fällt … aus*, *entfällt*), `reschedule` for a
    series changed from now on (*ab jetzt immer dienstags*); None for anything else."""
    folded = fold(text)
    if _CANCEL_CLAIM.search(folded):
        return "delete"
    if _FROM_NOW.search(folded) and _ALWAYS.search(folded):
        return "reschedule"
    return None


def whole_series_said(text: str) -> bool:
    """*ganz*, *komplett*, *die ganze Serie*, *ab jetzt immer*: the sentence means the whole series."""
    folded = fold(text)
    return bool(_WHOLE.search(folded)) or bool(_FROM_NOW.search(folded) and _ALWAYS.search(folded))


def without_scope_words(target: str) -> str:
    """A title without the words that say the whole series (*Volleyball ganz* → *Volleyball*)."""
    return " ".join(_SCOPE_WORDS.sub(" ", target).split())


_FILLERS = frozenset(RECURRENCE_WORDS["statement_fillers"])


def statement_title(title: str) -> str:
    """The appointment a series statement is about, from the title reader's words (*fällt Volleyball* →
    *Volleyball*, for *Diesen Montag fällt Volleyball aus*)."""
    words = [w for w in title.split() if fold(w).strip(",.;:!?") not in _FILLERS]
    return without_scope_words(without_series_words(" ".join(words)))
