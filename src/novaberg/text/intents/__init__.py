"""Intents declared by the services as sentence templates in data, read once per turn.

Each service's templates live in `<service>_de.json` beside this module; expansion rules, slot lists, the
verbs with their particles and the skip words are shared in `common_de.json`. The catalog hands each service
its `IntentSet` (`api.catalog`); the router reads the turn once (`read_intents`) and takes the verdict: one
service's intent matches best → that service; two services' intents match equally well → a question to the
person naming both; none → the fallback (the route hints and the model).

The syntax of a template line: `templates`. Adding a phrasing is one line in a service's file
(docs/architecture.md shows where, and the test that proves it).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from novaberg.text.calendar import MONTH_ABBREVIATIONS, MONTH_WORDS, WEEKDAY_ABBREVIATIONS, WEEKDAY_WORDS
from novaberg.text.data_files import read_json
from novaberg.text.intents.matcher import match, required_words
from novaberg.text.intents.templates import (
    FREE,
    PRONOUN,
    Alt,
    Grammar,
    Lit,
    Node,
    Opt,
    Perm,
    Seq,
    TemplateError,
    parse,
)
from novaberg.text.tokens import Token, tokenize
from novaberg.text.words import fold

__all__ = ["Intent", "IntentSet", "Reading", "Verdict", "ORDER", "QUESTION", "STATEMENT", "ANSWER", "MOODS",
           "ONE", "TIE", "NONE", "intents_of", "compile_intents", "read_intents", "grammar", "TemplateError", "EMPTY",
           "skip_words"]

# The mood of a turn's reading: an order, a question, a statement, or the answer to a waiting question
ORDER, QUESTION, STATEMENT, ANSWER = "auftrag", "frage", "mitteilung", "antwort"
MOODS = (ORDER, QUESTION, STATEMENT, ANSWER)
ONE, TIE, NONE = "eins", "gleichstand", "keins"  # the verdict over all services
COMMON = "common_de.json"


@dataclass(frozen=True)
class Intent:
    name: str
    mood: str
    templates: tuple[tuple[Node, tuple[frozenset[str], ...]], ...]  # compiled, with the word sets it needs one of each


@dataclass(frozen=True)
class IntentSet:
    """The intents one service declares, compiled once; `label` names the service in a question (*den
    Kalender*), `answer_words` are the words by which an answer to that question picks it."""

    service: str
    intents: tuple[Intent, ...] = ()
    label: str = ""
    answer_words: frozenset[str] = frozenset()
    not_free: frozenset[str] = frozenset()  # words a free slot of this service never holds ('*x': a head)
    object_words: frozenset[str] = frozenset()  # the service's own objects: no other service's free slot holds one


def _holds(words: tuple[str, ...], barred: frozenset[str]) -> bool:
    return any(w in barred or any(w.endswith(h[1:]) for h in barred if h.startswith("*")) for w in words)


EMPTY = IntentSet("")


@dataclass(frozen=True)
class Reading:
    """The turn as read once: which intent of which service, its slots (text as said), the mood. A pronoun slot
    (*es*, *das*) is kept as said: the service resolves it from the Lage."""

    intent: str = ""
    service: str = ""
    mood: str = ""
    slots: Mapping[str, str] = field(default_factory=dict)
    pronouns: tuple[str, ...] = ()
    specificity: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"intent": self.intent, "dienst": self.service, "modus": self.mood, "slots": dict(self.slots),
                "fuerwoerter": list(self.pronouns)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None) -> Reading | None:
        if not raw:
            return None
        return cls(str(raw.get("intent", "")), str(raw.get("dienst", "")), str(raw.get("modus", "")),
                   {str(k): str(v) for k, v in dict(raw.get("slots") or {}).items()},
                   tuple(str(p) for p in raw.get("fuerwoerter") or ()))


@dataclass(frozen=True)
class Verdict:
    kind: str  # ONE | TIE | NONE
    readings: tuple[Reading, ...] = ()  # ONE: the one; TIE: the best of each tied service

    @property
    def services(self) -> tuple[str, ...]:
        return tuple(r.service for r in self.readings)


@cache
def _common() -> dict[str, Any]:
    return read_json(__package__, COMMON)


@cache
def grammar() -> Grammar:
    return Grammar.of(_common())


@cache
def _skip_words() -> frozenset[str]:
    return frozenset(_common()["fuellwoerter"])


def skip_words() -> frozenset[str]:
    """The words taken out before matching (*bitte*, *doch*, *mal* …): a slot's text as said may still hold them."""
    return _skip_words()


@cache
def _time_words() -> frozenset[str]:
    """The words of a time slot: the common file's, and the weekday and month names with their variants and
    abbreviations from `text.calendar` (the one copy of those names)."""
    names = {*WEEKDAY_WORDS, *WEEKDAY_ABBREVIATIONS, *MONTH_WORDS, *MONTH_ABBREVIATIONS}
    weekdays_s = {f"{day}s" for day in WEEKDAY_WORDS}  # *montags*
    return frozenset(_common()["zeitwoerter"]) | _weak_time_words() | {fold(w) for w in names | weekdays_s}


@cache
def _weak_time_words() -> frozenset[str]:
    return frozenset(_common()["schwache_zeitwoerter"])


@cache
def _pronouns() -> frozenset[str]:
    return frozenset(w for value in grammar().lists["fuerwort"] for w in value)


@cache
def intents_of(service: str) -> IntentSet:
    """The compiled intents of `service`: its file `<service>_de.json` and every further intent file beside it
    that names the service in `dienst` (a topic of its own, e.g. lists named by their own name); a service
    without a file declares none. A template that cannot be read raises `TemplateError` naming the file."""
    files = sorted((path for path in resources.files(__package__).iterdir()
                    if path.name.endswith("_de.json") and path.name != COMMON), key=lambda p: p.name)
    own = [json.loads(path.read_text(encoding="utf-8")) for path in files if path.name == f"{service}_de.json"]
    more = [raw for path in files if path.name != f"{service}_de.json"
            and (raw := json.loads(path.read_text(encoding="utf-8"))).get("dienst") == service]
    if not own and not more:
        return IntentSet(service)
    sets = [compile_intents(service, raw) for raw in own + more]
    first = sets[0]
    return IntentSet(service, tuple(i for s in sets for i in s.intents), first.label,
                     frozenset().union(*(s.answer_words for s in sets)), frozenset().union(*(s.not_free for s in sets)),
                     frozenset().union(*(s.object_words for s in sets)))


def compile_intents(service: str, raw: Mapping[str, Any]) -> IntentSet:
    """The `IntentSet` of one intent file's data (`intents`: name → `modus`, `saetze`, `rahmen`; `regeln`:
    expansion rules of this file beside the common ones)."""
    rules = grammar() if not raw.get("regeln") else Grammar(
        {**grammar().rules, **raw["regeln"]}, grammar().lists, grammar().kinds)
    intents = []
    for name, spec in raw["intents"].items():
        try:
            nodes = [_with_opener(parse(line, rules)) for line in spec.get("saetze", ())]
            nodes += [_with_opener(_frame(frame, rules)) for frame in spec.get("rahmen", ())]
        except TemplateError as err:
            raise TemplateError(f"{service}_de.json, intent {name}: {err}") from err
        intents.append(Intent(name, spec["modus"], tuple((node, required_words(node)) for node in nodes)))
    return IntentSet(service, tuple(intents), raw.get("bezeichnung", ""),
                     frozenset(raw.get("antwortwoerter", ())), frozenset(raw.get("nicht_frei", ())),
                     frozenset(raw.get("objektwoerter", ())))


def _with_opener(node: Node) -> Node:
    """Every template may open with a lead-in (*Sag mal*, *Sei so gut und*: the common rule `vorspann`)."""
    return Seq((Opt(parse("<vorspann>", grammar())), node))


def _frame(frame: Mapping[str, Any], rules: Grammar) -> Node:
    """A verb frame: imperative … particle, or a modal opener … infinitive, the middle field in any order."""
    verb = _common()["verben"][frame["verb"]]
    parts = tuple(parse(part, rules) for part in frame["mittelfeld"])
    field_ = parts[0] if len(parts) == 1 else Perm(parts)
    particle = verb.get("partikel", "")
    imperative: list[Node] = [Lit(frozenset(verb["imperativ"])), field_]
    if particle:
        imperative.append(Lit(frozenset({particle})))
    modal = Seq((parse("<modal>", grammar()), field_, Lit(frozenset(verb["infinitiv"]))))
    return Alt((Seq(tuple(imperative)), modal))


def read_intents(text: str, sets: Iterable[IntentSet]) -> Verdict:
    """The turn's verdict over the services' intents: the most specific match of each service; one service
    ahead → ONE, two or more equally specific → TIE, no match → NONE."""
    text = unicodedata.normalize("NFC", text)
    tokens = [t for t in tokenize(text) if t.folded not in _skip_words()]
    folded = tuple(t.folded for t in tokens)
    present = frozenset(folded)
    best: list[Reading] = []
    sets = tuple(sets)
    for intent_set in sets:
        barred = intent_set.not_free.union(*(o.object_words for o in sets if o is not intent_set))
        reading = _best_of(intent_set, barred, text, tokens, folded, present)
        if reading is not None:
            best.append(reading)
    if not best:
        return Verdict(NONE)
    top = max(r.specificity for r in best)
    ahead = tuple(r for r in best if r.specificity == top)
    return Verdict(ONE if len(ahead) == 1 else TIE, ahead)


def _best_of(intent_set: IntentSet, barred: frozenset[str], text: str, tokens: list[Token], folded: tuple[str, ...],
             present: frozenset[str]) -> Reading | None:
    found: Reading | None = None
    for intent in intent_set.intents:
        for node, needs in intent.templates:
            if not all(words & present for words in needs):
                continue
            matched = match(node, folded, _time_words(), _weak_time_words())
            if matched is None or (found is not None and matched[1] <= found.specificity):
                continue
            captures, literal = matched
            free = [folded[start:end] for _, kind, start, end in captures if kind == FREE]
            if any(_holds(said, barred) or set(said) <= _pronouns() for said in free):
                continue  # another service's object word (*Lösch Käse von der Liste*), or a bare pronoun: no title
            slots = {name: _said(text, tokens, start, end) for name, kind, start, end in captures if kind != PRONOUN}
            pronouns = tuple(_said(text, tokens, start, end) for _, kind, start, end in captures if kind == PRONOUN)
            found = Reading(intent.name, intent_set.service, intent.mood, slots, pronouns, literal)
    return found


def _said(text: str, tokens: list[Token], start: int, end: int) -> str:
    """The slot's words as said, the signs between them kept (*Pass, Ladekabel und Sonnencreme*)."""
    return text[tokens[start].start:tokens[end - 1].end]
