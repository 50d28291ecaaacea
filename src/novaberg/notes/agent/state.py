"""The typed state of the notes subgraph: request fields, the classification, the chosen note, the outcome."""

from __future__ import annotations

import operator
from datetime import datetime
from typing import Annotated, Any, TypedDict
from uuid import UUID

__all__ = ["NotesState"]


class NotesState(TypedDict, total=False):
    # the request (agents.services.AgentRequest)
    user_id: str
    character_id: str
    text: str
    now: datetime
    turn_id: UUID | None
    request_action: str
    pending_in: dict[str, Any] | None
    history: list[tuple[str, str]]
    kontext: dict[str, Any]
    lesart: Any  # the turn's reading (`text.intents.Reading`) when the route read this turn, else None
    # the classification (§3)
    action: str
    target: str
    target_typ: str
    normalisiert: str
    neuer_name: str
    inhalt: str
    aufgabe: str  # the literal content source: the request text, or the original request after a question
    # create flags (§5 Create 1 and 4, §7)
    name_offered: bool
    skip_duplicate: bool
    create_empty: bool
    content_override: str | None
    # the note the search or the answer chose: {'id', 'name', ...}
    note: dict[str, Any] | None
    # the outcome
    status: str
    answer: str
    steps: Annotated[list[dict[str, Any]], operator.add]
    pending_out: dict[str, Any] | None
    data: dict[str, Any]
    wrote: bool
    verified: bool
