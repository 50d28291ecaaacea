"""Everyday small talk (*Hallo*, *Danke*, *Gute Nacht*, *Wie geht's*): the templates (`smalltalk_de.json`) and
the template answer. Below the agents, so an agent can tell small talk from an order (the notes dispatcher)
and the composer can answer it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.words import contains_words, words

__all__ = ["ADDRESS_DU", "ADDRESS_SIE", "address_of", "small_talk", "small_talk_templates", "only_small_talk"]

ADDRESS_DU = "du"
ADDRESS_SIE = "Sie"

# *Sie*/*Ihnen*/*Ihr…* written with a capital inside a sentence is the polite address (a sentence's first word
# may be *sie* = she/they); *du*, *dir*, *dich*, *dein…* in any case is the familiar one.
_SIE = re.compile(r"(?<![.!?:]\s)(?<!^)\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
_SIE_FIRST = re.compile(r"^\s*(Ihnen|Können\s+Sie|Wissen\s+Sie|Haben\s+Sie|Erinnern\s+Sie)\b")
_DU = re.compile(r"\b(du|dir|dich|dein|deine|deinen|deinem|deiner|deines)\b", re.IGNORECASE)


def address_of(text: str) -> str | None:
    """`Sie`, `du`, or None when the text does not address Nova either way."""
    sie = bool(_SIE.search(text) or _SIE_FIRST.search(text))
    du = bool(_DU.search(text))
    if sie == du:
        return None
    return ADDRESS_SIE if sie else ADDRESS_DU


@cache
def small_talk_templates() -> dict[str, Any]:
    """The small-talk templates (data, `smalltalk_de.json`)."""
    return read_json(__package__, "smalltalk_de.json")


@cache
def _phrase_words() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Each template's phrases as words (apostrophes split, as `contains_word` reads them), read once."""
    return tuple(tuple(tuple(words(p, join_apostrophes=False)) for p in t["phrases"])
                 for t in small_talk_templates()["templates"])


def small_talk(text: str, address: str = ADDRESS_DU) -> str:
    """The template answer to everyday small talk, or ''; in the Sie-form when `address` is `Sie`."""
    data = small_talk_templates()
    said = words(text)
    if not said or len(said) > data["max_words"]:
        return ""
    sie = address == ADDRESS_SIE
    hay = words(text, join_apostrophes=False)  # the text read once for all phrases
    found = [t for t, phrases in zip(data["templates"], _phrase_words(), strict=True)
             if any(contains_words(hay, phrase) for phrase in phrases)]
    if not found:
        return ""
    answers = " ".join(t["answer_sie"] if sie else t["answer"] for t in found)
    greeting_only = [t["kind"] for t in found] == ["gruss"]
    return answers + (" " + data["offline_note_sie" if sie else "offline_note"] if greeting_only else "")


# words that may stand beside a small-talk phrase without saying anything of their own (*Hallo Nova*, *Wie geht es
# dir denn heute so?*)
_FILLERS = frozenset("nova du dir denn so heute mal auch und noch liebe lieber ja na oh ach schon".split())


def only_small_talk(text: str) -> bool:
    """Whether every word of the text belongs to a small-talk phrase of the templates or is a filler: small talk
    that says nothing beside it (*Hallo, Lena hat geheiratet* says more)."""
    said = words(text, join_apostrophes=False)
    covered = {w for phrases in _phrase_words() for phrase in phrases if contains_words(said, phrase) for w in phrase}
    return bool(said) and all(w in covered or w in _FILLERS for w in said)
