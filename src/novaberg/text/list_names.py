"""List names the command reader (`text/commands.py`) leaves open, read from the same lexicon
(`commands_de.json`), by whole words — no pattern:

- a name of two or more words after the bare list word, at the end of the order (*Füge Milch zur Liste Einkauf
  Rewe hinzu*, *Lösch die Liste Einkauf Rewe*): `spoken_list_name` gives the name and the sentence without it, which
  the caller reads with the bare list word and then names the list;
- a list's name as the receiver of *hinzufügen* in the dative, without a list word (*Füge Kabelbinder meiner
  Baumarkt hinzu*): `dative_receiver` parts the item from the list's name, so the name is never part of the item.

A name is a word written with a capital (any word the lexicon does not know as a function word when the text has no
capitals past its first word, as a speech recogniser writes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from novaberg.text.commands import load_raw_commands
from novaberg.text.lexicon import NEGATIONS
from novaberg.text.words import fold

__all__ = ["SpokenName", "spoken_list_name", "dative_receiver"]

_SIGNS = ",;.!?:"
_BARE_LIST_WORDS = frozenset({"liste", "listen", "zettel"})
_MIN_NAME_WORDS = 2  # one word after the list word is the reader's own (*Liste Baumarkt*)


@dataclass(frozen=True)
class SpokenName:
    name: str  # the list's name as said (*Einkauf Rewe*)
    without: str  # the sentence with the bare list word in its place (*Füge Milch zur Liste hinzu*)


@cache
def _words() -> dict[str, frozenset[str]]:
    raw = load_raw_commands()
    particles = {p for verb in raw["verbs"] for p in verb["particles"]}
    closing = {w for phrase in raw["closing"] for w in phrase.split()}
    verbs = {form for verb in raw["verbs"] for form in verb["forms"] + verb["infinitives"]} | set(raw["finite_verbs"])
    known = (set(raw["determiners"]) | set(raw["fillers"]) | set(raw["pronouns"]) | set(raw["directions"])
             | NEGATIONS | set(raw["subjects"]) | particles | closing | verbs | {"und", "oder"})
    return {"tail": frozenset(fold(w) for w in particles | closing), "dative": frozenset(fold(w) for w in raw["dative"]),
            "known": frozenset(fold(w) for w in known)}


def _tokens(text: str) -> list[str]:
    return [word.strip(_SIGNS) for word in text.split() if word.strip(_SIGNS)]


def _uncased(tokens: list[str]) -> bool:
    return not any(word[:1].isupper() for word in tokens[1:])


def _is_name(word: str, uncased: bool) -> bool:
    folded = fold(word)
    if folded in _words()["known"] or not word[:1].isalpha():
        return False
    return uncased or word[:1].isupper()


def spoken_list_name(text: str) -> SpokenName | None:
    """The name of two or more words after the bare list word that ends the order (only the verb's particle or a
    closing word after it), or None."""
    tokens = _tokens(text)
    uncased = _uncased(tokens)
    tail = _words()["tail"]
    for at, word in enumerate(tokens):
        if fold(word) not in _BARE_LIST_WORDS:
            continue
        end = at + 1
        while end < len(tokens) and _is_name(tokens[end], uncased) and fold(tokens[end]) not in tail:
            end += 1
        if end - at - 1 >= _MIN_NAME_WORDS and all(fold(rest) in tail for rest in tokens[end:]):
            return SpokenName(" ".join(tokens[at + 1:end]), " ".join(tokens[:at + 1] + tokens[end:]))
    return None


def dative_receiver(items: str) -> tuple[str, str] | None:
    """(the items, the list's name) of *Kabelbinder meiner Baumarkt*: a dative article or possessive before one
    last name word — the receiver of *hinzufügen* — or None."""
    tokens = _tokens(items)
    if len(tokens) < 3 or fold(tokens[-2]) not in _words()["dative"] or not _is_name(tokens[-1], _uncased(tokens)):
        return None
    return " ".join(tokens[:-2]), tokens[-1]
