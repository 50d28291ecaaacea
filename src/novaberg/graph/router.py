"""The router: which service, if any, serves this turn (the domain only; the agent classifies the action)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.registry import EMPTY_REGISTRY, Registry
from novaberg.core.errors import ModelAnswerError
from novaberg.graph.bare_orders import cannot_carry_out
from novaberg.graph.intent_route import decided_by_intents, read_turn
from novaberg.llm.prompts import render
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_text
from novaberg.situation.offers import is_answer_to_offer, mentioned_appointment
from novaberg.text.answers import answer_words
from novaberg.text.capabilities import beyond_reach
from novaberg.text.commands import load_raw_commands, names_a_container
from novaberg.text.grammar import QUESTION, REQUEST, STATEMENT, analyse, is_question
from novaberg.text.intents import Verdict
from novaberg.text.orders import order_joiners, order_words
from novaberg.text.recall_question import asks_what_was_told
from novaberg.text.small_talk import small_talk
from novaberg.text.words import fold, words
from novaberg.timeline.phrases import time_expression, without_time
from novaberg.timeparse import named_period, read_time
from novaberg.timeparse.dates import is_year

__all__ = ["route", "NO_DOMAIN", "split_orders", "best_service", "hint_scores", "is_new_request", "ends_waiting_question",
           "order_words", "NEW_ORDER", "NEW_QUESTION", "OWN_MENTION", "decided_by_hints",
           "ORDER_SCORE", "NEW_REQUEST_SCORE", "DECISIVE_SCORE", "DECIDED_BY_HINTS"]

ORDER_SCORE = 0.5  # a route hint from here on is a plausible order (agents.services, the shared scale)
NEW_REQUEST_SCORE = 0.85  # an order or question naming the service's own object
# The route hints decide without the model when one service names its own object (at least this
# score) and no other service has even a plausible order (each below ORDER_SCORE) — the model would only repeat it
DECISIVE_SCORE = NEW_REQUEST_SCORE
DECIDED_BY_HINTS = "route_hints"
ORDERS_RULE = "auftraege"  # prompt file router.auftraege.txt: the rule for several orders in one utterance
HISTORY_TURNS = 2  # the router reads the history only for back-references: the last exchanges suffice
HISTORY_ANSWER_CHARS = 240  # of Nova's side of an exchange, the opening (a list of appointments adds nothing)

NO_DOMAIN = "keine"
TASK = "router"
UNREADABLE_KIND = "unlesbar"  # a query kind the window reader refuses loudly (proactive window, "unreadable")

_log = logging.getLogger("novaberg.graph")



def hint_scores(text: str, registry: Registry) -> list[tuple[str, float]]:
    """Every service's offline route hint for `text`, in the registry's order (each hint read once)."""
    return [(entry.name, entry.route_hint(text)) for entry in registry.services]


def _best_of(scores: list[tuple[str, float]], exclude: str = "") -> tuple[str, float]:
    best, best_score = NO_DOMAIN, 0.0
    for name, score in scores:
        if name != exclude and score > best_score:
            best, best_score = name, score
    return best, best_score


def best_service(text: str, registry: Registry, exclude: str = "") -> tuple[str, float]:
    """The service whose offline route hint scores highest, with its score (a tie: the one listed first in the
    registry, `api.catalog.SERVICES`); `exclude` leaves one service out (the runner-up after it)."""
    return _best_of([(entry.name, entry.route_hint(text)) for entry in registry.services if entry.name != exclude])




def split_orders(text: str, registry: Registry) -> list[dict[str, str]]:
    """Two or more orders in one utterance, in the order said — each part after a joiner opens
    with an imperative (`orders.json`), or one verb carries two appointments with a day each (*Trag mir am Montag
    Yoga und am Dienstag Pilates ein*); each part is an order of a service; else [] (one order or none)."""
    openers = order_words()["order_openers"]
    parts: list[str] = []
    start = 0
    for match in order_joiners(text):
        following = text[match.end():].split(maxsplit=1)
        if following and following[0].lower().strip(",.!") in openers and not _kept_whole(text[match.end():],
                                                                                            registry):
            parts.append(text[start:match.start()])
            start = match.end()
    parts.append(text[start:])
    if len(parts) < 2:  # one verb carrying two orders of one service (the service declares how it reads that)
        parts = next((found for e in registry.services if (found := e.declared.splits(text))), [])
    if len(parts) < 2:
        return []
    orders = []
    for part in parts:
        domain, score = best_service(part.strip(), registry)
        if domain == NO_DOMAIN or score < ORDER_SCORE:
            return []
        orders.append({"domain": domain, "text": part.strip()})
    return orders


def _kept_whole(part: str, registry: Registry) -> bool:
    return any(entry.declared.keeps_whole(part) for entry in registry.services)


def is_new_request(text: str, pending_agent: str, registry: Registry, known: frozenset[str] = frozenset()) -> bool:
    """While a question waits, a turn that is clearly a new request — an order of another service,
    or an order of the same service with its own action word and object — ends the question; a consent, a
    refusal, a choice or anything less clear is an answer to it. `known`: the words of the waiting question's own
    state (the lists it offers, the title it asks about) — an answer may name them."""
    domain, score = best_service(text, registry)
    if is_answer_to_offer(text) and not _order_past_a_refusal(text, domain, score, pending_agent, known, registry):
        return False
    if domain == NO_DOMAIN or score < ORDER_SCORE:
        return False
    if domain != pending_agent:
        return True
    if _order_of_its_own(text, registry):
        return True
    # the order as the grammar reads it: *Ich muss am 15. zum Friseur, trag das ein* and *Kannst du mir den
    # Friseur eintragen?* open with their verb once read, like *Trag mir den Friseur ein*
    utterance = analyse(text)
    said = utterance.core if utterance.mood == REQUEST else text
    words = [w.lower().strip(",.!?") for w in said.split()]
    if score >= NEW_REQUEST_SCORE and bool(words) and words[0] in order_words()["order_openers"]:
        return True
    return score >= NEW_REQUEST_SCORE and utterance.mood != QUESTION and _more_than_an_answer(text, known)


def _order_past_a_refusal(text: str, domain: str, score: float, pending_agent: str, known: frozenset[str],
                          registry: Registry) -> bool:
    """The consent reading finds a refusal stem inside a word (*Erstelle einen Termin*: *ne*, *Bitte entferne Kaffee*)
    — safe for a gate, but such a sentence is an order of its own when it names its item (a list order) or is
    another service's order naming its own object and saying more than an answer (measured on the
    external sets: both kept the waiting „Welche Liste meinst du?“ and were lost)."""
    if _order_of_its_own(text, registry):
        return True
    return domain not in (NO_DOMAIN, pending_agent) and score >= NEW_REQUEST_SCORE and _more_than_an_answer(text, known)


def _order_of_its_own(text: str, registry: Registry) -> bool:
    """An order that names what it wants done (*Bitte Butter auf die Einkaufsliste*, *Termin morgen um 10 Uhr*)
    answers no question (such orders took the waiting „Welche Liste meinst du?“ and put its item on
    the list they named): each service declares its own (`Declared.own_order`)."""
    return any(entry.declared.own_order(text) for entry in registry.services)


def _more_than_an_answer(text: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether the sentence says more than a short answer could: beside its time, the words of an answer
    — articles, prepositions of place, fillers and closing words, *ja*, a container or appointment word — some word
    of its own remains (*Les mir meine Einkaufsliste vor*: *les*, *vor*). A pronoun that points back (*Trag es um
    10 ein*) keeps it an answer."""
    said = words(without_time(text) or "")
    if not said or any(w in _BACK_REFERENCES for w in said):
        return False
    return any(w not in _short_answer_words() and w not in known and not names_a_container(w)
               and not w.startswith(answer_words().other_containers) for w in said)


_BACK_REFERENCES = frozenset({"es", "ihn", "ihm", "dies", "dafuer", "damit", "dahin"})


@cache
def _short_answer_words() -> frozenset[str]:
    raw = load_raw_commands()
    closing = {fold(w) for phrase in raw["closing"] for w in phrase.split()}
    said = answer_words()
    return (frozenset(fold(w) for w in raw["fillers"] + raw["determiners"] + list(raw["directions"]))
            | closing | said.which_answer_words | said.which_item_words | said.possessives
            | said.time_answer_fillers)


NEW_ORDER = "neuer_auftrag"
NEW_QUESTION = "neue_frage"
OWN_MENTION = "eigene_mitteilung"


def ends_waiting_question(text: str, pending: Mapping[str, Any], registry: Registry, now: datetime,
                          zone: ZoneInfo) -> str:
    """Why this turn is no answer to the waiting question but a turn of its own ('' = it answers it):
    a new order (`is_new_request`); a question of its own — by word order, a service's plausible question, and
    no day, time or period in it (*„Wie wäre es mit morgen um 10?“* may answer a time question); a statement that
    mentions an appointment of its own (§3a), whose title the waiting question does not know (*„Ich hab am
    Donnerstag um 10 einen Termin beim Zahnarzt“* never answers „Wann soll „Volleyball“ sein?“)."""
    known = json.dumps(pending.get("state", {}), ensure_ascii=False, default=str)
    if is_new_request(text, str(pending.get("agent", "")), registry, frozenset(words(known))):
        return NEW_ORDER
    if is_answer_to_offer(text):
        return ""
    mood = analyse(text).mood
    if mood == QUESTION and is_question(text.rstrip(" ?!.")) and not _names_a_time(text, now):
        _, score = best_service(text, registry)
        if score >= ORDER_SCORE:
            return NEW_QUESTION
    if mood == STATEMENT:
        mentioned = mentioned_appointment(text, now, zone)
        known = json.dumps(pending.get("state", {}), ensure_ascii=False, default=str).lower()
        if mentioned is not None and not any(word.lower() in known for word in mentioned[0]):
            return OWN_MENTION
    return ""


def _names_a_time(text: str, now: datetime) -> bool:
    """A day, a clock time or a period (*diese Woche*): the question may answer the waiting one."""
    said = read_time(text)
    if said.days or said.hours:
        return True
    words = text.strip(" ?!.").split()
    return any(named_period(" ".join(words[i:i + size]), now) is not None
               for size in (1, 2, 3) for i in range(len(words) - size + 1))


def offline_router(data: Mapping[str, Any]) -> dict[str, Any]:
    text = str(data.get("text", ""))
    registry = data.get("registry")
    registry = registry if isinstance(registry, Registry) else EMPTY_REGISTRY
    orders = split_orders(text, registry)
    if orders:
        return {"domain": orders[0]["domain"], "management_action": "agent", "auftraege": orders}
    scores = data.get("hint_scores")  # the route's one reading of the hints, when it gave one
    best, _ = _best_of(list(scores)) if isinstance(scores, list) else best_service(text, registry)
    return {"domain": best, "management_action": "agent" if best != NO_DOMAIN else NO_DOMAIN}


def decided_by_hints(text: str, registry: Registry, now: datetime, zone: ZoneInfo,
                     several_orders: Callable[[], bool] | None = None,
                     scores: Callable[[], list[tuple[str, float]]] | None = None) -> str:
    """The service the route hints decide on their own, `NO_DOMAIN` for small talk that no service's
    hint sees anything in, or '' when the model must be asked.

    Decisive: one service names its own object (`DECISIVE_SCORE`, the registry's scale), every other service
    stays below a plausible order (`ORDER_SCORE`), the utterance holds one order (no `split_orders`), and the
    service does not leave the sentence to the model (`Declared.leaves_to_model`: the timeline's question its
    rule answers only with the proactive window, timeline.md §4a). `several_orders`: the route's one split of
    this text, `scores`: its one reading of the hints, when it has them."""
    read = scores() if scores is not None else hint_scores(text, registry)  # best and runner-up from one reading
    best, score = _best_of(read)
    if best == NO_DOMAIN and small_talk(text):
        return NO_DOMAIN  # everyday small talk by the templates (text/smalltalk_de.json), no service sees anything
    if best == NO_DOMAIN or score < DECISIVE_SCORE:
        return ""
    _, runner_up = _best_of(read, exclude=best)
    several = several_orders if several_orders is not None else lambda: bool(split_orders(text, registry))
    if runner_up >= ORDER_SCORE or several():
        return ""
    entry = registry.entry_named(best)
    if entry is not None and entry.declared.leaves_to_model(text, now, zone):
        return ""  # a question the service's rule cannot read well (its declaration): the model is asked
    return best


def route(asker: Any, text: str, history: list[tuple[str, str]], today: str, registry: Registry,
          now: datetime | None = None, zone: ZoneInfo | None = None, verdict: Verdict | None = None
          ) -> dict[str, Any]:
    """The route: the services' declared intents first (`graph.intent_route`: one service → it, a tie → a
    question naming both); where none matches, the fallback — with `now` and `zone` decisive route hints
    (`decided_by_hints`), else the model (the offline router takes the route's one reading of the hints,
    `hint_scores`; the prompt lists the services' descriptions). An unknown domain name is read as none (loudly logged by the caller).
    `verdict`: the turn's reading of the intents when the route node has it (read once per turn)."""
    if asks_what_was_told(text, names_a_time=bool(time_expression(text))):  # *Wann hab ich dir
        # von X erzählt?* is memory's, never the timeline's; *Kannst du mir sagen, was ich morgen vorhabe?* is not
        return {"domain": NO_DOMAIN, "management_action": NO_DOMAIN, "unknown_domain": None}
    beyond = beyond_reach(text)  # an order she cannot carry out (a booking, a call, …): no service, nothing written
    if beyond is not None:
        return cannot_carry_out(beyond, text, now, zone)
    verdict = read_turn(text, registry) if verdict is None else verdict
    several = cache(lambda: bool(split_orders(text, registry)))  # split once, and only where a rule asks
    scores = cache(lambda: hint_scores(text, registry))  # each service's hint read once, and only where asked
    by_intents = decided_by_intents(text, verdict, registry, now, zone, several)
    if by_intents is not None:
        return by_intents
    if now is not None and zone is not None:
        decided = decided_by_hints(text, registry, now, zone, several, scores)
        if decided:
            return {"domain": decided, "management_action": "agent" if decided != NO_DOMAIN else NO_DOMAIN,
                    "unknown_domain": None, "decided_by": DECIDED_BY_HINTS}
    services = registry.names()
    listing = "\n".join(f"- {e.name}: {e.service.description}" for e in sorted(registry.services, key=lambda e: e.name))
    query_rule = "\n".join(render(asker.prompts.load(TASK, rule), {"today": today})
                           for rule in _prompt_rules(text, registry, now, zone))
    orders_rule = asker.prompts.load(TASK, ORDERS_RULE) if _may_hold_orders(text, scores) else ""
    answer = asker.ask(TASK, {"text": text, "services": listing, "history": _history_text(history),
                              "today": today, "registry": registry, "hint_scores": scores(),
                              "query_rule": query_rule.strip(),
                              "orders_rule": orders_rule.strip()})
    domain = read_text(answer.fields, "domain", NO_DOMAIN).strip() or NO_DOMAIN
    known = domain in services
    decision: dict[str, Any] = {
        "domain": domain if known else NO_DOMAIN,
        "management_action": "agent" if known else NO_DOMAIN,
        "unknown_domain": None if known or domain == NO_DOMAIN else domain,
    }
    query = answer.fields.get("timeline_query")
    if query is not None:
        if not isinstance(query, dict):
            raise ModelAnswerError(WRONG_FIELD_TYPE, f"timeline_query is {type(query).__name__}, expected an object")
        refused = _bound_outside_years(query)
        if refused is not None:  # no date — the reader says it cannot read the time, never overflows
            _log.error("router timeline_query refused: %s", refused)
            query = {"art": UNREADABLE_KIND, "grund": refused}
        decision["timeline_query"] = query  # read checked by the timeline's window reader (timeline.md §4a)
    orders = _orders(answer.fields.get("auftraege"), services)
    if orders:
        decision["auftraege"] = orders
    return decision


def _prompt_rules(text: str, registry: Registry, now: datetime | None, zone: ZoneInfo | None) -> list[str]:
    """The router prompt's extra rules the services declare (`Declared.prompt_rule`), each only when it carries
    something for this utterance (the service's `wants_rule`); without a clock every rule is given."""
    return [entry.declared.prompt_rule for entry in registry.services if entry.declared.prompt_rule and (
        now is None or zone is None or entry.declared.wants_rule(text, now, zone))]


def _may_hold_orders(text: str, scores: Callable[[], list[tuple[str, float]]]) -> bool:
    """Whether the `auftraege` rule carries something: a joiner that can part two orders
    (*und*, *dann*, *außerdem*, a semicolon), or two services whose hints see something of their own."""
    if any(True for _ in order_joiners(text)):
        return True
    return sum(1 for _name, score in scores() if score > 0) >= 2


def _orders(value: Any, services: Mapping[str, Any]) -> list[dict[str, str]]:
    """The model's `auftraege`, read checked: a list of {domain, text}; an unknown domain drops the list (loud)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"auftraege is {type(value).__name__}, expected a list of objects")
    orders = []
    for item in value:
        domain, text = item.get("domain"), item.get("text")
        if not isinstance(domain, str) or not isinstance(text, str) or not text.strip():
            raise ModelAnswerError(WRONG_FIELD_TYPE, "an entry of auftraege lacks domain or text")
        if domain not in services:
            _log.error("router auftraege names an unknown service %.40r; the turn runs one order", domain)
            return []
        orders.append({"domain": domain, "text": text.strip()})
    return orders if len(orders) >= 2 else []


def _bound_outside_years(query: Mapping[str, Any]) -> str | None:
    """Why a `range` bound is no date (a year outside 1900–2199), or None; other faults are the reader's."""
    for key in ("from", "to"):
        value = query.get(key)
        if not isinstance(value, str):
            continue
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            continue
        if not is_year(moment.year):
            return f"{key} {value[:40]!r}: year {moment.year} is no date"
    return None


def _history_text(history: list[tuple[str, str]]) -> str:
    """The last exchanges, Nova's side cut at a word end: a back-reference points at what was just said."""
    return "\n".join(f"Mensch: {person}\nNova: {_cut(nova)}" for person, nova in history[-HISTORY_TURNS:]) \
        or "(kein Verlauf)"


def _cut(text: str, limit: int = HISTORY_ANSWER_CHARS) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"
