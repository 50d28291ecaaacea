"""Agent nodes merged into one graph step end in the same state as the two steps did (agents.one_step)."""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from langgraph.graph import END, START, StateGraph

from novaberg.agents.one_step import one_step


class _State(TypedDict, total=False):
    steps: Annotated[list[dict[str, Any]], operator.add]
    status: str
    seen: list[str]


def _write(state: _State, runtime: Any) -> dict[str, Any]:
    return {"status": "geschrieben", "steps": [{"schritt": "ausfuehren"}]}


def _confirm(state: _State) -> dict[str, Any]:
    # what the confirmation saw: the write's status and every step so far
    return {"status": "abgeschlossen", "seen": [state["status"], *(s["schritt"] for s in state["steps"])],
            "steps": [{"schritt": "bestaetigen"}]}


def _run(merged: bool) -> tuple[dict[str, Any], list[str]]:
    graph = StateGraph(_State)
    if merged:
        graph.add_node("ausfuehren", one_step(_write, _confirm))
        graph.add_edge(START, "ausfuehren")
        graph.add_edge("ausfuehren", END)
    else:
        graph.add_node("ausfuehren", _write)
        graph.add_node("bestaetigen", _confirm)
        graph.add_edge(START, "ausfuehren")
        graph.add_edge("ausfuehren", "bestaetigen")
        graph.add_edge("bestaetigen", END)
    compiled = graph.compile()
    ran = [name for chunk in compiled.stream({"steps": [{"schritt": "suchen"}]}, stream_mode="updates")
           for name in chunk]
    return compiled.invoke({"steps": [{"schritt": "suchen"}]}), ran


def test_a_write_and_its_confirmation_in_one_step_end_as_two_steps_did():
    """The confirmation sees the write's update (its status, its step after the earlier ones); the steps are
    appended in order, not replaced; one graph step instead of two."""
    two, two_ran = _run(merged=False)
    one, one_ran = _run(merged=True)
    assert one == two
    assert one["seen"] == ["geschrieben", "suchen", "ausfuehren"]
    assert [s["schritt"] for s in one["steps"]] == ["suchen", "ausfuehren", "bestaetigen"]
    assert (two_ran, one_ran) == (["ausfuehren", "bestaetigen"], ["ausfuehren"])
