"""The German of the files deepening (dateien.md §3.0b): the words a model's `nachlesen` field may hold, the indirect
questions (*Ich weiß nicht mehr, wann …*), the words of a question that carry no content, whether an excerpt holds
the kind of thing the question word asks for, and a location as the blocks write it.
"""

from __future__ import annotations

import re

from novaberg.text.calendar import MONTH_WORDS, WEEKDAY_WORDS
from novaberg.text.lexicon import QUESTION_WORDS
from novaberg.text.words import alternation, ascii_variants, fold, words

__all__ = ["DEEPEN_YES", "DEEPEN_NO", "NON_CONTENT", "asks_indirectly", "kind_answered", "bare_location"]

DEEPEN_YES = frozenset({"ja", "nachlesen", "nachsehen", "weiterlesen", "lesen"})
DEEPEN_NO = frozenset({"nein", "reicht", "genug"})
_INDIRECT = re.compile(
    r"\b(frag\w* mich|weiss (ich )?(nicht|nich|net) (mehr)?|weisst du (noch)?|keine ahnung|"
    r"(moechte|will|wuerde gern|haette gern) (gern |gerne )?wissen|sag mir|erinner\w* mich nicht)"
    r"[\s,]+(?:(?:nur|mal|halt|eben|gerade|grad|echt|so|jetzt|gern|gerne)[\s,]+)*"
    rf"({alternation({fold(word) for word in QUESTION_WORDS})})\b")  # on folded text; the one list of question words
_CALENDAR_WORDS = sorted({v for word in (*MONTH_WORDS, *WEEKDAY_WORDS) for v in ascii_variants(word)})  # one copy
_WHEN = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\.|\b(19|20)\d\d\b|\b(" + "|".join(_CALENDAR_WORDS) +
                   r"|frühjahr|herbst|sommer|winter|uhr)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\d")
_WHO = re.compile(r"\b(?i:von|durch|bei|firma|herr|frau|dr\.?)\s+(?i:der firma\s+)?[A-ZÄÖÜ][\w\-]+")
_WHERE = re.compile(r"\b(im|in der|in dem|am|auf dem|auf der|unter|hinter|neben|bei)\s+\w+", re.IGNORECASE)
NON_CONTENT = frozenset({"wurde", "wurden", "worden", "wird", "werden", "hatte", "hatten", "hätte", "haette",
                          "habt", "seid", "wäre", "waere", "gewesen", "kannst", "könnte", "koennte", "weiß", "weisst",
                          "mich", "dich", "sich", "euch", "dir", "frag", "frage", "fragen", "wissen", "gerne", "gern",
                          # light verbs and prepositions carry no content of their own (*Wie viel bar braucht …*)
                          "braucht", "brauche", "brauchen", "macht", "mache", "machen", "tut", "tue", "tun",
                          "gibt", "geben", "kommt", "kommen", "sollte", "sollten", "müssen", "muessen", "seit",
                          "ab", "gegen", "während", "waehrend", "zwischen", "eigentlich", "genau", "denn",
                          # the adjective of a *wie …* question names the kind of answer, not its content
                          "hoch", "oft", "lange", "alt", "viel", "viele", "teuer", "weit", "groß", "gross"})


def asks_indirectly(text: str) -> bool:
    """An indirect question: *Ich weiß nicht mehr, wann …*, *Sag mir mal, wo …*, *Frag mich nicht, wer …*."""
    return _INDIRECT.search(fold(text)) is not None


def kind_answered(text: str, excerpt: str) -> bool:
    """Whether the excerpt holds the kind of thing the question word asks for (no question word: yes)."""
    lowered = " ".join(words(text))
    if re.search(r"\b(wann|seit wann|bis wann)\b", lowered):
        return bool(_WHEN.search(excerpt))
    if re.search(r"\b(wie ?viel\w*|wie hoch|wie teuer|was kostet|wie lange|wie oft|wie alt)\b", lowered):
        return bool(_NUMBER.search(excerpt))
    if re.search(r"\b(wer|wen|wem)\b", lowered):
        return bool(_WHO.search(excerpt))
    if re.search(r"\b(wo|woher|wohin)\b", lowered):
        return bool(_WHERE.search(excerpt))
    return True


def bare_location(value: str) -> str:
    """A location as the blocks write it (*a.md, Zeilen 3–5 (archiviert)*), back to its path."""
    place = value.strip()
    place = re.sub(r"\s*\(archiviert\)\s*$", "", place)
    return re.sub(r",\s*Zeilen?\s+\d+(\s*[–-]\s*\d+)?\s*$", "", place)
