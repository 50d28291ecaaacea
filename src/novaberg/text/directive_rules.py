"""Which directive a rule can check without a model, read from German (tribunal.md §3.1): Sie- or du-form, a
forbidden word or name, no emoji. `read_directive` reads one directive text into a `Rule` (or None: only a model
can judge it). The directives agent asks it (is an order a checkable rule?), the composer and the tribunal's rules
use it; the checks of an answer against the rules are the tribunal's (`tribunal.rules`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from novaberg.text.lexicon import NEGATIONS, negated
from novaberg.text.words import alternation

__all__ = ["KIND_DU", "KIND_NO_EMOJI", "KIND_SIE", "KIND_WORD", "Rule", "read_directive"]

KIND_SIE = "sie_form"
KIND_DU = "du_form"
KIND_NO_EMOJI = "kein_emoji"
KIND_WORD = "verbotenes_wort"

_I = re.IGNORECASE
_WANTS_SIE = re.compile(r"\b(?:ge)?siez\w*|\bmit\s+[„\"'»]?sie\b|\bsie\s*[-–]?\s*form\b|\bförmlich\b", _I)
_WANTS_DU = re.compile(r"\b(?:ge)?duz\w*|\bmit\s+[„\"'»]?du\b|\bdu\s*[-–]?\s*form\b|\bsag\w*\s+du\b", _I)
_NO_EMOJI = re.compile(r"\b(?:kein\w*|ohne|nie\w*|nicht)\b.*\b(?:emojis?|emoticons?|smileys?)\b", _I)
_NEGATION = rf"(?i:{alternation(NEGATIONS)})"
_VERB = r"(?i:erwähn\w*|nenn\w*|sag\w*|schreib\w*|benutz\w*|verwend\w*|sprich)"
_FILLER = r"(?:(?i:mehr|wieder|das\s+wort|den\s+namen)\s+)*"
_NAME = r"([A-ZÄÖÜ][\wäöüß-]{1,40})"
_QUOTED = re.compile(r"[„\"'»‚‹]([^„“\"'«»‚‘‹›]{1,60})[“\"'«‘›]")
_NAME_PATTERNS = (
    re.compile(rf"\b{_VERB}\s+(?:(?i:mich)\s+)?{_NEGATION}\s+{_FILLER}{_NAME}"),  # Erwähne nie Thomas
    re.compile(rf"\b{_NEGATION}\s+{_FILLER}{_NAME}\s+{_VERB}"),  # nie mehr Thomas erwähnen
    re.compile(rf"\b{_NAME}\s+{_NEGATION}\s+{_FILLER}{_VERB}"),  # Thomas nie mehr erwähnen
)
# Capitalised words that are no name: pronouns, articles, the form words themselves.
_NOT_A_NAME = frozenset({"mich", "mir", "meine", "meinen", "meinem", "meiner", "mein", "den", "die", "das",
                         "dem", "der", "ein", "eine", "einen", "sie", "du", "ihn", "ihr", "es", "wieder", "mehr",
                         "wort", "namen", "emoji", "emojis", "smiley", "smileys"})

@dataclass(frozen=True)
class Rule:
    kind: str  # 'sie_form' | 'du_form' | 'kein_emoji' | 'verbotenes_wort'
    directive: str
    word: str = ""


def read_directive(text: str) -> Rule | None:
    """The checkable rule of one directive, or None when only a model can judge it (*„Erwähne nie meine Ex“*)."""
    if not isinstance(text, str) or not text.strip():
        return None
    plain = " ".join(text.split())
    if _WANTS_SIE.search(plain):
        return Rule(KIND_SIE, plain)
    if _WANTS_DU.search(plain):
        return Rule(KIND_DU, plain)
    if _NO_EMOJI.search(plain):
        return Rule(KIND_NO_EMOJI, plain)
    if not negated(plain):
        return None
    quoted = _QUOTED.search(plain)
    if quoted and quoted.group(1).strip():
        return Rule(KIND_WORD, plain, quoted.group(1).strip())
    for pattern in _NAME_PATTERNS:
        match = pattern.search(plain)
        if match and match.group(1).lower() not in _NOT_A_NAME:
            return Rule(KIND_WORD, plain, match.group(1))
    return None
