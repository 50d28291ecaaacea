"""Per-run dependencies handed to every node and agent through the graph's runtime context (never globals).

The stores are typed by small Protocols naming only what the agents call: a transaction on the database
(repositories take it), the Redis commands the agents and their repositories use, the embedder's two
methods. The concrete classes (`store.db.Database`, `redis.Redis`, `embed.*`) satisfy them structurally.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import Holdings
from novaberg.agents.registry import EMPTY_REGISTRY, Registry
from novaberg.core.logs import PipelineLog
from novaberg.llm.ask import Asker

__all__ = ["Database", "Deps", "Embedder", "KeyValueStore"]


class Database(Protocol):
    def transaction(self, seconds: float | None = None) -> AbstractContextManager[Any]: ...


class KeyValueStore(Protocol):
    """The Redis commands used below the graph (pending questions, situation, heartbeat, file jobs)."""

    def get(self, name: str) -> Any: ...
    def set(self, name: str, value: Any, ex: int | None = None) -> Any: ...
    def delete(self, *names: str) -> Any: ...
    def pipeline(self, transaction: bool = True) -> Any: ...
    def register_script(self, script: str) -> Any: ...
    def hgetall(self, name: str) -> Any: ...
    def hdel(self, name: str, *keys: str) -> Any: ...
    def rpush(self, name: str, *values: Any) -> Any: ...
    def scan_iter(self, match: str | None = None) -> Iterator[Any]: ...


class Embedder(Protocol):
    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...
    def describe(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Deps:
    db: Database
    redis: KeyValueStore
    asker: Asker
    embedder: Embedder
    log: PipelineLog
    zone: ZoneInfo
    data_dir: Path | None = None  # the running Nova's data directory (Nova's own zone knowledge/ lies in it)
    registry: Registry = EMPTY_REGISTRY  # the services and block readers of this Nova (built from api.catalog)
    holdings: Holdings | None = None  # the one read of a person's rows outside their owners (`agents.holdings`)

    def holdings_read(self) -> Holdings:
        """The holdings read; loud when this Deps was built without one (a wiring error, never a silent empty)."""
        if self.holdings is None:
            raise RuntimeError("Deps.holdings is missing: the running Nova hands in graph.holdings.RepositoryHoldings")
        return self.holdings
