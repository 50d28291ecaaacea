"""The deepening step of the turn (dateien.md §3.0b „Der dritte Zugang: sie liest nach, weil sie will"):
between the blocks and the composer, Nova decides whether the summary of a file hit is enough.

The admission comes first and is the deepening's own (§3.0b „Sie braucht eine eigene Zulassungsprüfung,
und die fragt die Bereitschaft"), in this order, each a named reason in the turn log:

1. `budget` — the deepening's own counter (one per turn, `files.deepening.budget`; the tribunal's
   correction rounds keep their own bound and are never booked here);
2. `bereitschaft` — the readiness (`situation.readiness`) below its floor: a crisis now or just before
   (asked before anything else about the turn, so the log says it for every turn);
3. `auftrag` — the turn is an order to the reading service itself (it reads on its own);
   `dienst:<name>` — another service served the turn, or waits for an answer (the lock on waiting
   services protects a resource; it says nothing about curiosity and does not replace the readiness);
4. `keine_treffer` — no file hit in this turn (the blocks' search, cached), nothing to deepen;
5. the weighing by the model (`files_deepen`): `reicht` or a refused answer (`verworfen:<why>`).

Only then the budget is booked and the second pass reads the candidate files; the finds go to the
composer as the block `[NACHGELESEN]` (stock, not answer) and the offline composer's brief reply. One
trace entry per turn (`vertiefung`) says whether and why. It writes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.answers.service import asked_question, best_of_lines, names_what_is_asked, quoted
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.blocks import turn_hits
from novaberg.files.deepening import budget
from novaberg.files.deepening.decide import ask_model, asked_words
from novaberg.files.deepening.second_pass import Find, read_on
from novaberg.files.deepening.stock import HEADER, block_text, offline_reply
from novaberg.files.reading.service import SERVICE_NAME as READING_SERVICE
from novaberg.graph.state import TurnState
from novaberg.situation.readiness import readiness

__all__ = ["deepen_node", "admission"]

_SERVING = ("abgeschlossen", "rueckfrage", "fehler")  # a service that answered the turn or waits for an answer


def admission(state: TurnState) -> str | None:
    """Why the deepening is not admitted by what the turn already did (None: admitted so far); the budget and
    the readiness are asked before, by the node."""
    route = state.get("route") or {}
    orders = [route.get("domain"), *(order.get("domain") for order in route.get("auftraege") or ())]
    services = state.get("services") or []
    if READING_SERVICE in orders or any(s.get("name") == READING_SERVICE for s in services):
        return "auftrag"
    serving = next((s["name"] for s in services if s.get("status") in _SERVING), None)
    if serving is not None:
        return f"dienst:{serving}"
    return None


def _cut(find: Find) -> bool:
    """The find shows only the head of its line (a paragraph longer than a line is shown)."""
    return bool(find.whole) and find.whole != find.text


def _trace(runtime: Runtime[Deps], state: TurnState, payload: dict[str, Any]) -> None:
    runtime.context.log.write(state["turn_id"], "deepen", "vertiefung", payload, state["now"])


def deepen_node(state: TurnState, runtime: Runtime[Deps]) -> dict[str, Any]:
    deps = runtime.context
    if not budget.may_spend(state.get("selbstausloesungen"), budget.DEEPENING):
        _trace(runtime, state, {"nachgelesen": False, "grund": "budget"})
        return {}
    ready = readiness(state["text"], state.get("history") or ())
    if not ready.admits:
        _trace(runtime, state, {"nachgelesen": False, "grund": "bereitschaft", "bereitschaft": ready.as_dict()})
        return {}
    refused = admission(state)
    hits = turn_hits(dict(state), deps) if refused is None else []  # cached: the blocks' search of this turn
    if refused is None and not hits:
        refused = "keine_treffer"
    if refused is not None:
        _trace(runtime, state, {"nachgelesen": False, "grund": refused, "bereitschaft": ready.as_dict()})
        return {}
    decision = ask_model(deps.asker, state["text"], hits)
    if not decision.deepen:
        why = f"verworfen:{decision.refusal}" if decision.refusal else "reicht"
        _trace(runtime, state, {"nachgelesen": False, "grund": why, "bereitschaft": ready.as_dict(),
                                "entscheidung": decision.as_dict()})
        return {}
    counters = budget.book(state.get("selbstausloesungen"), budget.DEEPENING)
    boundary = AllowListRepository(deps.db).of(state["user_id"])  # the person's own list, this turn
    reading = read_on(decision, boundary, state["text"], asked_words(state["text"]))
    question = asked_question(state["text"])
    best = None
    if question is not None and reading.finds:  # the line that answers first, by the question path's rule, and of
        # a long line (a paragraph) the sentence that answers, not the line's head cut short
        best = best_of_lines(question, [(f.whole or f.text, f.hit.relative) for f in reading.finds])
        if best is not None:
            index, sentence = best
            find = reading.finds.pop(index)
            if find.whole and find.whole != find.text:
                find = replace(find, text=quoted(sentence, question=question))
            reading.finds.insert(0, find)
    text = block_text(reading, deps.asker)
    _trace(runtime, state, {"nachgelesen": True, "grund": "zusammenfassung_reicht_nicht",
                            "bereitschaft": ready.as_dict(), "entscheidung": decision.as_dict(),
                            **reading.as_dict(), "block": text is not None})
    update: dict[str, Any] = {"selbstausloesungen": counters}
    if question is not None and reading.finds and not names_what_is_asked(
            question, f"{reading.finds[0].text} {reading.finds[0].place}"):
        text = None  # the find is about another year or thing than asked: no neighbour fact as the answer
    if text is not None:
        update["blocks"] = {**(state.get("blocks") or {}), HEADER: text}
        update["vertiefung"] = {"antwort": offline_reply(reading),
                                "fundstellen": [find.place for find in reading.finds],
                                "fund": reading.finds[0].text if reading.finds else "",
                                # the head of a long line no sentence of which answers is no find that stands
                                "traegt": not (best is None and question is not None and reading.finds
                                               and _cut(reading.finds[0])),
                                "fehlend": list(reading.problems)}
    return update
