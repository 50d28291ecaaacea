"""The registry of one running Nova: its services (with their route hints) and its block readers, in a stated
order. Built by `Nova` from the one explicit list (`api.catalog`) and handed to the graph in `Deps.registry`;
nothing registers on import.

Routing ties: the offline router takes the highest route hint; on a tie the service listed FIRST wins (the
order of `api.catalog.SERVICES`). Blocks are read in the order of the readers' list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from novaberg.agents.readers import Block
from novaberg.agents.services import Service

__all__ = ["Reader", "Registry", "ServiceEntry", "EMPTY_REGISTRY"]

Reader = Callable[[dict[str, Any], Any], Block | None]  # (turn state, deps) -> block or None


@dataclass(frozen=True)
class ServiceEntry:
    service: Service
    # The offline router's score, one scale for every service: 0 not mine · ~0.2 a mention (the service
    # answers it with `rejected`) · 0.5–0.7 a plausible order without its own object word · 0.85–0.9 an
    # order or question naming the service's object (Termin, Liste, Notiz) · 0.95+ an explicit order in
    # the service's own phrasing. The highest score wins; a tie goes to the service listed first.
    route_hint: Callable[[str], float]

    @property
    def name(self) -> str:
        return self.service.name


@dataclass(frozen=True)
class Registry:
    services: tuple[ServiceEntry, ...] = ()
    readers: tuple[tuple[str, Reader], ...] = ()

    def __post_init__(self) -> None:
        for kind, names in (("service", [e.name for e in self.services]), ("block reader", [n for n, _ in self.readers])):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise ValueError(f"{kind} listed twice in the registry: {', '.join(twice)}")

    @classmethod
    def of(cls, services: Sequence[ServiceEntry], readers: Sequence[tuple[str, Reader]]) -> Registry:
        return cls(tuple(services), tuple(readers))

    def service_named(self, name: str) -> Service | None:
        return next((e.service for e in self.services if e.name == name), None)

    def names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.services)


EMPTY_REGISTRY = Registry()
