"""How a person speaks about a series: one occurrence or the whole series.

*„Diesen Montag fällt Volleyball aus“* cancels one occurrence; *„Volleyball ist ab jetzt immer dienstags“*
changes the whole series; *„Lösch Volleyball ganz“* deletes it. To the question which is meant, the short
answer (*„ganz“*, *„die ganze Serie“*, *„nur nächsten Montag“*) is read closed: it names the whole series, a day,
or the next occurrence and nothing else. The words are data (`text/series_de.json`); input is folded once.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from novaberg.text.words import alternation, fold
from novaberg.timeparse.recurrence import RECURRENCE_WORDS, without_series_words

__all__ = ["SCOPE_ALL", "SCOPE_ONE", "SCOPE_NEXT", "SERIES_WORDS", "load_series_words", "series_statement",
           "whole_series_said", "without_scope_words", "statement_title", "series_answer"]

SCOPE_ALL = "all"
SCOPE_ONE = "one"  # the occurrence on the day the answer names
SCOPE_NEXT = "next"  # the next occurrence (*„nur den nächsten“*)


def load_series_words() -> dict[str, Any]:
    """`text/series_de.json` as written (for the schema test); the readers use `SERIES_WORDS` (folded)."""
    return json.loads(resources.files("novaberg.text").joinpath("series_de.json").read_text(encoding="utf-8"))


SERIES_WORDS: dict[str, Any] = {key: [fold(word) for word in value] if isinstance(value, list) else value
                                for key, value in load_series_words().items()}
_W = SERIES_WORDS


def _words(key: str) -> str:
    return alternation(_W[key])


_CANCEL_CLAIM = re.compile(rf"\b(?:{_words('cancel_verbs')})\b.*\b(?:{_words('cancel_particles')})\b"
                           rf"|\b(?:{_words('cancel_alone')})\b")
_FROM_NOW = re.compile(rf"\b(?:{_words('from_now')})\b")
_ALWAYS = re.compile(rf"\b(?:{alternation(RECURRENCE_WORDS['always'])})\b")
_WHOLE = re.compile(rf"\b(?:{_words('whole_series')})\b")
# applied to a title as said (its case kept): the words as written and folded
_SCOPE_WORDS = re.compile(
    rf"(?:\s*\b(?:{alternation(_W['whole_series'] + load_series_words()['whole_series'])})\b)+", re.IGNORECASE)
_ANSWER_WHOLE = re.compile(rf"\b(?:{alternation(_W['whole_series'] + _W['answer_whole'])})\b")
_NEXT = re.compile(rf"\b(?:{_words('answer_next')})\b")
_FILLERS = frozenset(_W["statement_fillers"])
_ANSWER_FILLERS = frozenset(_W["answer_fillers"])
_WORD = re.compile(r"[^\W_]+(?:\.[^\W_]+)*\.?")


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


def statement_title(title: str) -> str:
    """The appointment a series statement is about, from the title reader's words (*fällt Volleyball* →
    *Volleyball*, for *Diesen Montag fällt Volleyball aus*)."""
    words = [w for w in title.split() if fold(w).strip(",.;:!?") not in _FILLERS]
    return without_scope_words(without_series_words(" ".join(words)))


def series_answer(text: str, title: str, expression: str) -> str | None:
    """The answer to „one or the whole series?“, read closed: `SCOPE_ALL` (*ganz*, *die ganze Serie*, *alle*),
    `SCOPE_ONE` (a day: *nur nächsten Montag*, *den am 7.12.*), `SCOPE_NEXT` (*nur den nächsten*), '' for an
    answer of fillers only (*nur einen*: still open), None when anything else is said — a sentence of its own
    never answers the question (*„Ich hab heute Kuchen gebacken“* names today, but is no answer). `expression`:
    the time expression the title reader cut out of `text` ('' for none)."""
    folded = fold(text)
    expression = fold(expression)
    rest = folded.replace(expression, " ") if expression else folded
    whole = bool(_ANSWER_WHOLE.search(rest))
    rest = _ANSWER_WHOLE.sub(" ", rest)
    following = bool(_NEXT.search(rest)) and not expression
    rest = _NEXT.sub(" ", rest)
    title_words = set(_WORD.findall(fold(title)))
    if any(word not in _ANSWER_FILLERS and word not in title_words for word in _WORD.findall(rest)):
        return None
    said = [scope for scope, present in ((SCOPE_ALL, whole), (SCOPE_ONE, bool(expression)), (SCOPE_NEXT, following))
            if present]
    if len(said) > 1:
        return None
    return said[0] if said else ""
