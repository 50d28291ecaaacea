"""The timeline agent as a LangGraph subgraph (timeline.md §2.1, §2.2): validate → resume → classify → search
→ execute → confirm, routed as built: every action goes through `suchen`.

```
validieren ── fehler → END │ resume → resume │ agent → klassifizieren │ create/read/… → suchen
resume ────── status set → END │ a plan or a row → ausfuehren │ an order → suchen
klassifizieren ── fehler/rejected → END │ sonst → suchen
suchen ────── fehler/rueckfrage/abgeschlossen → END │ sonst → ausfuehren → bestaetigen → END
```
"""

from __future__ import annotations

import operator
from datetime import datetime
from functools import lru_cache
from typing import Annotated, Any, TypedDict
from uuid import UUID

from langgraph.graph import END, START, StateGraph

from novaberg.agents.deps import Deps
from novaberg.agents.services import AgentRequest
from novaberg.timeline.agent import const
from novaberg.timeline.agent.classify import classify
from novaberg.timeline.agent.confirm import confirm
from novaberg.timeline.agent.crud import execute
from novaberg.timeline.agent.resume import resume
from novaberg.timeline.agent.search import search
from novaberg.timeline.agent.texts import say

__all__ = ["AgentState", "validate", "after_validate", "after_resume", "after_classify", "after_search",
           "agent_graph", "run_agent"]


class AgentState(TypedDict, total=False):
    user_id: str
    character_id: str
    text: str
    now: datetime  # aware, local: the turn's clock
    turn_id: UUID | None
    action: str  # 'agent' | 'resume' | a pre-classified action
    pending: dict[str, Any] | None  # the question being answered (resume)
    kontext: dict[str, Any]
    history: tuple[tuple[str, str], ...]
    lesart: Any  # the turn's reading (`text.intents.Reading`) when the route read this turn, else None
    order: dict[str, Any]  # action, target, zeitausdruck, event_type, normalisiert, hints, konfidenz
    row: dict[str, Any]  # the one row to act on (JSON-safe reference)
    plan: dict[str, Any]  # create: the new row; reschedule: a preset moment (answer to a question)
    series_answer: dict[str, Any]  # the answer to „one or the whole series?“ (scope, words, target)
    status: str
    answer: str
    pending_out: dict[str, Any] | None
    data: dict[str, Any]
    steps: Annotated[list[dict[str, Any]], operator.add]


def validate(state: AgentState) -> dict[str, Any]:
    """Node `validieren`: the pair, the action, the text — before anything is read or written."""
    if not str(state.get("user_id") or "").strip() or not str(state.get("character_id") or "").strip():
        return {"status": "fehler", "answer": say("pair_missing"),
                "steps": [{"schritt": const.NODE_VALIDATE, "fehler": "paar_unvollstaendig"}]}
    action = state.get("action")
    text = state.get("text")
    now = state.get("now")
    problem = ""
    if action not in ("agent", "resume", *const.ACTIONS):
        problem = "unbekannte_aktion"
    elif not isinstance(text, str) or not text.strip():
        problem = "text_leer"
    elif not isinstance(now, datetime) or now.tzinfo is None:
        problem = "uhr_fehlt"
    elif action == "resume" and not isinstance(state.get("pending"), dict):
        problem = "rueckfrage_fehlt"
    if problem:
        return {"status": "fehler", "answer": say("bad_request"),
                "steps": [{"schritt": const.NODE_VALIDATE, "fehler": problem}]}
    update: dict[str, Any] = {"steps": [{"schritt": const.NODE_VALIDATE, "aktion": action}]}
    if action in const.ACTIONS:  # pre-classified (§2.2: skips the classify node)
        update["order"] = {"action": action, "target": "", "zeitausdruck": "", "event_type": "termin",
                           "normalisiert": "", "hints": [], "konfidenz": const.CONFIDENCE_HIGH,
                           **(state.get("kontext") or {}).get("order", {})}
    return update


def after_validate(state: AgentState) -> str:
    if state.get("status"):
        return END
    action = state["action"]
    if action == "resume":
        return const.NODE_RESUME
    if action == "agent":
        return const.NODE_CLASSIFY
    return const.NODE_SEARCH


def after_resume(state: AgentState) -> str:
    if state.get("status"):
        return END
    if state.get("plan") and (state.get("row") or (state.get("order") or {}).get("action") == "create"):
        return const.NODE_EXECUTE  # a moved row, or a create whose half of day the answer settled
    if state.get("series_answer") and state.get("row"):
        return const.NODE_EXECUTE  # the series and which of it the answer meant
    return const.NODE_SEARCH


def after_classify(state: AgentState) -> str:
    return END if state.get("status") else const.NODE_SEARCH


def after_search(state: AgentState) -> str:
    return END if state.get("status") else const.NODE_EXECUTE


@lru_cache(maxsize=1)
def agent_graph() -> Any:
    graph = StateGraph(AgentState, context_schema=Deps)
    graph.add_node(const.NODE_VALIDATE, validate)
    graph.add_node(const.NODE_RESUME, resume)
    graph.add_node(const.NODE_CLASSIFY, classify)
    graph.add_node(const.NODE_SEARCH, search)
    graph.add_node(const.NODE_EXECUTE, execute)
    graph.add_node(const.NODE_CONFIRM, confirm)
    graph.add_edge(START, const.NODE_VALIDATE)
    graph.add_conditional_edges(const.NODE_VALIDATE, after_validate,
                                [END, const.NODE_RESUME, const.NODE_CLASSIFY, const.NODE_SEARCH])
    graph.add_conditional_edges(const.NODE_RESUME, after_resume, [END, const.NODE_EXECUTE, const.NODE_SEARCH])
    graph.add_conditional_edges(const.NODE_CLASSIFY, after_classify, [END, const.NODE_SEARCH])
    graph.add_conditional_edges(const.NODE_SEARCH, after_search, [END, const.NODE_EXECUTE])
    graph.add_edge(const.NODE_EXECUTE, const.NODE_CONFIRM)
    graph.add_edge(const.NODE_CONFIRM, END)
    return graph.compile()


def run_agent(request: AgentRequest, deps: Deps) -> dict[str, Any]:
    """One run of the subgraph for a request of the turn; returns the final state."""
    state: AgentState = {
        "user_id": request.user_id, "character_id": request.character_id, "text": request.text,
        "now": request.now.astimezone(deps.zone) if request.now.tzinfo else request.now,
        "turn_id": request.turn_id, "action": request.action, "pending": request.pending,
        "kontext": dict(request.kontext), "history": tuple(request.history), "lesart": request.reading,
        "steps": [],
    }
    return agent_graph().invoke(state, context=deps)
