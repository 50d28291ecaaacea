"""The turn's salience step (after the tribunal): rate what the person said, keep it in the short-term
memory by band, queue it for promotion at `KZG_SALIENZ_HIGH`, and leave the passive order for events
of other persons (timeline.md §5.5) to the heartbeat.

What is kept is the person's own words, never Nova's answer: a storage claim that survived the
tribunal therefore never becomes a memory (tribunal.md, FALSCHE-BESTAETIGUNG-WIRD-ERINNERUNG). A turn
that was a command to a service is no memory either. Every failure here is logged and leaves the
answer untouched — the turn has already been answered.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import redis as redis_lib

from novaberg.agents.services import Step
from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.core.settings import KZG_SALIENZ_HIGH
from novaberg.embed.cache import embed_cached_arrays
from novaberg.memory.salience import rate, reaches
from novaberg.memory.short_term import THEMATIC_SIMILARITY, ShortTermMemory
from novaberg.memory.similarity import cosines
from novaberg.text.salience_rules import told_before_question

__all__ = ["NODE", "salience_node", "remember_turn"]

NODE = "salienz"
USER_SPEAKER = "nutzer"
STATEMENT = "rejected"  # a service found a statement, not a request (timeline.md §3a): it may be a memory
DONE = "abgeschlossen"  # a service's run ended (with or without a write: its steps say)
_log = logging.getLogger("novaberg.memory")


def salience_node(state: dict[str, Any], runtime: Any) -> dict[str, Any]:
    """LangGraph node: runs `remember_turn`; it changes nothing in the turn's state."""
    remember_turn(state, runtime.context)
    return {}


def _trace(deps: Any, state: dict[str, Any], kind: str, payload: dict[str, Any]) -> None:
    deps.log.write(state["turn_id"], NODE, kind, payload, state["now"], "memory")


def remember_turn(state: dict[str, Any], deps: Any) -> dict[str, Any]:
    """What happened, as the trace row says it (`ausgang`)."""
    outcome = _remember(state, deps)
    _trace(deps, state, "kzg", outcome)
    return outcome


def _reinforce_theme(deps: Any, memory: ShortTermMemory, user_id: str, character_id: str, key: str, text: str,
                     listed: list[dict[str, Any]]) -> dict[str, Any]:
    """synapsen-promotion.md §2: the pair's short-term entries on the same theme as this turn's are reinforced; one
    that reaches KZG_SALIENZ_HIGH so is queued for promotion (once). `listed` is the pair's index as the write read
    it back; the cosines run on the embedder's cached float64 arrays. A failure of the embedder is logged, never
    raised — the entry itself stands."""
    neighbours = [e for e in listed if e["key"] != key and e["inhalt"].strip() and not e.get("lzg_id")]
    if not neighbours:
        return {}
    try:
        vectors = embed_cached_arrays(deps.embedder, [text, *(e["inhalt"] for e in neighbours)])
    except ModelError as err:
        _log.error("thematic reinforcement skipped: %s", err)
        return {"verstaerkung_fehler": str(err)}
    close = [e for e, score in zip(neighbours, cosines(vectors[0], vectors[1:]), strict=True)
             if score >= THEMATIC_SIMILARITY]
    results = memory.reinforce_all(user_id, character_id, [e["key"] for e in close])
    return {"verstaerkt": sum(1 for r in results if r >= 0), "verstaerkt_eingereiht": sum(1 for r in results if r == 1)}


def _read_only(service: dict[str, Any]) -> bool:
    """A service that answered without writing (a search, a question): what she told before her question is still
    hers to remember (*Ich nehme Eisentabletten. Zählt das zu den Medikamenten?*); an order never is."""
    return service.get("status") == DONE and not any(Step.read(step).writes for step in service.get("steps") or [])


def _remember(state: dict[str, Any], deps: Any) -> dict[str, Any]:
    route = state.get("route") or {}
    if route.get("model_error"):
        return {"ausgang": "modell_fehler"}
    commands = [s for s in state.get("services") or [] if s.get("status") != STATEMENT]
    text = str(state.get("text", "")).strip()
    told_first = text.endswith("?") and bool(told_before_question(text)) and all(map(_read_only, commands))
    if commands and not told_first or route.get("management_action") == "resume":
        return {"ausgang": "dienstauftrag"}  # a command or a question to a service is no memory
    try:
        rating = rate(deps.asker, text, state.get("history") or [])
    except (ModelError, ModelAnswerError) as err:
        _log.error("salience not rated: %s", err)
        return {"ausgang": "salienz_fehler", "fehler": str(err)}
    value = rating.effective
    outcome: dict[str, Any] = {"salienz_roh": rating.raw, "salienz": round(value, 5), "grund": rating.reason}
    user_id, character_id = state["user_id"], state["character_id"]
    try:
        passive = None
        if reaches(value, KZG_SALIENZ_HIGH):  # timeline.md §5.5 *Grenze*: on the curved scale
            passive = json.dumps({"turn_id": str(state["turn_id"]), "user_id": user_id, "character_id": character_id,
                                  "salienz": round(value, 5),
                                  "kandidaten": [{"nummer": 1, "text": text, "sprecher": USER_SPEAKER}],
                                  "erstellt_am": state["now"].isoformat()}, ensure_ascii=False)
        memory = ShortTermMemory(deps.redis)  # the entry, its orders and the pair's index in one trip
        entry, listed = memory.write_and_list(user_id, character_id, str(state["turn_id"]), text, value, rating.raw,
                                              rating.reason, state["now"], passive_order=passive)
        if entry is None:
            return {**outcome, "ausgang": "unter_minimum"}
        outcome.update(ausgang="gemerkt", schluessel=entry.key, ttl_tage=entry.ttl_days, eingereiht=entry.queued)
        if passive is not None:
            outcome["ereignis_auftrag"] = True
        outcome.update(_reinforce_theme(deps, memory, user_id, character_id, entry.key, text, listed))
    except redis_lib.RedisError as err:  # Redis down: the turn stands, no memory this turn — said in the log
        _log.error("short-term memory unreachable, nothing kept of this turn: %s", err)
        return {**outcome, "ausgang": "kzg_nicht_erreichbar", "fehler": str(err)}
    return outcome
