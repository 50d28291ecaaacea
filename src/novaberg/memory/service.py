"""The memory's look inside: `Nova.memory.short_term/long_term`, `show`, `reembed`.

Stable for other checks: both lists hold plain dicts — `inhalt`, the salience or the weights, the
times, `aktiv` — and the ids cross the edge rules first (bad input: a clear error, nothing read).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from novaberg.core.edge import check_id
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory

__all__ = ["MemoryService"]


class MemoryService:
    def __init__(self, db: Any, redis: Any, embedder: Any) -> None:
        self._repo = LongTermRepository(db)
        self._redis = redis
        self._embedder = embedder

    def short_term(self, user_id: str, character_id: str) -> list[dict[str, Any]]:
        """The pair's short-term entries, newest first: inhalt, salienz, salienz_roh, grund, erstellt_am,
        ttl_sekunden (Redis' remaining TTL), turn_id, key, lzg_id (set after a match)."""
        check_id(user_id, "user_id")
        check_id(character_id, "character_id")
        return ShortTermMemory(self._redis).entries(user_id, character_id)

    def long_term(self, user_id: str, character_id: str, active_only: bool = True) -> list[dict[str, Any]]:
        """The pair's long-term nodes in the order they were made: inhalt, aktiv, gewicht_decay, salienz,
        kzg_erstellt_am, erstellt_am, aktualisiert_am, turn_id, and `kanten` (target id → weight)."""
        check_id(user_id, "user_id")
        check_id(character_id, "character_id")
        if not isinstance(active_only, bool):
            raise ValueError("active_only must be true or false")
        nodes = self._repo.list(user_id, character_id, active_only)
        edges: dict[int, dict[int, float]] = {}
        for edge in self._repo.edges(user_id, character_id):
            edges.setdefault(edge["von_id"], {})[edge["nach_id"]] = round(float(edge["gewicht"]), 4)
        return [{**node, "kanten": edges.get(node["id"], {})} for node in nodes]

    def show(self, user_id: str, character_id: str) -> dict[str, Any]:
        return {"user_id": user_id, "character_id": character_id,
                "kurzzeit": self.short_term(user_id, character_id),
                "langzeit": self.long_term(user_id, character_id, active_only=False),
                "embedder": self._repo.recorded_embedder()}

    def reembed(self, now: datetime) -> int:
        """Every long-term node embedded anew with this process' embedder; returns how many."""
        return self._repo.reembed(self._embedder, now)
