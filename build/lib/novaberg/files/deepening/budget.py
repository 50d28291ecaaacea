"""The self-trigger budget, booked per reason (dateien.md §3.0b „Und das Budget ist geteilt — das ist die
Falle").

The spec leaves one decision open: separate counters per reason, or one shared counter with precedence for
the repair. **Decided: separate counters per reason.** A shared pot needs a precedence rule that must be
right in exactly the turns where much was read — the turns the trap describes; separate counters cannot
starve each other by construction. Here the deepening has its own counter with a bound of one per turn;
the repair of this code base — the tribunal's correction rounds (`correction_round`, bounded in
`tribunal.evaluate`) — keeps its own bound and is never booked here, so a deepening can take nothing away
from it. A new reason gets its own line in `BUDGETS`; an unknown reason has no budget (loud).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["DEEPENING", "BUDGETS", "may_spend", "book"]

DEEPENING = "vertiefung"
BUDGETS: Mapping[str, int] = {DEEPENING: 1}  # per turn


def may_spend(counters: Mapping[str, int] | None, reason: str) -> bool:
    """Whether `reason` has budget left in this turn (`counters`: the turn's bookings per reason)."""
    if reason not in BUDGETS:
        raise KeyError(f"no self-trigger budget for reason {reason!r}")
    return int((counters or {}).get(reason, 0)) < BUDGETS[reason]


def book(counters: Mapping[str, int] | None, reason: str) -> dict[str, int]:
    """The counters with one more booking for `reason` (a new dict; the others untouched)."""
    if not may_spend(counters, reason):
        raise ValueError(f"self-trigger budget for {reason!r} is spent")
    updated = dict(counters or {})
    updated[reason] = updated.get(reason, 0) + 1
    return updated
