"""Evaluate and correct: the computed checks of the tribunal in the turn, and the bounded correction loop.

evaluate → ok: out. Otherwise → correct (a model call with the orders) → evaluate again, at most
MAX_CORRECTIONS rounds (tribunal.md §4 "Korrektur-Grenze"). After the last round `warnung` sends the
current answer, with the correction sentence appended once when a storage claim survived. The three model
judges are not built: the verdict is the computed one, which is never `ablehnen` — the fixed fallback text
for `ablehnen` after the last round comes with the judges.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.runtime import Runtime

from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.core.settings import MAX_CORRECTIONS
from novaberg.graph.deps import Deps
from novaberg.graph.state import TurnState
from novaberg.llm.offline import offline_rule
from novaberg.llm.reader import read_text
from novaberg.tribunal.const import LOG_KIND, LOG_NODE, LOG_SOURCE
from novaberg.tribunal.correct import claim_survived, correction_sentence, surviving_claim_error
from novaberg.tribunal.evaluate import computed_verdict

__all__ = ["evaluate_node", "correct_node", "after_evaluate"]

TASK = "correct"


def evaluate_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """Run the computed checks; every run writes one durable entry, the silent one too."""
    correction_round = state.get("correction_round", 0)
    answer = state["answer"]
    check = computed_verdict(answer, state.get("services", []), state["now"].date())
    runtime.context.log.write(state["turn_id"], LOG_NODE, LOG_KIND,
                              check.log_payload(correction_round, MAX_CORRECTIONS), state["now"], LOG_SOURCE)
    verdict = check.verdict
    update: dict[str, Any] = {"verdict": verdict, "orders": check.orders,
                              "findings": [_finding(f) for f in check.weekday_findings]}
    if claim_survived(check, correction_round=correction_round, max_corrections=MAX_CORRECTIONS):
        update["answer"] = correction_sentence(answer, check, correction_round=correction_round,
                                               max_corrections=MAX_CORRECTIONS)
        runtime.context.log.write(state["turn_id"], LOG_NODE, "fehler",
                                  {"fehler": surviving_claim_error(correction_round)}, state["now"], LOG_SOURCE)
    return update


def after_evaluate(state: TurnState) -> str:
    if state.get("verdict", "ok") == "ok" or state.get("correction_round", 0) >= MAX_CORRECTIONS:
        return "done"
    return "correct"


def correct_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """One correction round; a failing corrector keeps the answer (the round still counts)."""
    correction_round = state.get("correction_round", 0) + 1
    data = {"answer": state["answer"], "orders": "\n\n".join(state.get("orders", [])),
            "findings": state.get("findings", []), "text": state["text"]}
    try:
        answer = runtime.context.asker.ask(TASK, data)
        corrected = read_text(answer.fields, "antwort", "").strip() or state["answer"]
    except (ModelError, ModelAnswerError) as err:
        runtime.context.log.write(state["turn_id"], "correct", "fehler", {"error": str(err)}, state["now"])
        corrected = state["answer"]
    runtime.context.log.write(state["turn_id"], "correct", "korrektur",
                              {"runde": correction_round, "geaendert": corrected != state["answer"]}, state["now"])
    return {"answer": corrected, "correction_round": correction_round}


def _finding(found: Any) -> dict[str, str]:
    return {"phrase": found.phrase, "corrected": found.corrected_phrase}


@offline_rule(TASK)
def _offline_corrector(data: Mapping[str, Any]) -> dict[str, Any]:
    """Deterministic part of a correction: a wrong weekday before a date is replaced by the right one.

    A storage claim is not rewritten offline (that needs a model); it survives to the correction sentence.
    """
    answer = str(data.get("answer", ""))
    for found in data.get("findings", []):
        answer = answer.replace(found["phrase"], found["corrected"])
    return {"antwort": answer}
