"""The nodes of the turn: route → read blocks → plan (run or resume a service) → compose → evaluate."""

from __future__ import annotations

import logging
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.agents.pending import (
    clear_pending,
    is_own_sentence,
    load_pending,
    pending_key,
    store_pending,
    take_pending,
)
from novaberg.agents.readers import Block
from novaberg.agents.registry import Registry
from novaberg.agents.services import NOT_FOUND, AgentRequest, ServiceResult, wrote_verifiably
from novaberg.consent import ABLEHNUNG
from novaberg.core.errors import ModelAnswerError, ModelError, ModelUnreachableError
from novaberg.files.blocks import FOREIGN_HEADER, OWN_HEADER
from novaberg.graph.bare_orders import (
    ASK_ACTION,
    ASKING,
    CANNOT,
    last_exchange,
    read_bare_order,
    read_which_answer,
    route_by_data,
    route_by_last_exchange,
)
from novaberg.graph.compose import address_form, compose, restates_reports
from novaberg.graph.file_answers import (
    READ_ACTION,
    a_store_answers,
    files_for_no_service,
    files_instead,
    keep_offer_of,
    read_offer_answer,
    read_taken,
)
from novaberg.graph.intent_route import read_service_choice, read_turn, turn_reading
from novaberg.graph.router import NO_DOMAIN, ORDER_SCORE, best_service, ends_waiting_question, route
from novaberg.graph.state import TurnState
from novaberg.graph.texts import MODEL_DOWN_ANSWER
from novaberg.graph.turn_directives import read_directives
from novaberg.situation.lage import (
    Situation,
    drop_stale_offer,
    offer_key,
    peek_offer,
    situation_key,
    take_offer,
)
from novaberg.situation.offers import (
    consent_reading,
    is_answer_to_offer,
    mention_offer,
    offer_request,
    offers_a_write,
)
from novaberg.situation.texts import (
    OFFER_EXPIRED,
    OFFER_GONE,
    OFFER_OTHER_FIGURE,
    OFFER_REFUSED,
    ORDERS_WAITING,
)
from novaberg.situation.turn import (
    begin_situation,
    carried,
    object_reference,
    record_services,
    refuse_offer,
    situation_of,
)
from novaberg.store.redis_store import redis_errors
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.intents import Reading, Verdict
from novaberg.text.small_talk import small_talk

__all__ = ["route_node", "read_blocks_node", "written_services", "plan_node", "after_plan", "after_deepen",
           "compose_node", "files_answer_node", "files_may_answer", "MODEL_DOWN_ANSWER", "model_down_answer"]

_log = logging.getLogger(__name__)

OFFER_DOMAIN = "sachlage"  # the Lage answers an offer itself, or hands it to the offered service
OFFER_ACTION = "angebot"
ROUTE_QUESTION = ASKING  # the result name of the route's own question (a bare order that fits two services)
NO_ANSWER = "keine_antwort"  # why a turn ends a waiting question: it is no answer but a sentence of its own
SMALL_TALK = "smalltalk"  # why a turn ends a waiting question: small talk by the templates (*Wie geht es dir?*)



def model_down_answer(err: BaseException | str) -> str:
    """What the person reads when the model failed: the kind of failure in her words, never the library's
    message (it can carry the server's address); the message itself goes to the trace and the log."""
    if isinstance(err, ModelUnreachableError):
        reason = "es antwortet nicht"
    elif isinstance(err, ModelAnswerError):
        reason = "seine Antwort war nicht lesbar"
    else:
        reason = "es meldet einen Fehler"
    return MODEL_DOWN_ANSWER.format(reason=reason)


def _trace(runtime: Runtime[Deps], state: TurnState, node: str, kind: str, payload: dict[str, Any],
           source: str = "") -> None:
    runtime.context.log.write(state["turn_id"], node, kind, payload, state["now"], source)


def route_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """The Lage of the turn begins here; then a waiting question, an open offer, or the router decides.

    A waiting question ends with `dismissed` when the turn is clearly a new request; a bare consent
    or refusal with an open offer answers the offer."""
    deps = runtime.context
    user_id, character_id = state["user_id"], state["character_id"]
    with redis_errors("the Lage"):  # the Lage, the open offer and a waiting question in one trip
        lage, offer, waiting = deps.redis.mget(situation_key(user_id, character_id), offer_key(user_id),
                                               pending_key(user_id))
    situation = begin_situation(deps.redis, user_id, character_id, state["text"], state["now"], deps.zone, seen=lage)
    answers_offer = is_answer_to_offer(state["text"])
    if not answers_offer:  # an offer counts only for the turn right after it (a later „Ja“ answers something else)
        drop_stale_offer(deps.redis, user_id, character_id, situation.turn, seen=offer)
    pending = load_pending(deps.redis, user_id, character_id, state["now"], raw=waiting)
    decision: dict[str, Any] | None = None
    dismissed = None
    which = None
    verdict = read_turn(state["text"], deps.registry)  # the turn read once against the declared intents
    chosen = None
    if pending is not None and pending["agent"] == ROUTE_QUESTION:  # the route's question which is meant
        chosen = read_service_choice(state["text"], pending["state"], deps.registry)
        which = read_which_answer(state["text"], pending["state"], deps.registry) if chosen is None else None
        own_turn = "" if which is not None or chosen is not None else NO_ANSWER
    elif pending is not None:
        own_turn = ends_waiting_question(state["text"], pending, deps.registry, state["now"], deps.zone)
        if not own_turn and not answers_offer and small_talk(state["text"]):
            own_turn = SMALL_TALK  # timeline.md §10 (Klärfall): small talk answers no question
    if pending is not None and not take_pending(deps.redis, state["user_id"], pending):
        pending, own_turn, which = None, "", None  # a parallel turn took it first: this turn is one of its own
    if pending is not None and own_turn:
        dismissed = pending["agent"]
    elif which is not None:
        decision = {**which[1].decision(which[0]), "beantwortet": ROUTE_QUESTION}
    elif chosen is not None:
        decision = {**chosen, "beantwortet": ROUTE_QUESTION}
    elif pending is not None:
        decision = {"domain": pending["agent"], "management_action": "resume", "pending": pending["state"],
                    "spaeter": pending["spaeter"]}
    read_offer = read_offer_answer(deps, state["user_id"], state["character_id"], state["text"], decision is None)
    if read_offer is not None:
        decision = read_offer
    if decision is None and answers_offer and peek_offer(deps.redis, state["user_id"]):
        decision = {"domain": OFFER_DOMAIN, "management_action": OFFER_ACTION}
    if decision is None:
        decision = _fresh_route(state, runtime, situation, verdict)
    if dismissed is not None:
        decision["pending_dismissed"] = dismissed
        decision["pending_dismissed_reason"] = own_turn
    _trace(runtime, state, "route", "entscheidung", {k: v for k, v in decision.items() if k != "pending"})
    reading = turn_reading(state["text"], verdict, decision)
    return {"route": decision, "sachlage": carried(situation), "lesart": reading.as_dict()}


def _fresh_route(state: TurnState, runtime: Runtime[Deps], situation: Situation,
                 verdict: Verdict | None = None) -> dict[str, Any]:
    """The turn as one of its own: a bare order by the person's data, else the router (the route hints or the
    model); a failed model is the model-down answer."""
    deps = runtime.context
    decision = _bare_order_route(state, deps, situation)
    if decision is not None:
        return decision
    try:
        today = f"{WEEKDAY_NAMES[state['now'].weekday()]}, {state['now']:%Y-%m-%d}"
        decision = route(deps.asker, state["text"], state.get("history", []), today, deps.registry, state["now"],
                         deps.zone, verdict)
    except (ModelError, ModelAnswerError) as err:
        _trace(runtime, state, "route", "fehler", {"error": str(err)})
        return {"domain": NO_DOMAIN, "management_action": NO_DOMAIN, "model_error": model_down_answer(err)}
    if (decision.get("bare_order") or {}).get("art") == CANNOT and a_store_answers(
            _request(state, situation, NO_DOMAIN, state["text"], "agent"), deps):
        # a question a store answers is answered, not refused as an order (the question path takes it)
        return {"domain": NO_DOMAIN, "management_action": NO_DOMAIN, "unknown_domain": None,
                "nicht_abgelehnt": decision["bare_order"]["grund"]}
    return decision


def _bare_order_route(state: TurnState, deps: Deps, situation: Situation) -> dict[str, Any] | None:
    """A bare order (*„Lösch Käse“*, *„Streich das“*) goes where the last exchange or the
    person's data says (`graph.bare_orders`); None leaves it to the route hints and the model."""
    order = read_bare_order(state["text"])
    if order is None:
        return None
    kinds = last_exchange(situation.objects, situation.turn, deps.registry)
    chosen = route_by_last_exchange(order, kinds, deps.registry) or route_by_data(
        order, deps.holdings_read(), state["user_id"], state["character_id"], deps.registry)
    if chosen is None:
        return None
    decision = chosen.decision(order)
    if "welche" in decision:
        decision["welche"]["text"] = state["text"]  # the order as said: the answer *den Termin* resumes it
    return decision


def read_blocks_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """The prompt blocks, each reader in the registry's order. Read again after a verified write, only the readers
    whose block the writing services can change read (`Registry.readers_changed_by`): the other blocks of the
    first read stand as read — read once and handed on (a reader that says a thing once, the resubmissions, keeps
    its block too)."""
    registry = runtime.context.registry
    earlier: dict[str, Block | None] | None = state.get("block_reads")
    again = registry.readers if earlier is None else registry.readers_changed_by(written_services(state))
    fresh = {name for name, _ in again}
    reads: dict[str, Block | None] = {}
    blocks: dict[str, str] = {}
    answering: list[str] = []
    answering_headers: list[str] = []  # blocks that answer with something held
    holding_nothing: list[str] = []  # blocks that answer that nothing is held (*noch nicht erzählt*)
    for name, reader in registry.readers:
        if name in fresh or earlier is None:  # (`again` is every reader on the first read)
            block = reader(dict(state), runtime.context)
            if block is not None:
                _trace(runtime, state, "read_blocks", "block", {"reader": name, "header": block.header,
                                                                 "lines": block.text.count("\n") + 1})
        else:
            block = earlier.get(name)
        reads[name] = block
        if block is not None:
            blocks[block.header] = block.text
            if block.answers_question:
                answering.append(block.offline_answer())
                (answering_headers if block.holds else holding_nothing).append(block.header)
    return {"blocks": blocks, "block_reads": reads,
            "route": {**state["route"], "answer_from_blocks": bool(answering), "block_answers": answering,
                      "answering_blocks": answering_headers, "blocks_holding_nothing": holding_nothing}}


def written_services(state: TurnState) -> list[str]:
    """The names of the turn's services that wrote verifiably, in their order."""
    return [str(service.get("name")) for service in state.get("services", [])
            if wrote_verifiably(service.get("steps", []))]


def _run(service: Any, request: AgentRequest, deps: Deps) -> ServiceResult:
    try:
        return service.run(request, deps)
    except (ModelError, ModelAnswerError) as err:
        step = getattr(err, "step", "modell_fehler")
        return ServiceResult(service.name, "fehler", model_down_answer(err), [{"schritt": step, "fehler": str(err)}])


def _runs(state: TurnState, decision: dict[str, Any] | None = None) -> list[tuple[str, str, str]]:
    """(service, text, action) in the order said: the router's orders when it found two or more;
    for an answer to a waiting question, the resume first, then the orders that waited behind it. `decision`:
    another decision than the route's for this turn's text (a resume that found no answer, `_no_answer`)."""
    decision = state["route"] if decision is None else decision
    if decision["management_action"] == "resume":
        return [(decision["domain"], state["text"], "resume"),
                *((order["domain"], order["text"], "agent") for order in decision.get("spaeter") or ())]
    orders = decision.get("auftraege") if decision["management_action"] == "agent" else None
    if orders:
        return [(order["domain"], order["text"], "agent") for order in orders]
    told = decision.get("service_order")  # a bare order as the service reads it (graph.bare_orders)
    if told:
        return [(decision["domain"], told["text"], told["action"])]
    return [(decision["domain"], state["text"], "agent")]


def _told_kontext(decision: dict[str, Any], action: str) -> dict[str, Any]:
    """The list and item of a bare order the data decided (a pre-classified notes action), else nothing."""
    told = decision.get("service_order") or {}
    return dict(told.get("kontext") or {}) if told.get("action") == action and action != "agent" else {}


def _waiting(result: ServiceResult, later: list[dict[str, str]]) -> ServiceResult:
    """The question's answer says which orders wait behind it (nothing of them is done yet)."""
    said = ", ".join(f"„{order['text'].strip()}“" for order in later)
    return ServiceResult(result.name, result.status, f"{result.answer}\n{ORDERS_WAITING.format(auftraege=said)}",
                         result.steps + [{"schritt": "wartet", "auftraege": later}], result.pending, result.data)


def _other_owner(first: ServiceResult, request: AgentRequest, deps: Deps) -> ServiceResult | None:
    """The routed service found nothing under the name and wrote nothing: the words may name another service's
    object (*Streich die Eier* — no appointment, an item of a list). The runner-up by its own route hint (a
    plausible order, `ORDER_SCORE`) is asked once; only its verified write replaces the first, else None."""
    name, score = best_service(request.text, deps.registry, exclude=first.name)
    if score < ORDER_SCORE:
        return None
    other = deps.registry.service_named(name)
    if other is None:
        return None
    result = _run(other, request, deps)
    if result.status != "abgeschlossen" or not result.verified:
        return None  # only a verified change there answers the order; *nothing changed* keeps the first answer
    step = {"schritt": "anderer_dienst", "zuerst": first.name, "ausgang": NOT_FOUND}
    return ServiceResult(result.name, result.status, result.answer, [step, *result.steps], result.pending, result.data)


def plan_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """Run the routed services in the order said (a question stops the run and waits; a `rejected` moves on to
    the next), or answer an open offer; then the rows they touched become acute objects of the Lage."""
    decision = state["route"]
    deps = runtime.context
    situation = situation_of(state.get("sachlage"), state["user_id"], state["character_id"])
    results: list[ServiceResult] = []
    if decision.get("pending_dismissed"):
        results.append(ServiceResult(decision["pending_dismissed"], "dismissed", "",
                                     [{"schritt": "rueckfrage_verworfen",
                                       "grund": decision.get("pending_dismissed_reason") or "neuer_auftrag"}]))
    if decision["management_action"] == OFFER_ACTION:
        results.append(_answer_offer(state, deps, situation))
    elif decision["management_action"] == READ_ACTION:
        results.append(read_taken(decision, state["user_id"], state["character_id"], deps))
    elif decision["management_action"] == ASK_ACTION:  # a bare order whose thing is a list item and an appointment
        results.append(_route_question(state, deps, decision))
    elif decision["management_action"] == NO_DOMAIN:
        _trace(runtime, state, "plan", "kein_dienst", {})
    else:
        runs = _runs(state)  # a resumed question was taken by the route (`take_pending`)
        told_by = decision  # whose `service_order` a pre-classified run comes from
        for index, (name, text, action) in enumerate(runs):
            service = deps.registry.service_named(name)
            if service is None:
                _trace(runtime, state, "plan", "fehler", {"unknown_service": name})
                clear_pending(deps.redis, state["user_id"])
                continue
            request = AgentRequest(
                user_id=state["user_id"], character_id=state["character_id"], text=text, now=state["now"],
                turn_id=state["turn_id"], action=action,
                pending=decision.get("pending") if action == "resume" else None,
                history=tuple(state.get("history", [])),
                kontext={**object_reference(situation, name), **_told_kontext(told_by, action)},
                reading=Reading.from_dict(state.get("lesart")) if text == state["text"] else None,
            )
            result = _run(service, request, deps)
            if action == "resume" and _no_answer(result, request):
                # timeline.md §10 (Klärfall): an answer counts only in the first turn after the question — a
                # sentence of its own that the service did not take as the answer ends it; the sentence is a
                # turn of its own, and the orders that waited behind the question are dropped with it
                results.append(ServiceResult(name, "dismissed", "", [{"schritt": "rueckfrage_verworfen",
                                                                       "grund": NO_ANSWER}]))
                told_by = _fresh_route(state, runtime, situation)
                if told_by["management_action"] == ASK_ACTION:
                    results.append(_route_question(state, deps, told_by))
                runs[index + 1:] = _runs(state, told_by) if told_by["management_action"] == "agent" else []
                continue
            if result.data.get(NOT_FOUND) and action == "agent" and len(runs) == 1:
                result = _other_owner(result, request, deps) or result
            if action == "agent" and len(runs) == 1 and result.status != "rueckfrage":
                *before, result = files_instead(result, request, deps)  # the files answer instead
                results.extend(before)
            if result.status == "rueckfrage" and result.pending is not None:
                later = [{"domain": n, "text": t} for n, t, _ in runs[index + 1:]]
                store_pending(deps.redis, state["user_id"], state["character_id"], service.name, result.pending,
                              later, asked_at=state["now"])
                results.append(_waiting(result, later) if later else result)
                break  # the question waits for its answer; the later orders wait with it, never run on a guess
            results.append(result)
    for result in results:
        _trace(runtime, state, "plan", "dienst", result.as_dict(), source=result.name)
    keep_offer_of(deps, state["user_id"], state["character_id"], results)  # §8.2: „Soll ich … vorlesen?"
    services = [r.as_dict() for r in results]
    situation = record_services(deps.redis, deps.holdings_read(), situation, services, deps.zone)
    update: dict[str, Any] = {"services": services, "sachlage": carried(situation)}
    written = [r.data["timeline_id"] for r in results if "timeline_id" in r.data]
    if written:
        update["clipboard"] = {"timeline_id": written[-1]}
    return update


def _route_question(state: TurnState, deps: Deps, decision: dict[str, Any]) -> ServiceResult:
    """The bare order's question which is meant: asked, and stored to wait like a service's question."""
    asked = dict(decision.get("welche") or {})
    store_pending(deps.redis, state["user_id"], state["character_id"], ROUTE_QUESTION, asked, asked_at=state["now"])
    return ServiceResult(ROUTE_QUESTION, "rueckfrage", decision["frage"],
                         [{"schritt": "welcher_dienst", **decision.get("bare_order", {})}], asked)


def _no_answer(result: ServiceResult, request: AgentRequest) -> bool:
    """The resumed service did not take the turn as its answer, and the turn is a sentence of its own: the same
    question asked once more (`pending` unchanged) for a sentence of its own (`agents.pending.is_own_sentence`; a
    hesitation such as *„hm, mal sehen“* still gets the question again, notizen.md §7), or the question ended
    as no answer by the service itself (the series question, `keine_antwort`)."""
    if result.status == "dismissed":
        return any(isinstance(step, dict) and step.get("ausgang") == NO_ANSWER for step in result.steps)
    return result.status == "rueckfrage" and result.pending == request.pending and is_own_sentence(request.text)


def _request(state: TurnState, situation: Situation, name: str, text: str, action: str) -> AgentRequest:
    return AgentRequest(user_id=state["user_id"], character_id=state["character_id"], text=text, now=state["now"],
                        turn_id=state["turn_id"], action=action, history=tuple(state.get("history", [])),
                        kontext=object_reference(situation, name),
                        reading=Reading.from_dict(state.get("lesart")) if text == state["text"] else None)


FILE_BLOCK_HEADERS = (FOREIGN_HEADER, OWN_HEADER)


def files_may_answer(state: TurnState) -> bool:
    """A question no service took, with no model failure and no block but the files' summaries answering it (a
    told fact of the memory answers by itself), goes to the question path. Where the deepening read on
    (dateien.md §3.0b), the question path's sentence replaces her find only when it names every word of the
    question (itself or around it) and her find does not."""
    decision = state.get("route") or {}
    blocks_answering = [h for h in decision.get("answering_blocks", ()) if h not in FILE_BLOCK_HEADERS]
    return not (decision.get("management_action") != NO_DOMAIN or _ran(state)
                or decision.get("model_error") or blocks_answering)


def _ran(state: TurnState) -> list[dict[str, Any]]:
    """The services that ran this turn: a waiting question this turn ended (`dismissed`, *Schalte das Licht an*'s
    refusal before *Wer wartet die Heizung?*) ran nothing, and the question is still no service's."""
    return [s for s in state.get("services") or [] if s.get("status") != "dismissed"]


def after_deepen(state: TurnState) -> str:
    """The question path runs as a step only when it may answer (a step of the graph costs ~0.3 ms)."""
    return "files_answer" if files_may_answer(state) else "compose"


def files_answer_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """A question no service took is answered from Nova's stores (`answers.service`)."""
    if not files_may_answer(state):
        return {}
    situation = situation_of(state.get("sachlage"), state["user_id"], state["character_id"])
    nothing_told = bool((state.get("route") or {}).get("blocks_holding_nothing"))
    deepened = state.get("vertiefung") or {}
    results = files_for_no_service(_request(state, situation, NO_DOMAIN, state["text"], "agent"), runtime.context,
                                   ("erzaehlt",) if nothing_told else (), (deepened.get("fundstellen") or [""])[0],
                                   deepened.get("fund", ""))
    if nothing_told:  # the memory's „noch nicht erzählt" says more than a plain „Dazu habe ich nichts"
        results = [r for r in results if r.data.get("beantwortet")]
    if deepened:  # she read on: her find stands unless the question path's sentence names every word and hers not,
        # or her find is only the head of a long line that no sentence of it answers
        results = [r for r in results if r.data.get("beantwortet") and (deepened.get("traegt") is False or (
                   r.data.get("vollstaendig") and not r.data.get("rivale_vollstaendig")))]
    # no trace row of its own: the answer's service reaches the compose trace (a turn's log stays comparable)
    ended = [s for s in state.get("services") or [] if s.get("status") == "dismissed"]  # kept in the trace
    return {"services": [*ended, *(r.as_dict() for r in results)]} if results else {}


def _answer_offer(state: TurnState, deps: Deps, situation: Situation) -> ServiceResult:
    """A consent executes exactly the offer through its service; a refusal drops it and marks the object; an
    offer that expired or belongs to another figure writes nothing, and the answer says so."""
    taken = take_offer(deps.redis, state["user_id"], state["character_id"], state["now"], situation.turn)
    offer = taken.offer
    refused = consent_reading(state["text"]) == ABLEHNUNG
    if offer is None:
        return ServiceResult(OFFER_DOMAIN, "fehler", OFFER_GONE, [{"schritt": "angebot", "ausgang": "keines"}])
    if taken.reason == "andere_figur":
        return ServiceResult(OFFER_DOMAIN, "fehler", OFFER_OTHER_FIGURE,
                             [{"schritt": "angebot", "ausgang": "andere_figur"}])
    if refused:
        refuse_offer(deps.redis, situation, offer.key)
        return ServiceResult(OFFER_DOMAIN, "dismissed", OFFER_REFUSED.format(title=offer.target),
                             [{"schritt": "angebot", "ausgang": "abgelehnt", "dienst": offer.service}])
    if taken.reason:
        return ServiceResult(OFFER_DOMAIN, "fehler", OFFER_EXPIRED.format(title=offer.target),
                             [{"schritt": "angebot", "ausgang": taken.reason}])
    service = deps.registry.service_named(offer.service)
    if service is None:
        return ServiceResult(OFFER_DOMAIN, "fehler", OFFER_GONE, [{"schritt": "angebot", "ausgang": "kein_dienst"}])
    request = offer_request(offer, state["user_id"], state["text"], state["now"], state["turn_id"],
                            tuple(state.get("history", [])))
    return _run(service, request, deps)


def after_plan(state: TurnState, registry: Registry | None = None) -> str:
    """A service that wrote verifiably changed what the blocks show: read them again before composing — with the
    `registry`, only when one of its readers can show that write (`Registry.readers_changed_by`)."""
    written = written_services(state)
    if not written or (registry is not None and not registry.readers_changed_by(written)):
        return "compose"
    return "reread"


def compose_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    services = state.get("services", [])
    route_info = state.get("route", {})
    directives = state.get("directives")
    if directives is None:  # read once per turn; the tribunal's jurist gets the same list (tribunal.md §3.1)
        directives = read_directives(state, runtime.context)
    deepened = (state.get("vertiefung") or {}).get("antwort", "")
    by_rule = restates_reports(state["text"], services, bool(route_info.get("answer_from_blocks")), deepened)
    try:
        answer = compose(runtime.context.asker, state["text"], services, state.get("blocks", {}),
                         bool(route_info.get("answer_from_blocks")),
                         address_form(directives, state["text"], state.get("history") or ()),
                         route_info.get("block_answers", ()), deepened, by_rule=by_rule)
    except (ModelError, ModelAnswerError) as err:
        _trace(runtime, state, "compose", "fehler", {"error": str(err)})
        reports = [s["answer"] for s in services if s.get("answer")]
        answer = "\n".join(reports) if reports else model_down_answer(err)
    if not answer:
        answer = "\n".join(s["answer"] for s in services if s.get("answer")) or "…"
    if route_info.get("model_error") and not services:
        answer = route_info["model_error"]
    situation = situation_of(state.get("sachlage"), state["user_id"], state["character_id"])
    offer = mention_offer(state["text"], services, situation, state["now"], runtime.context.zone)
    if offer and not offers_a_write(answer):  # timeline.md §3a: a mentioned coming appointment is offered
        answer = f"{answer.rstrip()} {offer}"
    _trace(runtime, state, "compose", "antwort", {"answer": answer, **({"aus_regel": True} if by_rule else {})})
    return {"answer": answer, "directives": directives, "answer_by_rule": by_rule}
