"""The turn graph (LangGraph): route → read_blocks → plan → (read_blocks again after a verified write)
→ deepen (read on in a file hit, dateien.md §3.0b) → files_answer (only when the files may answer) → compose
→ judge → evaluate (→ correct → judge …, bounded; tribunal.md §2) → salience (short-term memory). Nodes with
nothing between them run in one graph step (`turn_graph`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command

from novaberg.agents.deps import Deps
from novaberg.graph.deepen import deepen_node
from novaberg.graph.evaluate import after_evaluate, correct_node, evaluate_node, judge_node
from novaberg.graph.nodes import (
    after_deepen,
    after_plan,
    compose_node,
    files_answer_node,
    plan_node,
    read_blocks_node,
    route_node,
)
from novaberg.graph.state import TurnState
from novaberg.llm.ask import reporting_fallbacks
from novaberg.memory.turn_step import salience_node

__all__ = ["turn_graph", "FALLBACK_NODE", "FALLBACK_KIND"]

FALLBACK_NODE = "modell"  # the trace row of a task whose model answer was not used (llm.ask)
FALLBACK_KIND = "rueckfall"


class _Turn:
    """The compiled graph; `invoke` traces, for this turn, every task that fell back to its offline rule."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def invoke(self, state: dict[str, Any], context: Deps | None = None, **kwargs: Any) -> Any:
        def sink(task: str, why: str) -> None:
            if context is not None:
                context.log.write(state.get("turn_id"), FALLBACK_NODE, FALLBACK_KIND, {"aufgabe": task, "grund": why},
                                  state["now"], task)

        with reporting_fallbacks(sink):
            return self.graph.invoke(state, context=context, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.graph, name)


# Nodes that run one after the other with nothing between them share one graph step (LangGraph's cost is per
# step, ~0.3 ms): the graph keeps its branches (a reread after a write, the question path, the correction loop)
# as edges. The node functions are named in the bodies, so they are looked up per call (the turn benchmark
# times them one by one).
def _route_step(state: TurnState, runtime: Runtime[Deps]) -> Command[str]:
    """route, read_blocks and plan, then deepen — unless a verified write sends the turn to read the blocks it can
    change again first; then on to where the deepening's end leads (the question path or compose)."""
    update = _in_one_step(state, runtime, (route_node, read_blocks_node, plan_node))
    if after_plan({**state, **update}, runtime.context.registry) == "reread":  # type: ignore[typeddict-item]
        return Command(update=update, goto="reread_blocks")
    update = _in_one_step(state, runtime, (deepen_node,), update)
    return Command(update=update, goto=after_deepen({**state, **update}))  # type: ignore[typeddict-item]


def _reread_step(state: TurnState, runtime: Runtime[Deps]) -> Command[str]:
    """read_blocks again after a verified write, then deepen; on to where the deepening's end leads."""
    update = _in_one_step(state, runtime, (read_blocks_node, deepen_node))
    return Command(update=update, goto=after_deepen({**state, **update}))  # type: ignore[typeddict-item]


def _files_answer_step(state: TurnState, runtime: Runtime[Deps]) -> Command[str]:
    """The question path, then compose → judge → evaluate (→ salience)."""
    return _in_one_step(state, runtime, (files_answer_node, compose_node, judge_node, evaluate_node), judged=True)


def _compose_step(state: TurnState, runtime: Runtime[Deps]) -> Command[str]:
    """compose, then judge → evaluate (→ salience)."""
    return _in_one_step(state, runtime, (compose_node, judge_node, evaluate_node), judged=True)


def _judge_step(state: TurnState, runtime: Runtime[Deps]) -> Command[str]:
    """After a correction: judge → evaluate (→ salience)."""
    return _in_one_step(state, runtime, (judge_node, evaluate_node), judged=True)


def _in_one_step(state: TurnState, runtime: Runtime[Deps], nodes: tuple[Any, ...],
                 before: dict[str, Any] | None = None, judged: bool = False) -> Any:
    """The nodes one after the other in one graph step, after the update `before` of the step's first node:
    each sees the state with the updates before it, and the step returns them merged (the state has no
    reducers: a later value of a key replaces an earlier one, as between two steps). `judged`: the last node
    was evaluate — salience ends the turn when no correction follows (`after_evaluate`), as its own step did, and
    the step says where the graph goes on (`Command`: no branch reads the state again)."""
    merged: dict[str, Any] = dict(before or {})
    current: dict[str, Any] = {**state, **merged}
    for node in nodes:
        update = node(current, runtime)
        if update:
            merged.update(update)
            current.update(update)
    if not judged:
        return merged
    if after_evaluate(current) == "correct":  # type: ignore[arg-type]
        return Command(update=merged, goto="correct")
    merged.update(salience_node(current, runtime) or {})
    return Command(update=merged, goto=END)


@lru_cache(maxsize=1)
def turn_graph() -> Any:
    """The turn graph: route (with read_blocks, plan and deepen) ─┬→ compose (with judge, evaluate and, at the
    end, salience) ─┬→ END; after a verified write that a block can show route → reread_blocks (with deepen); the
    question path → files_answer (with compose, judge, evaluate, salience); a correction: → correct → judge (with
    evaluate, salience) → … (bounded)."""
    graph = StateGraph(TurnState, context_schema=Deps)
    graph.add_node("route", _route_step, destinations=("reread_blocks", "files_answer", "compose"))
    graph.add_node("reread_blocks", _reread_step, destinations=("files_answer", "compose"))
    graph.add_node("files_answer", _files_answer_step, destinations=("correct", END))
    graph.add_node("compose", _compose_step, destinations=("correct", END))
    graph.add_node("judge", _judge_step, destinations=("correct", END))
    graph.add_node("correct", correct_node)
    graph.add_edge(START, "route")
    graph.add_edge("correct", "judge")
    return _Turn(graph.compile())
