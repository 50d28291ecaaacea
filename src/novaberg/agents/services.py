"""The contract between the turn and the agents (services): request in, result out, registered by name.

An agent package defines its service object and route hint; `api.catalog` lists them (no registration on
import). The turn graph knows no agent by name; the router picks one, the planner runs it, the composer says
what it reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from novaberg.text.intents import Reading

__all__ = [
    "NOT_FOUND",
    "VERIFIED_KEY",
    "Step",
    "step_verified",
    "wrote_verifiably",
    "STATUSES",
    "AgentRequest",
    "ServiceResult",
    "Service",
]

# Status values are fixed by the specification (README digest "Turn pipeline").
STATUSES = ("abgeschlossen", "rueckfrage", "fehler", "rejected", "dismissed")
# `data` flag of a result that found nothing under the name it was given and wrote nothing: the object may
# belong to another service (*Streich die Eier* is no appointment but an item of a list)
NOT_FOUND = "nicht_gefunden"


# The spec's key of a step that was read back after writing (`verifiziert`); only `True` proves a write.
VERIFIED_KEY = "verifiziert"


@dataclass(frozen=True)
class Step:
    """One step of a service's run. `verified` is True only for a write that was read back and agreed; the
    dict form (`as_dict`, the JSON of `result.services`) names it with the spec's key `verifiziert`."""

    name: str  # `schritt`
    verified: bool = False
    writes: bool = False  # a write step: its dict carries `verifiziert` (False too), a read step none
    details: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schritt": self.name, **self.details}
        if self.writes or self.verified:
            out[VERIFIED_KEY] = self.verified
        return out

    @classmethod
    def read(cls, raw: Step | Mapping[str, Any] | object) -> Step:
        """The typed step of a step dict (the one place that reads the spec's key); anything else verifies
        nothing (`"true"`, 1 or a missing key are no proof)."""
        if isinstance(raw, Step):
            return raw
        if not isinstance(raw, Mapping):
            return cls("", False)
        flag = raw.get(VERIFIED_KEY)
        details = {k: v for k, v in raw.items() if k not in ("schritt", VERIFIED_KEY)}
        return cls(str(raw.get("schritt") or ""), flag is True, VERIFIED_KEY in raw, details)


def step_verified(raw: Step | Mapping[str, Any] | object) -> bool:
    return Step.read(raw).verified


def wrote_verifiably(steps: object) -> bool:
    """A service wrote verifiably when one of its steps is a verified write (tribunal.md "Ein Lesevorgang deckt
    nicht"): the one rule for the tribunal, the planner's re-read and the situation."""
    return isinstance(steps, list | tuple) and any(step_verified(step) for step in steps)


@dataclass(frozen=True)
class AgentRequest:
    user_id: str
    character_id: str
    text: str
    now: datetime
    turn_id: UUID
    action: str = "agent"  # 'agent' (classify first) | 'resume' (answer to a pending question)
    pending: dict[str, Any] | None = None
    history: tuple[tuple[str, str], ...] = ()  # previous (person, Nova) turn pairs, oldest first
    kontext: dict[str, Any] = field(default_factory=dict)  # [OBJEKT] / [ZUSTIMMUNG] material etc.
    # the turn as read once by the route (`text.intents`): intent, slots, mood; None for a service run on
    # another text than the turn's (one of several orders) — a service may use it, none must
    reading: Reading | None = None


@dataclass
class ServiceResult:
    name: str
    status: str
    answer: str
    steps: list[Step | dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None  # resume state, stored when status == 'rueckfrage'
    data: dict[str, Any] = field(default_factory=dict)  # e.g. timeline_id (clipboard), lines read

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown service status {self.status!r}; one of {STATUSES}")

    @property
    def verified(self) -> bool:
        """A write of this run was read back and agreed (typed; see `Step`)."""
        return wrote_verifiably(self.steps)

    def as_dict(self) -> dict[str, Any]:
        steps = [step.as_dict() if isinstance(step, Step) else step for step in self.steps]
        return {"name": self.name, "status": self.status, "answer": self.answer, "steps": steps,
                "data": self.data}


class Service(Protocol):
    name: str
    description: str  # one German line for the router prompt

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult: ...
