"""The turn graph (LangGraph): route → read_blocks → plan → (read_blocks again after a verified write)
→ deepen (read on in a file hit, dateien.md §3.0b) → files_answer (a step only when the files may
answer) → compose → judge → evaluate (→ correct → judge …, bounded; tribunal.md §2) → salience (short-term
memory)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from langgraph.graph import END, START, StateGraph

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


@lru_cache(maxsize=1)
def turn_graph() -> Any:
    graph = StateGraph(TurnState, context_schema=Deps)
    graph.add_node("route", route_node)
    graph.add_node("read_blocks", read_blocks_node)
    graph.add_node("plan", plan_node)
    graph.add_node("reread_blocks", read_blocks_node)
    graph.add_node("deepen", deepen_node)
    graph.add_node("files_answer", files_answer_node)
    graph.add_node("compose", compose_node)
    graph.add_node("judge", judge_node)
    graph.add_node("evaluate", evaluate_node)
    graph.add_node("correct", correct_node)
    graph.add_node("salience", salience_node)
    graph.add_edge(START, "route")
    graph.add_edge("route", "read_blocks")
    graph.add_edge("read_blocks", "plan")
    graph.add_conditional_edges("plan", after_plan, {"reread": "reread_blocks", "compose": "deepen"})
    graph.add_edge("reread_blocks", "deepen")
    # the files answer what nothing else did; a step only when they may
    graph.add_conditional_edges("deepen", after_deepen, {"files_answer": "files_answer", "compose": "compose"})
    graph.add_edge("files_answer", "compose")
    graph.add_edge("compose", "judge")
    graph.add_edge("judge", "evaluate")
    graph.add_conditional_edges("evaluate", after_evaluate, {"correct": "correct", "done": "salience"})
    graph.add_edge("salience", END)
    graph.add_edge("correct", "judge")
    return _Turn(graph.compile())
