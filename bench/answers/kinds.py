"""The kind of a question, read from its opening words — the bench's own reading, independent of the product's."""

from __future__ import annotations

import re

__all__ = ["KINDS", "question_kind"]

KINDS = ("wann", "wer", "wo", "wie viel", "was kostet", "wie lange", "wie heißt", "was ist", "warum", "welche",
         "ja/nein", "andere")

# (opening words, kind); a leading preposition or hedge is skipped (`Seit wann`, `Bei wem`, `Ungefähr wie viele`)
_OPENINGS = (
    (("wie", "viel"), "wie viel"), (("wie", "viele"), "wie viel"), (("wie", "vielen"), "wie viel"), (("wie", "hoch"), "wie viel"),
    (("wie", "alt"), "wie viel"), (("wie", "oft"), "wie viel"), (("wie", "groß"), "wie viel"),
    (("wie", "weit"), "wie viel"), (("wie", "lange"), "wie lange"), (("wie", "heißt"), "wie heißt"), (("wie", "hießen"), "wie heißt"),
    (("wie", "hieß"), "wie heißt"), (("wie", "heißen"), "wie heißt"),
    (("wie", "lautet"), "wie heißt"), (("wie", "lautete"), "wie heißt"), (("wie", "lauten"), "wie heißt"), (("wie", "nennt"), "wie heißt"),
    (("wie", "nennen"), "wie heißt"), (("was", "kostet"), "was kostet"), (("was", "kosten"), "was kostet"),
    (("was", "ist"), "was ist"), (("was", "sind"), "was ist"), (("was", "war"), "was ist"),
    (("was", "waren"), "was ist"), (("was", "bedeutet"), "was ist"), (("was", "bedeutete"), "was ist"),
    (("wann",), "wann"), (("wer",), "wer"), (("wem",), "wer"), (("wen",), "wer"), (("wessen",), "wer"),
    (("wo",), "wo"), (("wohin",), "wo"), (("woher",), "wo"), (("warum",), "warum"), (("weshalb",), "warum"),
    (("wieso",), "warum"), (("welche",), "welche"), (("welcher",), "welche"), (("welches",), "welche"),
    (("welchen",), "welche"), (("welchem",), "welche"),
)
_PREPOSITIONS = frozenset({"an", "auf", "aus", "bei", "bis", "durch", "für", "gegen", "in", "mit", "nach", "seit",
                           "um", "unter", "von", "vor", "zu", "zwischen", "über", "ab", "ungefähr", "etwa", "circa"})
_FINITE_VERBS = frozenset({"ist", "sind", "war", "waren", "hat", "haben", "hatte", "hatten", "kann", "können",
                           "konnte", "gibt", "gab", "muss", "müssen", "soll", "sollen", "darf", "wird", "werden",
                           "wurde", "wurden", "habe", "bin", "bist", "hast", "gehört", "liegt", "steht", "läuft"})
_WORD = re.compile(r"[^\W\d_]+")


def question_kind(question: str) -> str:
    """One of KINDS, from the first words (after a leading preposition)."""
    words = [word.lower() for word in _WORD.findall(question)[:4]]
    if words and words[0] in _PREPOSITIONS:
        words = words[1:]
    for opening, kind in _OPENINGS:
        if tuple(words[:len(opening)]) == opening:
            return kind
    if words and words[0] in _FINITE_VERBS:
        return "ja/nein"
    return "andere"
