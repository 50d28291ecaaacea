"""The turn's typed state: each node returns a partial update."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict
from uuid import UUID

__all__ = ["TurnState"]


class TurnState(TypedDict, total=False):
    turn_id: UUID
    user_id: str
    character_id: str
    text: str
    now: datetime
    history: list[tuple[str, str]]
    route: dict[str, Any]  # domain, management_action ('agent' | 'resume' | 'keine'), timeline_query
    lesart: dict[str, Any]  # the turn read once (`text.intents.Reading.as_dict`): intent, service, slots, mood
    blocks: dict[str, str]  # prompt blocks for the composer, e.g. "[TERMINE]"
    block_reads: dict[str, Any]  # reader name → its Block (or None) as last read: what a re-read keeps
    services: list[dict[str, Any]]
    answer: str
    answer_by_rule: bool  # the answer is the services' reports said by rule: no model wrote it
    verdict: str
    correction_round: int
    orders: list[str]  # the computed checks' orders for the corrector
    findings: list[dict[str, str]]  # wrong weekday phrases and their corrections
    directives: list[str]  # the pair's directives, read once per turn (only the jurist sees them)
    votes: list[dict[str, Any]]  # the judges' votes of the latest round (tribunal.md §7 `tribunal_votes`)
    summary: str  # the corrector's summary: computed orders, then `[agent] reasoning` of non-ok votes (§5.5)
    reasons: list[str]  # the non-ok reasonings of the final round, for the person's view
    incomplete: list[str]  # judges of the final round without a judgement: the verdict is incomplete
    clipboard: dict[str, Any]
    sachlage: dict[str, Any]  # the Lage of the turn (novaberg.situation): acute objects, refusals
    angebot: dict[str, Any]  # the offer the answer that went out made, kept as [OBJEKT]
    selbstausloesungen: dict[str, int]  # self-triggers booked per reason this turn (dateien.md §3.0b, own budget)
    vertiefung: dict[str, Any]  # the deepening's result for the composer: offline reply, locations (§3.0b)
    computed: dict[str, Any]  # the judge node's computed check with the answer and round it checked (tribunal)
