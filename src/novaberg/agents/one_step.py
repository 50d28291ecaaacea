"""Nodes of an agent's subgraph that always run one after the other, run as one LangGraph step.

LangGraph's cost is per step (its runner's bookkeeping between two nodes); a write and its confirmation have
nothing between them. The merged node gives each node the state with the updates before it and returns the
updates merged: a key with a list reducer (`appended`, the agents' `steps`) gets the nodes' lists one after the
other, as two steps would have added them; any other key takes the later value, as between two steps.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps

__all__ = ["one_step"]


def one_step(*nodes: Callable[..., Any], appended: tuple[str, ...] = ("steps",)) -> Callable[..., dict[str, Any]]:
    """A node running `nodes` in order (each takes the state, or the state and the runtime)."""
    with_runtime = [len(inspect.signature(node).parameters) > 1 for node in nodes]

    def merged_node(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        current = dict(state)
        for node, takes_runtime in zip(nodes, with_runtime, strict=True):
            update = (node(current, runtime) if takes_runtime else node(current)) or {}
            for key, value in update.items():
                if key in appended:
                    merged[key] = [*merged.get(key, []), *value]
                    current[key] = [*current.get(key, []), *value]
                else:
                    merged[key] = current[key] = value
        return merged

    merged_node.__name__ = "_then_".join(node.__name__ for node in nodes)
    merged_node.__module__ = nodes[0].__module__
    return merged_node
