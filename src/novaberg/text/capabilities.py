"""Orders Nova cannot carry out (`capabilities_de.json`): booking, ordering, buying online, playing media and games,
calling, navigating, an alarm clock, the weather, sending a message or an e-mail, social networks, devices in the
house, news, events near by; a timetable or a delivery asked about.

`beyond_reach(text)` reads whether a sentence is such an order, from whole folded words (no pattern): the kind's
verb said first, as the infinitive of a frame (*Kannst du mir einen Flug buchen?*) or as the last word (*Lichter
dimmen*), its object where the kind needs one (for some kinds the object alone: *Alarm um 7 löschen* is no order of
hers whatever the verb), and no word of Nova's own objects or orders (*Erinnerungsalarm*, *Trag ein: Tisch
reservieren*). An order after an address (*Jarvis, such mir ein Taxi*) is read as the order alone; a question about
her own train or order (*Wann fährt mein Zug?*) stays hers, an appointment of hers may answer it. The route asks it
before any service runs, so such an order writes nothing and the answer says what she cannot do and what she can do
instead (the answer's texts are data here too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from novaberg.text.commands import names_a_container
from novaberg.text.data_files import read_json
from novaberg.text.words import fold, words

__all__ = ["BeyondReach", "beyond_reach", "instead_text", "APPOINTMENT", "LIST", "NOTHING"]

APPOINTMENT = "appointment"  # instead: the §3a offer to enter it (day and time said), else a question for them
LIST = "list"  # instead: a question whether it goes on a shopping list
NOTHING = "nothing"  # instead: what she does keep (no question)
_INFINITIVE = "en"
_SIE = "sie"


def _infinitive_of(word: str, verbs: frozenset[str]) -> bool:
    """Whether `word` is the infinitive of one of `verbs` (*rufen* of *ruf*, *lesen* of *lese*)."""
    return word.endswith("n") and (word in verbs or word[:-2] in verbs or word[:-1] in verbs)


@dataclass(frozen=True)
class BeyondReach:
    kind: str  # buchen, bestellen, online_kaufen, abspielen, anrufen, navigieren, wecker, wetter, nachricht
    says: str  # the refusal, fit for du and Sie alike
    instead: str  # APPOINTMENT | LIST | NOTHING


@cache
def _vocabulary() -> dict[str, Any]:
    return read_json(__package__, "capabilities_de.json")


@dataclass(frozen=True)
class _Order:
    kind: str
    says: str
    instead: str
    verbs: frozenset[str]
    objects: tuple[str, ...]
    alone: bool = False  # the object said is enough: no verb, no question needed
    also: tuple[str, ...] = ()  # a second word that must be said too (*Veranstaltungen* … *in der Nähe*)
    not_with: frozenset[str] = frozenset()  # a word that makes it hers (*mein Zug*: her appointment may answer)
    opens: bool = False  # the verb only as the first word (*Spiel Candy Crush*, not *am Samstag Tennis spielen*)
    not_first: frozenset[str] = frozenset()  # a question word first leaves it to the stores (*Worum ging es in der Mail?*)


@dataclass(frozen=True)
class _Words:
    """The vocabulary as the reader uses it, built once (the route asks on every turn)."""

    skip: frozenset[str]
    own: tuple[str, ...]
    own_whole: frozenset[str]
    foreign_containers: frozenset[str]
    frame_openers: frozenset[str]
    question_openers: frozenset[str]
    orders: tuple[_Order, ...]
    self_question_words: frozenset[str]
    self_modals: frozenset[str]
    self_subjects: frozenset[str]


@cache
def _words() -> _Words:
    vocabulary = _vocabulary()
    return _Words(frozenset(vocabulary["skip_words"]), tuple(vocabulary["own_words"]),
                  frozenset(vocabulary["own_whole_words"]), frozenset(vocabulary["foreign_containers"]),
                  frozenset(vocabulary["frame_openers"]), frozenset(vocabulary["question_openers"]),
                  tuple(_Order(order["kind"], order["says"], order["instead"], frozenset(order["verbs"]),
                               tuple(order["objects"]), bool(order.get("alone", False)), tuple(order.get("also", ())),
                               frozenset(order.get("not_with", ())), bool(order.get("opens", False)),
                               frozenset(order.get("not_first", ())))
                        for order in vocabulary["orders"]),
                  frozenset(vocabulary["self_question_words"]), frozenset(vocabulary["self_modals"]),
                  frozenset(vocabulary["self_subjects"]))


def instead_text(key: str) -> str:
    """The sentence after the refusal (`instead_texts`): `appointment_open`, `list` or `nothing`."""
    return str(_vocabulary()["instead_texts"][key])


def _own(folded: list[str], prepared: _Words) -> bool:
    """A word of her own objects or orders: the start of a word (*Erinnerungsalarm*), a whole word (*Trag*, not
    *tragen*), or a container (*Einkaufsliste*) — unless a media list is named (*eine neue Liste in der
    Wiedergabeliste*): then the list is the media list's."""
    media_list = not prepared.foreign_containers.isdisjoint(folded)
    return any(not (media_list and names_a_container(word))
               and (word.startswith(prepared.own) or word in prepared.own_whole or names_a_container(word))
               for word in folded)


def _asks_what_she_does(folded: list[str], prepared: _Words) -> bool:
    """*Wen soll ich wegen der Heizung anrufen?*: a question word first and a modal whose subject is the person
    (*soll ich*, *kann man*) — she asks what she herself does, which a store may answer; no order to Nova."""
    return folded[0] in prepared.self_question_words and any(
        word in prepared.self_modals and after in prepared.self_subjects for word, after in pairwise(folded))


def _verb_said(order: _Order, folded: list[str], asks: bool, frame_openers: frozenset[str]) -> bool:
    if order.alone:
        return True
    if not order.verbs:
        return asks
    if folded[0] in order.verbs or len(folded) > 1 and folded[1] == _SIE and _infinitive_of(folded[0], order.verbs):
        return True  # the imperative of du, or of Sie (*Rufen Sie ein Taxi*)
    if order.opens:
        return False
    if len(folded) > 1 and _infinitive_of(folded[-1], order.verbs):
        return True  # the infinitive last, as a note or a voice order says it (*Lichter dimmen*, *Wetter anzeigen*)
    return folded[0] in frame_openers and any(
        word in order.verbs and word.endswith(_INFINITIVE) for word in folded[1:])


def _said(things: tuple[str, ...], folded: list[str]) -> bool:
    return any(word == thing or word.endswith(thing) for word in folded for thing in things)


def _object_said(order: _Order, folded: list[str]) -> bool:
    return ((not order.objects or _said(order.objects, folded)) and (not order.also or _said(order.also, folded))
            and not order.not_with.intersection(folded) and folded[0] not in order.not_first)


def _after_address(text: str, prepared: _Words) -> list[str]:
    """The order after an address (*Olly, such mir ein Taxi*): one word before the first comma, one clause after
    it (*Markiere, spiele Badminton mit Tom, als beendet* quotes an item: two commas, no address); else []."""
    head, comma, rest = text.partition(",")
    clauses = [said for said in ([fold(w) for w in words(part)] for part in rest.split(","))
               if not prepared.skip.issuperset(said)]  # *…, bitte* closes the clause, it opens none
    if not comma or len([w for w in words(head) if fold(w) not in prepared.skip]) != 1 or len(clauses) != 1:
        return []
    return clauses[0]


def beyond_reach(text: str) -> BeyondReach | None:
    """The order Nova cannot carry out in `text`, or None (an order of hers, or no such order)."""
    prepared = _words()
    folded = [fold(word) for word in words(text)]
    while folded and folded[0] in prepared.skip:
        folded = folded[1:]
    if not folded or _own(folded, prepared) or _asks_what_she_does(folded, prepared):
        return None
    found = _order_in(folded, text, prepared)
    if found is None:
        addressed = _after_address(text, prepared)
        found = _order_in(addressed, text, prepared) if addressed else None
    head, comma, _ = text.partition(",")
    if found is None and comma:  # *Licht einstellen, wenn ich nach Hause komme*: the order, then a clause
        found = _order_in([fold(word) for word in words(head)], head, prepared)
    return found


def _order_in(folded: list[str], text: str, prepared: _Words) -> BeyondReach | None:
    while folded and folded[0] in prepared.skip:
        folded = folded[1:]
    if not folded or _asks_what_she_does(folded, prepared):
        return None
    asks = text.rstrip().endswith("?") or folded[0] in prepared.question_openers
    for order in prepared.orders:
        if _verb_said(order, folded, asks, prepared.frame_openers) and _object_said(order, folded):
            return BeyondReach(order.kind, order.says, order.instead)
    return None
