"""Bare orders go where the person's data says.

A bare order deletes, strikes, checks off or moves something without saying where: no list word, no appointment
word, no time (*„Lösch Käse“*, *„Streich das“*). The route hints see only the sentence, so such an order went to
one service even when the thing stood in another's rows. Here it is decided by what the person has, and by what
each service declares it takes of a bare order (`agents.registry.BareSide`, wired in the catalog) — this module
names no service:

- a pronoun object (*das, es, den, die*) follows the last exchange — the kinds of row the previous turn of the
  pair touched, from the Lage (`situation`, no query): only one service's kind → that service;
- a noun object is looked up once per service that could take the order (`agents.holdings`, through each side's
  own reading): held by one → that service, by several → a question which is meant (no write);
- anything unclear keeps the route hints' and the model's decision (`None`); so does a kind of order only one
  service carries out (a move): no read is needed to find its service.

The question which is meant waits like a service's (`agents.pending`, agent `ASKING`): a short answer that
names one side (*„die Liste“*, *„auf der Einkaufsliste“*, *„den Termin“*) resumes the order there
(`read_which_answer`); anything else — an unrelated sentence, a new order — is no answer: the question ends as
dismissed and the sentence is a turn of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import Holdings
from novaberg.agents.registry import BareSide, Registry
from novaberg.graph.texts import BARE_ORDER_WHICH
from novaberg.situation.lage import AcuteObject
from novaberg.situation.offers import mentioned_appointment
from novaberg.situation.texts import OFFER_APPOINTMENT
from novaberg.text.answers import answer_words
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.capabilities import APPOINTMENT, BeyondReach, instead_text
from novaberg.text.commands import REMOVE, load_raw_commands, names_a_container, read_list_command
from novaberg.text.grammar import QUESTION, REQUEST, analyse
from novaberg.text.words import fold, words
from novaberg.timeline.phrases import keyword_hints, time_expression

__all__ = ["BareOrder", "BareRoute", "read_bare_order", "last_exchange", "route_by_last_exchange", "route_by_data",
           "MOVE", "BY_LAST_EXCHANGE", "BY_DATA", "BY_ANSWER", "ASK_ACTION", "ASKING", "read_which_answer", "CANNOT",
           "cannot_carry_out"]

MOVE = "move"
BY_LAST_EXCHANGE = "letzter_austausch"
BY_DATA = "daten"
BY_ANSWER = "antwort"  # the answer to the question which is meant decided
ASK_ACTION = "welcher_dienst"  # the route's management action for the question which is meant
ASKING = "planer"  # the pending question's agent: the route's own question, not a service's
MAX_ANSWER_WORDS = 6
MAX_WORDS = 8  # a bare order is short; a longer sentence is left to the hints and the model
CANNOT = "kann_nicht"  # the kind of an order Nova cannot carry out (text/capabilities)
WRITTEN = "geschrieben"  # an acute object's source when the turn wrote the row (situation.lage.SOURCES)
SIDES = "seiten"  # the question's state: service → the names of its rows that hold the thing


@dataclass(frozen=True)
class BareOrder:
    kind: str  # REMOVE | MOVE
    object: str  # the thing as said, without its article ('' for a pronoun)
    pronoun: str = ""  # the pronoun as said (*das*), '' for a noun object
    said_verb: bool = False  # the verb itself says delete or move (not only a list's strike: *Hak … ab*)


@dataclass(frozen=True)
class BareRoute:
    domain: str
    reason: str  # BY_LAST_EXCHANGE | BY_DATA | BY_ANSWER
    text: str = ""  # the order as the service reads it ('' = the person's words)
    action: str = "agent"  # the service's action when the rows are known (a strike from one list)
    kontext: dict[str, Any] = field(default_factory=dict)
    question: str = ""  # ASK_ACTION: what Nova asks, nothing written

    def decision(self, order: BareOrder) -> dict[str, Any]:
        said = {"art": order.kind, "objekt": order.object, "fuerwort": order.pronoun, "grund": self.reason}
        if self.question:  # `kontext`: what the answer may choose (each side's rows), kept with the question
            return {"domain": "keine", "management_action": ASK_ACTION, "frage": self.question, "bare_order": said,
                    "welche": {"art": order.kind, "objekt": order.object, **self.kontext}}
        out: dict[str, Any] = {"domain": self.domain, "management_action": "agent", "decided_by": self.reason,
                               "bare_order": said}
        if self.text:
            out["service_order"] = {"text": self.text, "action": self.action, "kontext": dict(self.kontext)}
        return out


@cache
def _lexicon() -> dict[str, frozenset[str]]:
    raw = load_raw_commands()
    particles = {fold(p) for verb in raw["verbs"] for p in verb["particles"]}
    closing = {fold(w) for phrase in raw["closing"] for w in phrase.split()}
    return {"particles": frozenset(particles), "fillers": frozenset(fold(w) for w in raw["fillers"]) | closing,
            "pronouns": frozenset(fold(w) for w in raw["pronouns"] if " " not in w),
            "determiners": frozenset(fold(w) for w in raw["determiners"]) | answer_words().possessives}


def read_bare_order(text: str) -> BareOrder | None:
    """The bare order in `text`, or None (a question, a statement, a list or appointment word, a time, a long
    sentence, or no delete/strike/check-off/move verb)."""
    said = " ".join(str(text).split())
    tokens = said.split()
    if not tokens or len(tokens) > MAX_WORDS or time_expression(said):
        return None
    folded = words(said)
    said_words = answer_words()
    if any(names_a_container(w) or w.startswith(said_words.other_containers) or w in said_words.negations
           for w in folded):
        return None  # a list or appointment word, or a negation (*Lösch den Käse nicht*): not read here
    utterance = analyse(said)
    if utterance.mood != REQUEST:
        return None
    hints = keyword_hints(utterance.core)[:1]
    command = read_list_command(said)
    if command is not None and command.container is not None:
        return None
    list_remove = command is not None and command.action == REMOVE
    if hints == ["reschedule"]:
        kind = MOVE
    elif hints == ["delete"] or list_remove:
        kind = REMOVE
    else:
        return None
    if command is not None and list_remove and (command.antecedent or not command.pronoun):
        thing = command.antecedent or _without_article(words(command.items, join_apostrophes=False), command.items)
        return BareOrder(kind, thing, "", bool(hints)) if thing else None
    return _with_object(kind, utterance.core, bool(hints))


def _with_object(kind: str, core: str, said_verb: bool) -> BareOrder | None:
    """The object after the verb: particles, fillers and closing words dropped, then a pronoun or a noun."""
    lx = _lexicon()
    said = [w for w in core.replace(",", " ").split()[1:] if w.strip(".!?")]
    kept = [w.strip(".!?") for w in said if fold(w.strip(".!?")) not in lx["particles"] | lx["fillers"]]
    if len(kept) == 1 and fold(kept[0]) in lx["pronouns"]:
        return BareOrder(kind, "", kept[0], said_verb)
    thing = _without_article([fold(w) for w in kept], " ".join(kept))
    return BareOrder(kind, thing, "", said_verb) if thing else None


def _without_article(folded: list[str], said: str) -> str:
    parts = said.split()
    if folded and len(parts) == len(folded) and folded[0] in _lexicon()["determiners"]:
        parts = parts[1:]
    return " ".join(parts).strip(" ,.!?")


def _takes(side: BareSide, order: BareOrder) -> bool:
    return order.kind in side.kinds and (order.said_verb or not side.needs_verb)


def last_exchange(objects: Iterable[AcuteObject], turn: int, registry: Registry) -> frozenset[str]:
    """The kinds of row the pair's previous turn was about, as the services declare them: every row of its kind,
    or only a row the turn wrote (a list only read names no single thing a pronoun could stand for — the service
    would take the item of an older turn — so it leaves the pronoun to the existing route)."""
    sides = [side for _, side in registry.bare_sides()]
    return frozenset(o.kind for o in objects if o.turn == turn - 1 and any(
        o.kind == side.lage_kind and (o.source == WRITTEN or not side.written_only) for side in sides))


def route_by_last_exchange(order: BareOrder, kinds: frozenset[str], registry: Registry) -> BareRoute | None:
    """A pronoun follows the last exchange: rows of one kind only → the service whose rows they are, when it
    takes this order."""
    if not order.pronoun or len(kinds) != 1:
        return None
    for name, side in registry.bare_sides():
        if side.lage_kind in kinds and _takes(side, order):
            said = side.pronoun(order.pronoun)
            return BareRoute(name, BY_LAST_EXCHANGE, said.text, said.action, dict(said.kontext))
    return None


def route_by_data(order: BareOrder, holdings: Holdings, user_id: str, character_id: str,
                  registry: Registry) -> BareRoute | None:
    """A noun object: where the person's data holds it (one read per service that could take it). A kind of order
    only one service carries out (a move) is left to the route hints without a read."""
    sides = registry.bare_sides()
    if order.pronoun or not order.object or sum(1 for _, side in sides if order.kind in side.kinds) < 2:
        return None
    held = [(name, side, rows) for name, side in sides if _takes(side, order)
            and (rows := side.holding(order.object, order.said_verb, holdings, user_id, character_id))]
    if len(held) > 1:
        question = BARE_ORDER_WHICH.format(
            item=order.object, places=" und ".join(side.place(rows) for _, side, rows in held),
            choices=" oder ".join(side.choice for _, side, _ in held),
            answers=" oder ".join(side.answer for _, side, _ in held))
        return BareRoute("keine", BY_DATA, question=question,
                         kontext={SIDES: {name: list(rows) for name, _, rows in held}})
    if held:
        name, side, rows = held[0]
        said = side.order(order.object, rows)
        return BareRoute(name, BY_DATA, said.text, said.action, dict(said.kontext))
    return None


def read_which_answer(text: str, asked: Mapping[str, Any], registry: Registry) -> tuple[BareOrder, BareRoute] | None:
    """The answer to the question which is meant (`asked`: the question's `welche`), or None when `text` is none.

    An answer is short, neither a request nor a question, and names one side only (as each side declares it: the
    list — *Liste*, *Einkaufsliste*, *den Eintrag*, a list's own name — or the appointment — *Termin*,
    *Kalender*) with nothing else than articles, prepositions and closing words. The side named takes the order
    on the rows the answer names, else on the rows that hold it; a side that reads the person's words gets the
    order as it was said."""
    item, order_text = str(asked.get("objekt", "")), str(asked.get("text", ""))
    asked_sides = {str(name): tuple(str(row) for row in rows if str(row))
                   for name, rows in dict(asked.get(SIDES) or {}).items()}
    said = " ".join(str(text).split())
    folded = words(said)
    if not item or not order_text or not folded or len(folded) > MAX_ANSWER_WORDS:
        return None
    if analyse(said).mood in (REQUEST, QUESTION):
        return None
    sides = [(name, side, asked_sides[name]) for name, side in registry.bare_sides() if name in asked_sides]
    named = [(name, side, rows) for name, side, rows in sides if any(side.names_it(w, rows) for w in folded)]
    lx = _lexicon()
    allowed = lx["fillers"] | lx["determiners"] | _directions() | answer_words().which_answer_words
    if len(named) != 1 or not all(w in allowed or any(side.names_it(w, rows) for _, side, rows in sides)
                                  for w in folded):
        return None
    name, side, rows = named[0]
    chosen = side.named(folded, rows)
    said_order = side.order(item, chosen if len(chosen) == 1 else rows)
    order = BareOrder(str(asked.get("art") or REMOVE), item)
    return order, BareRoute(name, BY_ANSWER, said_order.text or order_text, said_order.action,
                            dict(said_order.kontext))


@cache
def _directions() -> frozenset[str]:
    return frozenset(fold(w) for w in load_raw_commands()["directions"])


def cannot_carry_out(beyond: BeyondReach, text: str, now: datetime | None, zone: ZoneInfo | None) -> dict[str, Any]:
    """An order Nova cannot carry out (`text.capabilities`): the route's question, nothing written — what she cannot
    do and what she can do instead: for a booking, a call or an alarm with day and time the §3a offer to enter it
    (the Lage keeps it, a consent writes it), else the question for them; it waits like the question which is meant,
    and any next sentence ends it (it names no item, so `read_which_answer` reads none)."""
    mentioned = mentioned_appointment(text, now, zone) if beyond.instead == APPOINTMENT and now and zone else None
    if mentioned is not None:
        title, moment = mentioned
        instead = OFFER_APPOINTMENT.format(title=" ".join(title[:3]), time=f"{moment:%H:%M}",
                                           day=f"{WEEKDAY_NAMES[moment.weekday()]}, {moment:%d.%m.}")
    else:
        instead = instead_text(f"{APPOINTMENT}_open" if beyond.instead == APPOINTMENT else beyond.instead)
    return {"domain": "keine", "management_action": ASK_ACTION, "frage": f"{beyond.says} {instead}",
            "bare_order": {"art": CANNOT, "objekt": "", "fuerwort": "", "grund": beyond.kind},
            "welche": {"art": CANNOT, "objekt": "", "text": text}}
