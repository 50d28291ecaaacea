"""Names of the roots agent (dateien.md §2a.2, §8.2a)."""

from __future__ import annotations

from novaberg.text.root_orders import CREATE, DELETE, NONE, REACTIVATE, READ, UPDATE

SERVICE_NAME = "dateien_wurzeln"
TASK_CLASSIFY = "files_roots_classify"

# the actions are the reading's (text/root_orders.py)
ACTIONS: tuple[str, ...] = (CREATE, READ, UPDATE, DELETE, REACTIVATE, NONE)
WRITE_ACTIONS: tuple[str, ...] = (CREATE, UPDATE, DELETE, REACTIVATE)  # each behind a gate (§2a.2)

# The pending question's kinds: which answer the next turn carries.
ASK_PATH, ASK_OWNER, ASK_GATE, ASK_REVOKE, ASK_TARGET, ASK_LABEL = "pfad", "eigentum", "tor", "entzug", "ziel", "name"

MAX_PATH_CHARS = 4096  # PATH_MAX on Linux: a longer "path" from a model or a person is no path
