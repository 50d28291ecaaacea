"""What LangGraph itself costs per invoke, option by option, on graphs of the turn's shape.

Run: .venv/bin/python -m bench.turn_langgraph [--runs N]

The nodes do nothing (each returns one key), so every figure is the runner's own CPU time in this thread
(`time.thread_time`, median of N invokes, the cases taking turns): the turn graph's state (`TurnState`, 24 keys) through a chain of
nodes, the options of `invoke`/`compile`, a conditional edge in place of a step, and an agent's six-node
subgraph invoked inside a node (as the timeline and notes services do) against the same subgraph added as a
node of the parent. Nothing here is a test.
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from novaberg.graph.state import TurnState


@dataclass(frozen=True)
class _Context:
    name: str = "bench"


_INPUT = {"turn_id": 1, "user_id": "u", "character_id": "c", "text": "Was steht diese Woche an?", "now": 0,
          "history": [("Hallo", "Hallo!")]}


def _node(state: TurnState, runtime: Runtime[_Context]) -> dict[str, Any]:
    return {"answer": "x"}


def _noop(state: TurnState, runtime: Runtime[_Context]) -> dict[str, Any]:
    return {}


def chain(nodes: int, skip_one: bool = False, compile_args: dict[str, Any] | None = None) -> Any:
    """`nodes` steps in a row; `skip_one`: the second-to-last is passed by a conditional edge, never run."""
    graph = StateGraph(TurnState, context_schema=_Context)
    names = [f"n{i}" for i in range(nodes)]
    for name in names:
        graph.add_node(name, _noop if skip_one and name == names[-2] else _node)
    graph.add_edge(START, names[0])
    for before, after in zip(names, names[1:], strict=False):
        if skip_one and after == names[-2]:  # the conditional edge always goes past the skipped node
            graph.add_conditional_edges(before, lambda _state, last=names[-1]: last,
                                        {names[-2]: names[-2], names[-1]: names[-1]})
        else:
            graph.add_edge(before, after)
    graph.add_edge(names[-1], END)
    return graph.compile(**(compile_args or {}))


def _parent_calling(sub: Any) -> Any:
    def call(state: TurnState, runtime: Runtime[_Context]) -> dict[str, Any]:
        return {"answer": sub.invoke(dict(_INPUT), context=runtime.context)["answer"]}

    graph = StateGraph(TurnState, context_schema=_Context)
    graph.add_node("plan", call)
    graph.add_edge(START, "plan")
    graph.add_edge("plan", END)
    return graph.compile()


def _parent_holding(sub: Any) -> Any:
    graph = StateGraph(TurnState, context_schema=_Context)
    graph.add_node("plan", sub)
    graph.add_edge(START, "plan")
    graph.add_edge("plan", END)
    return graph.compile()


def cpu_ms(calls: list[Callable[[], Any]], runs: int) -> list[float]:
    """Median CPU ms per call of each; the calls take turns (20 at a time) so a change of the machine's load
    falls on all of them alike."""
    samples: list[list[float]] = [[] for _ in calls]
    for call in calls:
        for _ in range(5):
            call()
    for _ in range(max(1, runs // 20)):
        for index, call in enumerate(calls):
            for _ in range(20):
                started = time.thread_time()
                call()
                samples[index].append((time.thread_time() - started) * 1000)
    return [statistics.median(taken) for taken in samples]


def cases() -> list[tuple[str, Callable[[], Any]]]:
    context = _Context()
    one, six, eleven = chain(1), chain(6), chain(11)
    skipping = chain(4, skip_one=True)
    four = chain(4)
    no_checkpointer = chain(11, compile_args={"checkpointer": False})
    sub = chain(6)
    calling, holding = _parent_calling(sub), _parent_holding(sub)
    return [
        ("1 node, compiled once (invoke only)", lambda: one.invoke(dict(_INPUT), context=context)),
        ("6 nodes in a row", lambda: six.invoke(dict(_INPUT), context=context)),
        ("11 nodes in a row (the turn graph's size)", lambda: eleven.invoke(dict(_INPUT), context=context)),
        ("11 nodes, compiled on every call", lambda: chain(11).invoke(dict(_INPUT), context=context)),
        ("11 nodes, stream_mode='updates' (consumed)",
         lambda: list(eleven.stream(dict(_INPUT), context=context, stream_mode="updates"))),
        ("11 nodes, config callbacks=[]", lambda: eleven.invoke(dict(_INPUT), {"callbacks": []}, context=context)),
        ("11 nodes, durability='exit'", lambda: eleven.invoke(dict(_INPUT), context=context, durability="exit")),
        ("11 nodes, compiled with checkpointer=False", lambda: no_checkpointer.invoke(dict(_INPUT), context=context)),
        ("4 nodes, each run", lambda: four.invoke(dict(_INPUT), context=context)),
        ("4 nodes, one passed by a conditional edge", lambda: skipping.invoke(dict(_INPUT), context=context)),
        ("6-node subgraph invoked alone", lambda: sub.invoke(dict(_INPUT), context=context)),
        ("1 node invoking the 6-node subgraph (the services' way)",
         lambda: calling.invoke(dict(_INPUT), context=context)),
        ("the 6-node subgraph as a node of the parent",
         lambda: holding.invoke(dict(_INPUT), context=context)),
    ]


def main() -> None:
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 300
    warnings.simplefilter("ignore")  # durability without a checkpointer warns once per call
    print("| LangGraph option (no-op nodes, TurnState) | CPU ms per invoke (median) |")
    print("|---|---|")
    table = cases()
    for (label, _), ms in zip(table, cpu_ms([call for _, call in table], runs), strict=True):
        print(f"| {label} | {ms:.3f} |")


if __name__ == "__main__":
    main()
