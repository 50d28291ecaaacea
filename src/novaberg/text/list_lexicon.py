"""The words and the shape of a list command (`commands_de.json`, read once): the verbs with their forms,
infinitives and particles, the list words, directions, fillers; the `Container` and `ListCommand` the reader
returns; the reader's tokens (words and the commas between them, folded once)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.data_files import read_json
from novaberg.text.lexicon import NEGATIONS, QUESTION_WORDS
from novaberg.text.tokens import tokenize
from novaberg.text.words import fold

__all__ = ["ADD", "REMOVE", "TO", "FROM", "DATIVE", "Container", "ListCommand", "load_raw_commands"]

ADD, REMOVE = "add", "remove"
TO, FROM, DATIVE = "to", "from", "dative"

LIST_MARKS = ",;"  # the signs that end an item: tokens of their own in the list reader


@dataclass(frozen=True)
class Container:
    """A list named in a sentence. `name` is '' for a bare container word (*meine Liste*: no name)."""

    said: str
    name: str
    direction: str  # to / from / dative
    bare: bool = False  # named without a list word (*aus Baumarkt*): only the person's lists can confirm it


@dataclass(frozen=True)
class ListCommand:
    action: str  # ADD | REMOVE
    items: str  # the items as said (split by the caller)
    container: Container | None
    verb: str  # the lexicon key, '' for an elliptic order
    pronoun: bool = False  # the item is a pronoun (*nimm ihn von der Liste*): the caller resolves it
    antecedent: str = ""  # what a pronoun points back to within the same sentence ('' when nothing)
    particle: str = ""  # the separable particle said apart (*streich X durch*: durch)


@dataclass(frozen=True)
class _Verb:
    key: str
    forms: frozenset[str]
    infinitives: frozenset[str]
    particles: frozenset[str]
    action: str
    needs_container: bool


@dataclass(frozen=True)
class _Lexicon:
    verbs: tuple[_Verb, ...]
    heads: tuple[str, ...]
    aliases: dict[str, str]
    directions: dict[str, str]
    determiners: frozenset[str]
    dative: frozenset[str]
    closing: tuple[tuple[str, ...], ...]
    polite: tuple[tuple[str, ...], ...]
    fillers: frozenset[str]
    pronouns: frozenset[str]
    not_items: frozenset[str]
    access_nouns: frozenset[str]  # *Zugriff*, *Überblick*: what is done with the list, never an item on it
    subjects: frozenset[str]
    not_elliptic: frozenset[str]
    other_containers: tuple[str, ...]
    antecedent_verbs: frozenset[str]
    done_words: frozenset[str]
    list_only_verbs: frozenset[str]
    list_only_particles: frozenset[str]
    finite_verbs: frozenset[str]
    item_openers_refused: frozenset[str]
    elliptic_modals: frozenset[str]
    elliptic_off: frozenset[str]
    task_nouns: dict[str, str]
    task_verbs: frozenset[str]
    task_remove_verbs: frozenset[str]
    task_adjectives: frozenset[str]
    item_adjective_stems: frozenset[str]
    task_articles: frozenset[str]
    elliptic_on: frozenset[str]
    elliptic_off_modals: frozenset[str]
    wish_endings: frozenset[str]
    aside_openers: frozenset[str]
    negations: frozenset[str]
    reflexives: frozenset[str]
    scope_times: frozenset[str]
    scope_time_openers: frozenset[str]


def load_raw_commands() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return read_json(__package__, "commands_de.json")


def _phrases(values: list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted((tuple(fold(v).split()) for v in values), key=len, reverse=True))


@cache
def _lexicon() -> _Lexicon:
    raw = load_raw_commands()
    return _Lexicon(
        verbs=tuple(_Verb(v["key"], frozenset(v["forms"]), frozenset(v["infinitives"]), frozenset(v["particles"]),
                          v["action"], bool(v["needs_container"])) for v in raw["verbs"]),
        heads=tuple(sorted(raw["container_heads"], key=len, reverse=True)),
        aliases=dict(raw["list_aliases"]),
        directions=dict(raw["directions"]),
        determiners=frozenset(raw["determiners"]),
        dative=frozenset(raw["dative"]),
        closing=_phrases(raw["closing"]),
        polite=_phrases(raw["polite_frames"]),
        fillers=frozenset(raw["fillers"]),
        pronouns=frozenset(raw["pronouns"]),
        not_items=frozenset(raw["not_items"]),
        access_nouns=frozenset(raw["access_nouns"]),
        subjects=frozenset(raw["subjects"]),
        not_elliptic=frozenset(raw["not_elliptic"]) | frozenset(fold(word) for word in QUESTION_WORDS),
        other_containers=tuple(raw["other_containers"]),
        antecedent_verbs=frozenset(raw["antecedent_verbs"]),
        done_words=frozenset(raw["done_words"]),
        list_only_verbs=frozenset(raw["list_only_verbs"]),
        list_only_particles=frozenset(raw["list_only_particles"]),
        finite_verbs=frozenset(raw["finite_verbs"]),
        item_openers_refused=frozenset(raw["item_openers_refused"]),
        elliptic_modals=frozenset(raw["elliptic_modals"]),
        elliptic_off=frozenset(raw["elliptic_off"]),
        task_nouns={fold(k): v for k, v in raw["task_nouns"].items()},
        task_verbs=frozenset(raw["task_verbs"]),
        task_remove_verbs=frozenset(raw["task_remove_verbs"]),
        task_adjectives=frozenset(raw["task_adjectives"]),
        item_adjective_stems=frozenset(raw["item_adjective_stems"]),
        task_articles=frozenset(raw["task_articles"]),
        elliptic_on=frozenset(raw["elliptic_on"]),
        elliptic_off_modals=frozenset(raw["elliptic_off_modals"]),
        wish_endings=frozenset(raw["wish_endings"]),
        aside_openers=frozenset(raw["aside_openers"]),
        negations=NEGATIONS,
        reflexives=frozenset(raw["reflexives"]),
        scope_times=frozenset(raw["scope_times"]) | {fold(day) for day in WEEKDAY_NAMES},
        scope_time_openers=frozenset(raw["scope_time_openers"]),
    )


@dataclass(frozen=True)
class _Tok:
    said: str
    folded: str
    uncased: bool = False  # the text carries no capitals past its first word: the case says nothing of nouns


def _tokens(text: str) -> list[_Tok]:
    """The tokens of `text`. A text typed or recognised in lower case (*füge milch zur einkaufs liste
    hinzu*) marks its tokens `uncased`, so that a name is told by the lexicon there, not by a capital letter."""
    found = tokenize(text, compounds=True, marks=LIST_MARKS)
    uncased = not any(tok.surface[:1].isupper() for tok in found[1:])
    return [_Tok(tok.surface, tok.folded, uncased) for tok in found]


def _starts_with(toks: list[_Tok], phrase: tuple[str, ...]) -> bool:
    return len(toks) >= len(phrase) and tuple(t.folded for t in toks[: len(phrase)]) == phrase


def _ends_with(toks: list[_Tok], phrase: tuple[str, ...]) -> bool:
    return len(toks) >= len(phrase) and tuple(t.folded for t in toks[len(toks) - len(phrase):]) == phrase


def _strip_closing(toks: list[_Tok], lx: _Lexicon) -> list[_Tok]:
    changed = True
    while changed and toks:
        changed = False
        if toks[-1].folded in (",", ";"):
            toks, changed = toks[:-1], True
            continue
        for phrase in lx.closing:
            if _ends_with(toks, phrase) and len(toks) > len(phrase):
                toks, changed = toks[: len(toks) - len(phrase)], True
                break
    while toks and (toks[0].folded in ("bitte", "ach", "also", "ok", "okay", "und", "nova", "hey", ",")):
        toks = toks[1:]
    return toks
