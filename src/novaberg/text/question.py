"""What a question asks for: its kind, its content words, whose fact it is about.

*Wer wartet unsere Gastherme?* asks for a person; *Mit welcher Frist kann ich die Wohnung kündigen?* for a
duration (the asked noun *Frist*); *Was ist eine Wendelantenne?* for a definition, *Was ist unser
WLAN-Passwort?* for the value of the password; *Wo arbeitet mein Mann?* for a place, about the husband — not
about the person. The kind comes from the opening words (lexicon `question_de.json`, longest opening first),
refined by the asked noun (*in welcher Stadt* asks a place). The content words are what an answering
sentence must speak of; a name or a number among them is *required*: a sentence whose context lacks it speaks
of someone or something else (*Minka* is not *Mimi*, 2024 is not 2023).

Read once per turn; the answer finders compare stems (`text.stems`), never the raw text again.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.text.data_files import read_json
from novaberg.text.stems import stem
from novaberg.text.tokens import Token, tokenize
from novaberg.text.words import fold

__all__ = ["Question", "Term", "read_question", "lexicon", "KINDS", "PERSON", "DATE", "SINCE", "UNTIL", "PLACE",
           "AMOUNT", "COST", "DURATION", "NAME", "DEFINITION", "REASON", "WHICH", "WHAT", "HOW", "YES_NO"]

PERSON, DATE, SINCE, UNTIL, PLACE = "person", "date", "since", "until", "place"
AMOUNT, COST, DURATION, NAME, DEFINITION = "amount", "cost", "duration", "name", "definition"
REASON, WHICH, WHAT, HOW, YES_NO = "reason", "which", "what", "how", "yes_no"
KINDS = (PERSON, DATE, SINCE, UNTIL, PLACE, AMOUNT, COST, DURATION, NAME, DEFINITION, REASON, WHICH, WHAT, HOW,
         YES_NO)
_REFINED = (WHICH, WHAT, HOW)  # kinds the asked noun may make sharper (*welche Stadt* → place)
_MAX_LEAD_INS = 3
_DAY_NAMES = frozenset(fold(name) for name in (*WEEKDAY_NAMES, *MONTH_NAMES))


@dataclass(frozen=True)
class Term:
    surface: str  # as written in the question
    stem: str
    required: bool = False  # a name or a number: the answer's context must carry it
    focus: bool = False  # the asked noun (*welche Stadt*): the answer names a value of it, often not the noun
    noun: bool = True  # a noun, a name, a number or an adjective before a noun (*blaue Tonne*); False: a verb
    qualifies: bool = False  # said after *für*, *von*, *bei* … (*der TÜV für das Motorrad*): it says whose or which


@dataclass(frozen=True)
class Question:
    text: str
    kind: str
    terms: tuple[Term, ...]
    subject: str = ""  # '' (a thing), 'ich', 'wir', or the relative asked about ('mann', 'tochter', 'katze')
    about_appointments: bool = False  # it asks about appointments (a word of the calendar, *was steht an*)
    focus: str = ""  # the asked noun, folded ('' when none)
    to_her: bool = False  # it asks about Nova herself (*Was denkst du …?*, *Magst du …?*): no store holds that

    @property
    def required(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.required)


@cache
def lexicon() -> dict[str, Any]:
    raw = read_json(__package__, "question_de.json")
    openings = {tuple(phrase.split()): kind for phrase, kind in raw["openings"].items()}
    sets = {key: frozenset(value) for key, value in raw.items() if isinstance(value, list)}
    return {**sets, "openings": openings, "longest_opening": max(len(p) for p in openings),
            "lead_ins": sorted((tuple(p.split()) for p in raw["lead_ins"]), key=len, reverse=True),
            "appointment_phrases": tuple(tuple(p.split()) for p in raw["appointment_phrases"]),
            "fixed_phrases": tuple(tuple(p.split()) for p in raw["fixed_phrases"]),
            "kind_phrases": tuple(tuple(p.split()) for p in raw["kind_phrases"]),
            "focus_kinds": raw["focus_kinds"]}


def _starts(folded: list[str], at: int, phrase: tuple[str, ...]) -> bool:
    return tuple(folded[at:at + len(phrase)]) == phrase


def _after_lead_ins(folded: list[str]) -> int:
    at = 0
    for _ in range(_MAX_LEAD_INS):
        step = next((len(p) for p in lexicon()["lead_ins"] if _starts(folded, at, p)), 0)
        if not step:
            break
        at += step
    return at


def _opening(folded: list[str], at: int) -> tuple[str, int] | None:
    """The kind and length of the longest opening at `at`."""
    openings = lexicon()["openings"]
    for size in range(min(lexicon()["longest_opening"], len(folded) - at), 0, -1):
        kind = openings.get(tuple(folded[at:at + size]))
        if kind is not None:
            return kind, size
    return None


def _asking_clause(text: str, tokens: list[Token], folded: list[str]) -> tuple[int, tuple[str, int]] | None:
    """The last clause (after a comma, a semicolon, a colon or a sentence end) that opens with a question word."""
    for index in range(len(tokens) - 1, 0, -1):
        between = text[tokens[index - 1].end:tokens[index].start]
        if any(mark in between for mark in ",;:.!?"):
            opening = _opening(folded, index)
            if opening is not None and opening[1] + index < len(tokens):
                return index, opening
    return None


def _focus(text: str, tokens: list[Token], start: int) -> int | None:
    """The index of the asked noun right after a *welche* opening: the first capitalised word within three."""
    for index in range(start, min(start + 3, len(tokens))):
        if tokens[index].capitalised:
            while index + 1 < len(tokens) and text[tokens[index].end:tokens[index + 1].start] == "-":
                index += 1  # a hyphenated compound is asked by its last part (*WLAN-Passwort*: the password)
            return index
    return None


def _is_name(tokens: list[Token], index: int, first: int) -> bool:
    """A capitalised word said without an article or adjective before it (*von Mimi*, *spielt Marie*), an
    all-capitals word (*TÜV*), or a number: the name of one thing, which an answer must share."""
    token = tokens[index]
    if token.is_number:
        return True
    if not token.capitalised or index <= first:
        return False
    if len(token.surface) >= 2 and token.surface.isupper():
        return True
    if any(token.folded.endswith(suffix) for suffix in lexicon()["street_suffixes"]) and len(token.folded) > 5:
        return True  # a street said with its article (*vom Gartenweg*) still names one place
    if _common_noun(tokens, index):
        return False
    before = tokens[index - 1]
    if before.folded in lexicon()["determiners"] or before.folded in lexicon()["possessives"]:
        return False
    if before.is_number or before.folded in lexicon()["number_words"]:
        return False  # counted things (*zwei Beispiele*, *drei Dinge*) are no one's name
    if before.capitalised and not before.is_number:
        return False  # the second word of a noun phrase (*Frau Müller* keeps *Müller* required below)
    return not before.folded.endswith(("en", "em", "er", "es", "e")) or before.folded in lexicon()["function_words"]


def _common_noun(tokens: list[Token], index: int) -> bool:
    """A noun said without an article that is still no name: an abstract noun (*unter Verwendung*), one inside
    a fixed phrase (*in Bezug auf*, *an Bord*), or the thing after *Art von* (*welche Art von Energiequelle*)."""
    lex = lexicon()
    folded = tokens[index].folded
    if any(folded.endswith(ending) and len(folded) > len(ending) + 2 for ending in lex["common_noun_endings"]):
        return True
    said = [t.folded for t in tokens]
    for phrase in lex["fixed_phrases"]:
        for start in range(max(0, index - len(phrase) + 1), index + 1):
            if _starts(said, start, phrase):
                return True
    return any(index >= len(p) and _starts(said, index - len(p), p) for p in lex["kind_phrases"])


def _noun_like(tokens: list[Token], index: int) -> bool:
    """A capitalised word or a number, or an adjective before one (*die blaue Tonne*: *blau* tells which)."""
    token = tokens[index]
    if token.capitalised or token.is_number:
        return True
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return following is not None and following.capitalised and token.folded.endswith(("e", "en", "er", "es", "em"))


def _qualifies(tokens: list[Token], index: int) -> bool:
    """A noun after a preposition that says whose or which (*für das Motorrad*, *vom Gartenweg*, *bei Bruno*),
    an article or an adjective between them allowed."""
    lex = lexicon()
    for back in (1, 2, 3):
        if index - back < 0:
            return False
        word = tokens[index - back].folded
        if word in lex["qualifying_prepositions"]:
            return True
        if word not in lex["determiners"] and not (word.endswith(("e", "en", "er", "es", "em"))
                                                   and not tokens[index - back].capitalised):
            return False
    return False


def _subject(folded: list[str]) -> str:
    lex = lexicon()
    for index, word in enumerate(folded):
        if word in lex["possessives"]:
            following = folded[index + 1:index + 3]
            relative = next((w for w in following if w in lex["relatives"]), "")
            if relative:
                return relative
    if any(w in lex["first_person"] for w in folded):
        return "ich"
    if any(w in lex["first_plural"] for w in folded):
        return "wir"
    return ""


def _about_appointments(folded: list[str]) -> bool:
    lex = lexicon()
    if any(w in lex["appointment_words"] or w in _DAY_NAMES for w in folded):
        return True
    joined = " " + " ".join(folded) + " "
    return any(" " + " ".join(p) + " " in joined for p in lex["appointment_phrases"])


def read_question(text: str) -> Question | None:
    """The question `text` asks, or None when it is no question (a statement, an order)."""
    text = unicodedata.normalize("NFC", text)
    tokens = tokenize(text)
    if not tokens:
        return None
    folded = [t.folded for t in tokens]
    lex = lexicon()
    at = _after_lead_ins(folded)
    led_in = at  # the words before are a lead-in (*weißt du*, *sag mal*), not part of what is asked
    asked = text.rstrip().endswith("?")
    opening = _opening(folded, at)
    if opening is None:  # *Ich finde den Zettel nicht, wer hat die Therme gewartet?*: the asking clause
        clause = _asking_clause(text, tokens, folded)
        if clause is not None:
            at, opening = clause
    if opening is None:
        if at >= len(folded) or not asked:
            return None
        kind, size = (YES_NO, 0) if folded[at] in lex["yes_no_verbs"] else (WHAT, 0)
        if folded[at] in lex["polite_order_verbs"] and "du" in folded[at + 1:at + 2]:
            return None  # *Kannst du … eintragen?*: a polite order, no question about holdings
    else:
        kind, size = opening
    body = at + size
    focus_index = _focus(text, tokens, body) if kind in (WHICH, DEFINITION) else None
    if kind == DEFINITION and body < len(folded) and folded[body] in lex["possessives"] | {"der", "die", "das"}:
        kind = WHICH  # *Was ist unser WLAN-Passwort?*: the value of a thing of theirs, not what the word means
    focus = folded[focus_index] if focus_index is not None else ""
    if kind in _REFINED and focus:
        kind = lex["focus_kinds"].get(focus, kind)
    terms = []
    for index in range(body, len(tokens)):
        token = tokens[index]
        if token.folded in lex["function_words"] or (len(token.folded) < 2 and not token.is_number):
            continue
        terms.append(Term(token.surface, stem(token.surface), _is_name(tokens, index, body),
                          index == focus_index, _noun_like(tokens, index), _qualifies(tokens, index)))
    return Question(text=text, kind=kind, terms=tuple(terms), subject=_subject(folded),
                    about_appointments=_about_appointments(folded), focus=focus,
                    to_her=any(word in lex["second_person"] for word in folded[led_in:]))
