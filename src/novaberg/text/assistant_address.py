"""A leading address to the assistant (`assistant_address_de.json`): *Nova bitte kaufen Sie mir ein Zugticket*,
*Jarvis wann ist Jesses Geburtstag?*, *Hey Nova, spiel …* — the vocative said before the order is no part of it, so the
turn reads the rest as the order (refused when out of her reach, carried out when it is hers).

Only a name of the data's list or the name of the character spoken to counts as an address (a person named first is the order's object: *Anna bitte
anrufen*, *Lisa abholen*). Without a comma or colon after the name, an order or a question must follow it (an
imperative, a frame like *Können Sie*, a question word, a verb with its pronoun), else the text stays as said: a
name that can be a person's (*Alexa abholen*) is never dropped before an infinitive or a noun.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from novaberg.text.data_files import read_json
from novaberg.text.grammar_words import grammar
from novaberg.text.tokens import Token, tokenize
from novaberg.text.words import fold

__all__ = ["without_address"]

_SIE = "sie"
_MARKS = ",:"


@dataclass(frozen=True)
class _Words:
    names: frozenset[str]
    greetings: frozenset[str]
    polite: frozenset[str]
    frame_openers: frozenset[str]
    verbs: frozenset[str]
    subjects: frozenset[str]


@cache
def _words() -> _Words:
    raw = read_json(__package__, "assistant_address_de.json")
    imperatives = {fold(word) for lexeme in grammar().lexicon for word in lexeme.imperative}
    return _Words(frozenset(raw["names"]), frozenset(raw["greetings"]), frozenset(raw["polite"]),
                  frozenset(raw["frame_openers"]) | {fold(word) for word in grammar().question_words},
                  frozenset(raw["verbs"]) | imperatives, frozenset(raw["subjects"]))


def _order_follows(tokens: list[Token], said: _Words) -> bool:
    """Whether the words after the name open an order or a question (the first after any polite word)."""
    rest = [token.folded for token in tokens]
    while rest and rest[0] in said.polite:
        rest = rest[1:]
    if not rest:
        return False
    first, second = rest[0], rest[1] if len(rest) > 1 else ""
    return (first in said.frame_openers or first in said.verbs
            or second in said.subjects and (second != _SIE or first.endswith("en")))


def without_address(text: str, own_names: Iterable[str] = ()) -> str:
    """`text` without a leading address to the assistant — a name of the data or one of `own_names` (the character
    spoken to) —, else `text` as said (the rest is never empty)."""
    said = _words()
    names = said.names | {fold(name) for name in own_names}
    tokens = tokenize(text)
    at = 0
    while at < len(tokens) and tokens[at].folded in said.greetings:
        at += 1
    if at >= len(tokens) - 1 or tokens[at].folded not in names:
        return text
    name = tokens[at]
    between = text[name.end:tokens[at + 1].start]
    if not any(mark in between for mark in _MARKS) and not _order_follows(tokens[at + 1:], said):
        return text
    return text[tokens[at + 1].start:]
