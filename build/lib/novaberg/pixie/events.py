"""The job over the passive orders of events of other persons (timeline.md §5.5): the turn's salience step
leaves an order above `KZG_SALIENZ_HIGH`; here each is moved to the work list, run through the timeline's
event service with the clock of the turn it came from, and removed when done (leftovers put back first).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from novaberg.memory.keys import EVENT_ORDERS, EVENT_ORDERS_WORK
from novaberg.timeline.events import process_event_orders

__all__ = ["run_event_orders"]

_log = logging.getLogger("novaberg.pixie")


def run_event_orders(redis: Any, deps: Any, now: datetime) -> dict[str, Any]:
    counts = {"auftraege": 0, "zurueckgelegt": 0, "verworfen": 0, "ausgaenge": {}}
    while redis.lmove(EVENT_ORDERS_WORK, EVENT_ORDERS, "RIGHT", "LEFT") is not None:
        counts["zurueckgelegt"] += 1
    while (raw := redis.lmove(EVENT_ORDERS, EVENT_ORDERS_WORK, "LEFT", "RIGHT")) is not None:
        try:
            order = json.loads(raw)
            said_at = datetime.fromisoformat(order["erstellt_am"])
            if not isinstance(order, dict) or said_at.tzinfo is None:
                raise ValueError("order is no object with an aware erstellt_am")
        except (ValueError, KeyError, TypeError) as err:
            _log.error("event order unreadable, dropped: %s (%r)", err, raw[:200])
            deps.log.background("ereignisse", "fehler", {"roh": raw[:500], "fehler": str(err)}, now)
            counts["verworfen"] += 1
        else:
            outcome = process_event_orders(order, deps, said_at)
            counts["ausgaenge"][outcome.outcome] = counts["ausgaenge"].get(outcome.outcome, 0) + 1
            counts["auftraege"] += 1
        redis.lrem(EVENT_ORDERS_WORK, 1, raw)
    return counts
