"""Judge, evaluate and correct: the tribunal in the turn and the bounded correction loop.

judge (three model judges at once, tribunal.md §3–§6) → evaluate (majority §5.4, raised by the computed
checks and the checkable directives, never lowered) → ok: out. Otherwise → correct (a model call with the
summary: computed orders on top, then `[agent] reasoning` of the non-ok votes, §5.5) → judge again, at most
MAX_CORRECTIONS rounds (§4 "Korrektur-Grenze"). After the last round `warnung` sends the current answer (with
the correction sentence appended once when a storage claim survived), `ablehnen` the fixed fallback text.
Every vote is one durable log row (node `tribunal`, kind `votum`), every verdict one (kind `urteil`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.core.settings import MAX_CORRECTIONS
from novaberg.graph.compose import address_form
from novaberg.graph.lagebild import expected_tone, request_intent
from novaberg.graph.state import TurnState
from novaberg.graph.texts import MODEL_DOWN_ANSWER
from novaberg.graph.turn_directives import read_directives
from novaberg.llm.reader import read_text
from novaberg.situation.turn import inventory_source, keep_offer, situation_of
from novaberg.text.address_forms import to_sie_form, without_emoji
from novaberg.text.small_talk import ADDRESS_SIE
from novaberg.tribunal.const import LOG_KIND, LOG_NODE, LOG_SOURCE
from novaberg.tribunal.correct import claim_survived, correction_sentence, surviving_claim_error
from novaberg.tribunal.evaluate import computed_verdict, worse_verdict
from novaberg.tribunal.judge_runs import run_judges
from novaberg.tribunal.judges import (
    STATUS_ERROR,
    STATUS_NOT_JUDGED,
    judge_context,
    judge_input,
    missing_lines,
    reason_lines,
    verdict_of,
)
from novaberg.tribunal.rules import directive_findings, directive_order
from novaberg.tribunal.texts import FALLBACK_TEXT, FALLBACK_TEXT_SIE, FIX_EMOJI, FIX_SIE

__all__ = ["judge_node", "evaluate_node", "correct_node", "after_evaluate", "fallback_text", "TRIBUNAL_NODE"]

TASK = "correct"
TRIBUNAL_NODE = "tribunal"
_log = logging.getLogger("novaberg.tribunal")


def judge_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """The three judges on the current answer (as many at once as the server has slots); each vote is logged
    with score and reasoning."""
    deps = runtime.context
    update: dict[str, Any] = {}
    directives = state.get("directives")
    if directives is None:
        directives = read_directives(state, deps)
        update["directives"] = directives
    correction_round = state.get("correction_round", 0)
    skipped, check = _judges_not_needed(state, deps, directives, correction_round)
    if check is not None:  # evaluate reads it again for the same answer of the same round (`_computed`)
        update["computed"] = {"answer": state["answer"], "runde": correction_round, "check": check}
    if skipped:
        deps.log.write(state["turn_id"], TRIBUNAL_NODE, "richter",
                       {"runde": correction_round, "uebersprungen": skipped}, state["now"])
        return {**update, "votes": []}
    services = state.get("services") or []
    address = address_form(directives, state["text"], state.get("history") or ())
    data = judge_input(state["text"], state["answer"], memory_context=judge_context(state.get("blocks", {})),
                       directives=directives, intent=request_intent(state["text"], services),
                       tone=expected_tone(state["text"], services, address, state.get("history") or ()))
    started = time.perf_counter()
    votes = run_judges(deps.asker, data)
    wall = time.perf_counter() - started
    for item in votes:
        deps.log.write(state["turn_id"], TRIBUNAL_NODE, "votum", {**item.as_dict(), "runde": correction_round},
                       state["now"], item.agent)
        if item.status == STATUS_ERROR:  # broken or missing answer: loud and countable (§8)
            deps.log.write(state["turn_id"], TRIBUNAL_NODE, "fehler",
                           {"richter": item.agent, "probleme": list(item.problems), "runde": correction_round},
                           state["now"], item.agent)
    unjudged = [v.agent for v in votes if v.status == STATUS_NOT_JUDGED]
    deps.log.write(state["turn_id"], TRIBUNAL_NODE, "richter",
                   {"runde": correction_round, "sekunden": round(wall, 3), "nicht_beurteilt": unjudged,
                    "fehler": [v.agent for v in votes if v.status == "fehler"],
                    "direktiven": len(directives)}, state["now"])
    update["votes"] = [v.as_dict() for v in votes]
    return update


SKIP_MODEL_DOWN = "modell_nicht_erreichbar"
SKIP_BY_RULE = "antwort_aus_regel"
SKIP_COMPUTED = "gerechnet_entschieden"


def _judges_not_needed(state: TurnState, deps: Deps, directives: list[str],
                       correction_round: int) -> tuple[str, Any]:
    """Why the judges are not asked this round, or '' (where the computed path decided, no model):
    the code's own sentence that the model failed; an answer no model wrote (the services' reports said by rule);
    or, before the last round, a computed finding (a storage claim not proven, a wrong date, a broken directive)
    that sends the answer into a correction round whatever the judges say — the corrected answer is judged.
    Second: the computed check when it was made here, else None."""
    answer = state["answer"]
    if _model_down(answer):
        return SKIP_MODEL_DOWN, None
    if state.get("answer_by_rule"):
        return SKIP_BY_RULE, None
    if correction_round >= MAX_CORRECTIONS:
        return "", None  # the last round's verdict decides between the answer and the fallback text: always judged
    if directive_findings(answer, directives):
        return SKIP_COMPUTED, None
    check = _computed(state, deps)
    return (SKIP_COMPUTED if check.verdict != "ok" else ""), check


def _computed(state: TurnState, deps: Deps) -> Any:
    """The computed check of the current answer: made once per answer and round (the judge node's, when it made
    one for this answer: nothing the check reads — the answer, the turn's services, the stored rows — changes
    between judge and evaluate), else made here."""
    kept = state.get("computed") or {}
    if kept.get("answer") == state["answer"] and kept.get("runde") == state.get("correction_round", 0):
        return kept["check"]
    situation = situation_of(state.get("sachlage"), state["user_id"], state["character_id"])
    return computed_verdict(state["answer"], state.get("services", []), state["now"].date(),
                            inventory_source(situation, deps.holdings_read(), deps.zone), deps.zone)


def _model_down(answer: str) -> bool:
    """The fixed sentence the turn says when its model failed (graph.nodes.MODEL_DOWN_ANSWER, any reason)."""
    prefix, _, suffix = MODEL_DOWN_ANSWER.partition("{reason}")
    return answer.startswith(prefix) and answer.endswith(suffix)


def fallback_text(directives: list[str], text: str = "", history: Iterable[tuple[str, str]] = ()) -> str:
    """The fixed text for `ablehnen` after the last round, in the answer's form of address (`address_form`: the pair's
    directives, else the person's own form in this turn or her earlier ones)."""
    return FALLBACK_TEXT_SIE if address_form(directives, text, history) == ADDRESS_SIE else FALLBACK_TEXT


def evaluate_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """Majority of the votes, raised by the computed checks; every run writes its durable entries."""
    correction_round = state.get("correction_round", 0)
    answer = state["answer"]
    deps = runtime.context
    situation = situation_of(state.get("sachlage"), state["user_id"], state["character_id"])
    check = _computed(state, deps)
    deps.log.write(state["turn_id"], LOG_NODE, LOG_KIND, check.log_payload(correction_round, MAX_CORRECTIONS),
                   state["now"], LOG_SOURCE)
    votes = state.get("votes", [])
    judged = verdict_of(votes)  # a judge that timed out is no vote
    verdict = check.raise_verdict(judged)
    directives = state.get("directives") or []
    broken = directive_findings(answer, directives)
    head = [directive_order(broken)] if broken else []  # the directive order on top of the computed ones
    if broken:
        verdict = worse_verdict(verdict, "warnung")
    orders = [*head, *check.orders]
    reasons = reason_lines(votes)
    # issue 30 §4: a judge without a judgement is named and the verdict marked incomplete — never a silent
    # `ok`. A judge that timed out is no vote (`verdict_of`): beside one `ablehnen` the verdict is at least
    # `warnung` and a correction round runs; with every judge timed out the computed checks decide alone. An
    # unreadable answer still counts as `ok` (tribunal.md §5.4: an unjudged answer rather than a blocked graph).
    missing = missing_lines(votes)
    incomplete = [v["agent"] for v in votes if v.get("status") == STATUS_ERROR]
    summary = "\n\n".join(part for part in [*head, check.summary("\n".join(reasons))] if part)
    last = correction_round >= MAX_CORRECTIONS
    update: dict[str, Any] = {"verdict": verdict, "orders": orders, "summary": summary,
                              "reasons": [*check.orders, *(f.reason for f in broken), *reasons, *missing],
                              "incomplete": incomplete,
                              "findings": [_finding(f) for f in check.weekday_findings]}
    deps.log.write(state["turn_id"], TRIBUNAL_NODE, "urteil",
                   {"runde": correction_round, "mehrheit": judged, "gerechnet": check.verdict,
                    "direktiven_befunde": [{"art": f.rule.kind, "treffer": list(f.hits)} for f in broken],
                    "urteil": verdict, "vollstaendig": not incomplete, "ohne_urteil": incomplete,
                    "letzte_runde": last}, state["now"])
    if claim_survived(check, correction_round=correction_round, max_corrections=MAX_CORRECTIONS):
        update["answer"] = correction_sentence(answer, check, correction_round=correction_round,
                                               max_corrections=MAX_CORRECTIONS)
        deps.log.write(state["turn_id"], LOG_NODE, "fehler",
                       {"fehler": surviving_claim_error(correction_round)}, state["now"], LOG_SOURCE)
    if verdict == "ablehnen" and last:
        update["answer"] = fallback_text(directives, state["text"], state.get("history") or ())
        deps.log.write(state["turn_id"], TRIBUNAL_NODE, "zurueckgehalten",
                       {"runde": correction_round, "gruende": update["reasons"]}, state["now"])
    if verdict == "ok" or last:  # the answer that goes out: an offer in it becomes the Lage's [OBJEKT]
        offer = keep_offer(deps.redis, situation, update.get("answer", answer), state["text"], state["now"],
                           deps.zone)
        if offer is not None:
            update["angebot"] = offer
            deps.log.write(state["turn_id"], "sachlage", "angebot", offer, state["now"])
    return update


def after_evaluate(state: TurnState) -> str:
    if state.get("verdict", "ok") == "ok" or state.get("correction_round", 0) >= MAX_CORRECTIONS:
        return "done"
    return "correct"


def correct_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """One correction round; a failing corrector keeps the answer (the round still counts)."""
    correction_round = state.get("correction_round", 0) + 1
    orders = state.get("summary") or "\n\n".join(state.get("orders", []))
    data = {"answer": state["answer"], "orders": orders,
            "findings": state.get("findings", []), "text": state["text"]}
    try:
        answer = runtime.context.asker.ask(TASK, data)
        corrected = read_text(answer.fields, "antwort", "").strip() or state["answer"]
    except (ModelError, ModelAnswerError) as err:
        runtime.context.log.write(state["turn_id"], "correct", "fehler", {"error": str(err)}, state["now"])
        corrected = state["answer"]
    runtime.context.log.write(state["turn_id"], "correct", "korrektur",
                              {"runde": correction_round, "geaendert": corrected != state["answer"]}, state["now"])
    return {"answer": corrected, "correction_round": correction_round,
            "answer_by_rule": bool(state.get("answer_by_rule")) and corrected == state["answer"]}


def _finding(found: Any) -> dict[str, str]:
    return {"phrase": found.phrase, "corrected": found.corrected_phrase}


def offline_corrector(data: Mapping[str, Any]) -> dict[str, Any]:
    """Deterministic part of a correction: a wrong weekday before a date is replaced by the right one.

    A storage claim is not rewritten offline (that needs a model); it survives to the correction sentence.
    A directive order for the Sie-form or against emojis is carried out as far as a table can (issue 12 §6).
    """
    answer = str(data.get("answer", ""))
    for found in data.get("findings", []):
        answer = answer.replace(found["phrase"], found["corrected"])
    orders = str(data.get("orders", ""))
    if FIX_SIE in orders:  # a Sie directive: the forms the offline table knows (tribunal.address)
        answer = to_sie_form(answer)
    if FIX_EMOJI in orders:
        answer = without_emoji(answer)
    return {"antwort": answer}
