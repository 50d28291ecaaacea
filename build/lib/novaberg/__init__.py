"""Nova: a German-speaking companion server (appointments, notes, files, memory, answer checks)."""

from __future__ import annotations

from typing import Any

__all__ = ["Nova"]


def __getattr__(name: str) -> Any:
    # Lazy, so `import novaberg.timeparse` does not start LangGraph and the database stack imports.
    if name == "Nova":
        from novaberg.api.nova import Nova

        return Nova
    raise AttributeError(name)
