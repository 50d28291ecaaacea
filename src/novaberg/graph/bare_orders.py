"""Bare orders go where the person's data says.

A bare order deletes, strikes, checks off or moves something without saying where: no list word, no appointment
word, no time (*„Lösch Käse“*, *„Streich das“*). The route hints see only the sentence, so such an order went to
the timeline even when Käse stood on the shopping list. Here it is decided by what the person has:

- a pronoun object (*das, es, den, die*) follows the last exchange — the kinds of row the previous turn of the
  pair touched, from the Lage (`situation`, no query): a list it wrote → the notes, appointments → the timeline;
- a noun object is looked up once (`agents.holdings`: the person's lists and the pair's
  appointments, `graph.holdings`): on a list only → the notes, in an appointment title only → the timeline, in both → a question
  which is meant (no write);
- anything unclear keeps the route hints' and the model's decision (`None`).

The question which is meant waits like a service's (`agents.pending`, agent `ASKING`): a short answer that
names one side (*„die Liste“*, *„auf der Einkaufsliste“*, *„den Termin“*) resumes the order there
(`read_which_answer`); anything else — an unrelated sentence, a new order — is no answer: the question ends as
dismissed and the sentence is a turn of its own.

The notes have no move: a move order is never sent to a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import HeldObjects, Holdings, like_pattern
from novaberg.graph.texts import BARE_ORDER_WHICH
from novaberg.notes.agent.const import LIST_TYPES
from novaberg.situation.lage import KIND_APPOINTMENT, KIND_NOTE, AcuteObject
from novaberg.situation.offers import mentioned_appointment
from novaberg.situation.texts import OFFER_APPOINTMENT
from novaberg.text.answers import answer_words
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.capabilities import APPOINTMENT, BeyondReach, instead_text
from novaberg.text.commands import REMOVE, load_raw_commands, names_a_container, read_list_command
from novaberg.text.grammar import QUESTION, REQUEST, analyse
from novaberg.text.words import contains_word, fold, words
from novaberg.timeline.phrases import declension_stems, keyword_hints, keywords_of, time_expression

__all__ = ["BareOrder", "BareRoute", "read_bare_order", "last_exchange", "route_by_last_exchange", "route_by_data",
           "LIST_TYPES", "NOTES", "TIMELINE", "MOVE", "BY_LAST_EXCHANGE", "BY_DATA", "BY_ANSWER", "ASK_ACTION",
           "ASKING", "read_which_answer", "CANNOT", "cannot_carry_out"]

NOTES = "notizen"
TIMELINE = "timeline"
MOVE = "move"
BY_LAST_EXCHANGE = "letzter_austausch"
BY_DATA = "daten"
BY_ANSWER = "antwort"  # the answer to the question which is meant decided
ASK_ACTION = "welcher_dienst"  # the route's management action for the question which is meant
ASKING = "planer"  # the pending question's agent: the route's own question, not a service's
MAX_ANSWER_WORDS = 6
MAX_WORDS = 8  # a bare order is short; a longer sentence is left to the hints and the model
STRIKE = "Streich"  # the notes' own word for taking an item off (their reader reads it without a list)
CANNOT = "kann_nicht"  # the kind of an order Nova cannot carry out (text/capabilities)
WRITTEN = "geschrieben"  # an acute object's source when the turn wrote the row (situation.lage.SOURCES)


@dataclass(frozen=True)
class BareOrder:
    kind: str  # REMOVE | MOVE
    object: str  # the thing as said, without its article ('' for a pronoun)
    pronoun: str = ""  # the pronoun as said (*das*), '' for a noun object
    timeline_reads: bool = False  # the timeline's own phrasing reads the verb (delete / move)


@dataclass(frozen=True)
class BareRoute:
    domain: str
    reason: str  # BY_LAST_EXCHANGE | BY_DATA
    text: str = ""  # the order as the service reads it ('' = the person's words)
    action: str = "agent"  # a notes action when the list is known (`remove_content`)
    kontext: dict[str, Any] = field(default_factory=dict)
    question: str = ""  # ASK_ACTION: what Nova asks, nothing written

    def decision(self, order: BareOrder) -> dict[str, Any]:
        said = {"art": order.kind, "objekt": order.object, "fuerwort": order.pronoun, "grund": self.reason}
        if self.question:  # `kontext`: what the answer may choose (the lists, the title), kept with the question
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


def _with_object(kind: str, core: str, timeline_reads: bool) -> BareOrder | None:
    """The object after the verb: particles, fillers and closing words dropped, then a pronoun or a noun."""
    lx = _lexicon()
    said = [w for w in core.replace(",", " ").split()[1:] if w.strip(".!?")]
    kept = [w.strip(".!?") for w in said if fold(w.strip(".!?")) not in lx["particles"] | lx["fillers"]]
    if len(kept) == 1 and fold(kept[0]) in lx["pronouns"]:
        return BareOrder(kind, "", kept[0], timeline_reads)
    thing = _without_article([fold(w) for w in kept], " ".join(kept))
    return BareOrder(kind, thing, "", timeline_reads) if thing else None


def _without_article(folded: list[str], said: str) -> str:
    parts = said.split()
    if folded and len(parts) == len(folded) and folded[0] in _lexicon()["determiners"]:
        parts = parts[1:]
    return " ".join(parts).strip(" ,.!?")


def last_exchange(objects: Iterable[AcuteObject], turn: int) -> frozenset[str]:
    """The kinds of row the pair's previous turn was about: appointments it wrote, read or found, notes it wrote.
    A note only read (*„Was steht auf meiner Einkaufsliste?“*) names no single thing a pronoun could stand for —
    the notes would take the item of an older turn — so it leaves the pronoun to the existing route."""
    return frozenset(o.kind for o in objects if o.turn == turn - 1 and (
        o.kind == KIND_APPOINTMENT or o.kind == KIND_NOTE and o.source == WRITTEN))


def route_by_last_exchange(order: BareOrder, kinds: frozenset[str]) -> BareRoute | None:
    """A pronoun follows the last exchange: only lists → the notes (a strike), only appointments → the timeline."""
    if not order.pronoun:
        return None
    if kinds == {KIND_NOTE} and order.kind == REMOVE:
        return BareRoute(NOTES, BY_LAST_EXCHANGE, f"{STRIKE} {order.pronoun}")
    if kinds == {KIND_APPOINTMENT} and order.timeline_reads:
        return BareRoute(TIMELINE, BY_LAST_EXCHANGE)
    return None


def route_by_data(order: BareOrder, holdings: Holdings, user_id: str, character_id: str) -> BareRoute | None:
    """A noun object: where the person's data holds it (one read). A move is never a list's, so it is left to the
    route hints (they give it to the timeline) without a read."""
    if order.pronoun or not order.object or order.kind != REMOVE:
        return None
    terms = keywords_of(order.object)
    titles = [like_pattern(t) for t in (declension_stems(terms) or terms)] if order.timeline_reads else []
    items = [like_pattern(order.object)]
    held = holdings.held(user_id, character_id, list_types=LIST_TYPES, item_patterns=items, title_patterns=titles)
    lists = _lists_holding(held, order.object)
    if lists and held.titles:
        return BareRoute("keine", BY_DATA, question=BARE_ORDER_WHICH.format(
            item=order.object, lists=_names(lists), title=held.titles[0]),
            kontext={"listen": lists, "titel": held.titles[0]})
    if lists:
        return _strike(order.object, lists, BY_DATA)
    if held.titles:
        return BareRoute(TIMELINE, BY_DATA)
    return None


def _strike(item: str, lists: list[str], reason: str) -> BareRoute:
    """Strike `item` from the one list that holds it; from several, the notes ask which."""
    order_text = f"{STRIKE} {item}"
    if len(lists) != 1:
        return BareRoute(NOTES, reason, order_text)
    kontext = {"target": lists[0], "inhalt": item,
               "normalisiert": f"remove_content: {item} aus Notiz '{lists[0]}' entfernen"}
    return BareRoute(NOTES, reason, order_text, "remove_content", kontext)


def read_which_answer(text: str, asked: Mapping[str, Any]) -> tuple[BareOrder, BareRoute] | None:
    """The answer to the question which is meant (`asked`: the question's `welche`), or None when `text` is none.

    An answer is short, neither a request nor a question, and names one side only — the list (*Liste*,
    *Einkaufsliste*, *den Eintrag*, a list's own name) or the appointment (*Termin*, *Kalender*) — with nothing
    else than articles, prepositions and closing words. The list side strikes the item from the named list, from
    the one list that holds it, or lets the notes ask which; the appointment side gives the order, as said, to
    the timeline."""
    item, order_text = str(asked.get("objekt", "")), str(asked.get("text", ""))
    lists = [str(name) for name in asked.get("listen") or () if str(name)]
    said = " ".join(str(text).split())
    folded = words(said)
    if not item or not order_text or not folded or len(folded) > MAX_ANSWER_WORDS:
        return None
    if analyse(said).mood in (REQUEST, QUESTION):
        return None
    keys = {name: _list_key(name) for name in lists}
    said_words = answer_words()
    item_words, containers = said_words.which_item_words, said_words.other_containers
    to_list = any(names_a_container(w) or w in item_words or _names_one(w, keys) for w in folded)
    to_timeline = any(w.startswith(containers) for w in folded)
    lx = _lexicon()
    allowed = lx["fillers"] | lx["determiners"] | _directions() | said_words.which_answer_words | item_words
    if to_list == to_timeline or not all(
            w in allowed or names_a_container(w) or w.startswith(containers) or _names_one(w, keys)
            for w in folded):
        return None
    order = BareOrder(str(asked.get("art") or REMOVE), item)
    if to_timeline:
        return order, BareRoute(TIMELINE, BY_ANSWER, order_text)
    named = [name for name, key in keys.items() if key and key in "".join(folded)]
    return order, _strike(item, named if len(named) == 1 else lists, BY_ANSWER)


def _list_key(name: str) -> str:
    """What names this list in an answer: its name folded, letters only, without a trailing *liste*."""
    key = "".join(ch for ch in fold(name) if ch.isalpha())
    return key.removesuffix("liste") if len(key) > len("liste") else ""


def _names_one(word: str, keys: Mapping[str, str]) -> bool:
    return any(key and (word.startswith(key) or key.startswith(word) and len(word) >= 4) for key in keys.values())


@cache
def _directions() -> frozenset[str]:
    return frozenset(fold(w) for w in load_raw_commands()["directions"])


def _lists_holding(held: HeldObjects, item: str) -> list[str]:
    """The names of the lists with a line that holds the item as whole words (as the notes strike it)."""
    return [name for name, text in held.lists if any(contains_word(line, item) for line in _lines(text))]


def _lines(text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:  # a list written on one line, comma-separated (as the notes read it)
        return [part.strip() for part in lines[0].split(",") if part.strip()]
    return lines


def _names(lists: list[str]) -> str:
    quoted = [f"„{name}“" for name in lists]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " und " + quoted[-1]


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
