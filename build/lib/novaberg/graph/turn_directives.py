"""The pair's directives, read once per turn: the composer speaks in their form of address and the tribunal's
jurist judges by them (tribunal.md §3.1)."""

from __future__ import annotations

import logging
from typing import Any

from novaberg.core.errors import DatabaseError

__all__ = ["read_directives"]

_log = logging.getLogger("novaberg.tribunal")


def read_directives(state: Any, deps: Any) -> list[str]:
    """The pair's directives; a database that fails here is loud in the log and the turn goes on without them."""
    from novaberg.directives.repository import DirectivesRepository

    try:
        return [d.text for d in DirectivesRepository(deps.db).list(state["user_id"], state["character_id"])]
    except DatabaseError as err:
        _log.error("directives unreadable for this turn: %s", err)
        deps.log.write(state["turn_id"], "tribunal", "fehler", {"direktiven": str(err)}, state["now"])
        return []
