"""The nodes of the turn: route → read blocks → plan (run or resume a service) → compose → evaluate."""

from __future__ import annotations

import logging
from typing import Any

from langgraph.runtime import Runtime

from novaberg.core.errors import ModelAnswerError, ModelError, ModelUnreachableError
from novaberg.graph.compose import compose
from novaberg.graph.deps import Deps
from novaberg.graph.pending import clear_pending, load_pending, store_pending
from novaberg.graph.readers import block_readers
from novaberg.graph.router import NO_DOMAIN, route
from novaberg.graph.services import AgentRequest, ServiceResult, service_named
from novaberg.graph.state import TurnState
from novaberg.timeline.reading import WEEKDAY_NAMES

__all__ = ["route_node", "read_blocks_node", "plan_node", "after_plan", "compose_node", "MODEL_DOWN_ANSWER",
           "model_down_answer"]

_log = logging.getLogger(__name__)

MODEL_DOWN_ANSWER = "Ich erreiche gerade mein Sprachmodell nicht ({reason}). Es wurde nichts eingetragen und nichts geändert."


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
    deps = runtime.context
    pending = load_pending(deps.redis, state["user_id"], state["character_id"])
    if pending is not None:
        decision = {"domain": pending["agent"], "management_action": "resume", "pending": pending["state"]}
    else:
        try:
            today = f"{WEEKDAY_NAMES[state['now'].weekday()]}, {state['now']:%Y-%m-%d}"
            decision = route(deps.asker, state["text"], state.get("history", []), today)
        except (ModelError, ModelAnswerError) as err:
            _trace(runtime, state, "route", "fehler", {"error": str(err)})
            decision = {"domain": NO_DOMAIN, "management_action": NO_DOMAIN, "model_error": model_down_answer(err)}
    _trace(runtime, state, "route", "entscheidung", {k: v for k, v in decision.items() if k != "pending"})
    return {"route": decision}


def read_blocks_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    blocks: dict[str, str] = {}
    answers = False
    for name, reader in block_readers():
        block = reader(dict(state), runtime.context)
        if block is not None:
            blocks[block.header] = block.text
            answers = answers or block.answers_question
            _trace(runtime, state, "read_blocks", "block", {"reader": name, "header": block.header,
                                                             "lines": block.text.count("\n") + 1})
    return {"blocks": blocks, "route": {**state["route"], "answer_from_blocks": answers}}


def plan_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """Run the routed service once (the loop guard: a question on a question ends the turn)."""
    decision = state["route"]
    if decision["management_action"] == NO_DOMAIN:
        _trace(runtime, state, "plan", "kein_dienst", {})
        return {"services": []}
    deps = runtime.context
    service = service_named(decision["domain"])
    if service is None:
        _trace(runtime, state, "plan", "fehler", {"unknown_service": decision["domain"]})
        clear_pending(deps.redis, state["user_id"])
        return {"services": []}
    resume = decision["management_action"] == "resume"
    if resume:
        clear_pending(deps.redis, state["user_id"])
    request = AgentRequest(
        user_id=state["user_id"], character_id=state["character_id"], text=state["text"], now=state["now"],
        turn_id=state["turn_id"], action="resume" if resume else "agent",
        pending=decision.get("pending") if resume else None, history=tuple(state.get("history", [])),
    )
    try:
        result = service.run(request, deps)
    except (ModelError, ModelAnswerError) as err:
        step = getattr(err, "step", "modell_fehler")
        result = ServiceResult(service.name, "fehler", model_down_answer(err), [{"schritt": step,
                               "fehler": str(err)}])
    if result.status == "rueckfrage" and result.pending is not None:
        store_pending(deps.redis, state["user_id"], state["character_id"], service.name, result.pending)
    _trace(runtime, state, "plan", "dienst", result.as_dict(), source=service.name)
    update: dict[str, Any] = {"services": [result.as_dict()]}
    if "timeline_id" in result.data:
        update["clipboard"] = {"timeline_id": result.data["timeline_id"]}
    return update


def after_plan(state: TurnState) -> str:
    """A service that wrote verifiably changed what the blocks show: read them again before composing."""
    wrote = any(step.get("verifiziert") is True for service in state.get("services", [])
                for step in service.get("steps", []) if isinstance(step, dict))
    return "reread" if wrote else "compose"


def compose_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    services = state.get("services", [])
    route_info = state.get("route", {})
    try:
        answer = compose(runtime.context.asker, state["text"], services, state.get("blocks", {}),
                         bool(route_info.get("answer_from_blocks")))
    except (ModelError, ModelAnswerError) as err:
        _trace(runtime, state, "compose", "fehler", {"error": str(err)})
        reports = [s["answer"] for s in services if s.get("answer")]
        answer = "\n".join(reports) if reports else model_down_answer(err)
    if not answer:
        answer = "\n".join(s["answer"] for s in services if s.get("answer")) or "…"
    if route_info.get("model_error") and not services:
        answer = route_info["model_error"]
    _trace(runtime, state, "compose", "antwort", {"answer": answer})
    return {"answer": answer}
