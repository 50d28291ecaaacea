"""The registry of one running Nova: its services (with their route hints) and its block readers, in a stated
order. Built by `Nova` from the one explicit list (`api.catalog`) and handed to the graph in `Deps.registry`;
nothing registers on import.

Routing: each entry declares the intents its service owns (`text.intents`, templates in data) and what the
router must know of it beyond them (`Declared`); the router names no service. Where no declared intent
matches, the route hints decide as before: the highest wins, on a tie the service listed FIRST (the order of
`api.catalog.SERVICES`). Blocks are read in the order of the readers' list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import Holdings
from novaberg.agents.readers import Block
from novaberg.agents.services import Service
from novaberg.text.intents import EMPTY, IntentSet

__all__ = ["Reader", "Registry", "ServiceEntry", "Declared", "BareSide", "SideOrder", "EMPTY_REGISTRY"]

Reader = Callable[[dict[str, Any], Any], Block | None]  # (turn state, deps) -> block or None


def _never(text: str) -> bool:
    return False


def _no_parts(text: str) -> list[str]:
    return []


def _never_in_time(text: str, now: datetime, zone: ZoneInfo) -> bool:
    return False


@dataclass(frozen=True)
class SideOrder:
    """A bare order as the service that takes it reads it: `text` '' = the person's words as said; `action` and
    `kontext` a service order the service carries out without classifying again (a strike from one known list)."""

    text: str = ""
    action: str = "agent"
    kontext: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BareSide:
    """What a service takes of a bare order — a delete, strike or move naming no list, no appointment word and no
    time (*Lösch Käse*, *Streich das*; `graph.bare_orders`). Declared by the service, wired by the catalog: the
    route asks every side alike and names none."""

    kinds: frozenset[str]  # the bare orders it carries out (`text.commands.REMOVE`, `graph.bare_orders.MOVE`)
    # the names of its rows that hold the object (one read of `Holdings`); `said_verb`: the verb itself says delete
    # or move (not only a list's strike)
    holding: Callable[[str, bool, Holdings, str, str], tuple[str, ...]]
    order: Callable[[str, tuple[str, ...]], SideOrder]  # the order for the rows that hold the object
    pronoun: Callable[[str], SideOrder]  # the order for a pronoun that follows its rows
    place: Callable[[tuple[str, ...]], str]  # where the object stands, in the question which is meant
    choice: str  # this side in the question (*den Termin*)
    answer: str  # the short answer that names it, as the question suggests it
    names_it: Callable[[str, tuple[str, ...]], bool]  # a folded word of an answer names this side (or a row asked of)
    named: Callable[[Sequence[str], tuple[str, ...]], tuple[str, ...]]  # the rows of those asked that the answer names
    written_only: bool = False  # a pronoun follows its rows only when the last turn wrote one
    needs_verb: bool = False  # it takes the order only when the verb itself says delete or move
    lage_kind: str = ""  # the kind of the service's rows in the Lage (`situation.lage`; the catalog sets it)


@dataclass(frozen=True)
class Declared:
    """What the router must know of a service beyond its intents, declared by the service (the catalog wires
    it): each reads only its own phrasing, the router asks every service alike."""

    # an order with an object of its own (*Termin morgen um 10*, *Butter auf die Einkaufsliste*): never a short
    # answer to a waiting question
    own_order: Callable[[str], bool] = _never
    # one verb carrying two orders of this service (*Trag mir am Montag Yoga und am Dienstag Pilates ein*)
    splits: Callable[[str], list[str]] = _no_parts
    # a part after a joiner that still belongs to the order before it (*… und erinnere mich daran*)
    keeps_whole: Callable[[str], bool] = _never
    # a question the service's rule cannot read well: the model is asked (with `prompt_rule`) even when an
    # intent or a decisive route hint names the service
    leaves_to_model: Callable[[str, datetime, ZoneInfo], bool] = _never_in_time
    # the router prompt's extra rule of this service (prompts/<set>/router.<rule>.txt), given when `wants_rule`
    prompt_rule: str = ""
    wants_rule: Callable[[str, datetime, ZoneInfo], bool] = _never_in_time
    # what the service takes of a bare order (*Lösch Käse*: where the person's data holds it), None = nothing
    bare: BareSide | None = None


@dataclass(frozen=True)
class ServiceEntry:
    service: Service
    # The offline router's score, one scale for every service: 0 not mine · ~0.2 a mention (the service
    # answers it with `rejected`) · 0.5–0.7 a plausible order without its own object word · 0.85–0.9 an
    # order or question naming the service's object (Termin, Liste, Notiz) · 0.95+ an explicit order in
    # the service's own phrasing. The highest score wins; a tie goes to the service listed first.
    route_hint: Callable[[str], float]
    intents: IntentSet = EMPTY  # the intents the service owns (`text/intents/<service>_de.json`)
    declared: Declared = field(default_factory=Declared)
    # The block readers whose block a verified write of this service can change: only they are read again after
    # it (the other blocks of the turn's first read stand). None: any block may change — every reader again.
    changes_blocks: tuple[str, ...] | None = None

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
        readers = {n for n, _ in self.readers}
        unknown = sorted({f"{e.name}: {n}" for e in self.services for n in e.changes_blocks or ()
                          if readers and n not in readers})
        if unknown:
            raise ValueError(f"a service names a block reader the registry does not have: {', '.join(unknown)}")

    @classmethod
    def of(cls, services: Sequence[ServiceEntry], readers: Sequence[tuple[str, Reader]]) -> Registry:
        return cls(tuple(services), tuple(readers))

    def service_named(self, name: str) -> Service | None:
        return next((e.service for e in self.services if e.name == name), None)

    def names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.services)

    def intent_sets(self) -> tuple[IntentSet, ...]:
        return tuple(e.intents for e in self.services)

    def entry_named(self, name: str) -> ServiceEntry | None:
        return next((e for e in self.services if e.name == name), None)

    def bare_sides(self) -> tuple[tuple[str, BareSide], ...]:
        """The services that take bare orders, with what they declared, in the order of their names (the question
        which is meant names them in a stable order)."""
        return tuple(sorted(((e.name, e.declared.bare) for e in self.services if e.declared.bare is not None),
                            key=lambda pair: pair[0]))

    def readers_changed_by(self, written: Iterable[str]) -> tuple[tuple[str, Reader], ...]:
        """The readers (in their order) whose block the verified writes of the services `written` can change: each
        service's declared `changes_blocks`; a service that declares none, or is unknown, changes every block."""
        changed: set[str] = set()
        for name in written:
            entry = self.entry_named(name)
            if entry is None or entry.changes_blocks is None:
                return self.readers
            changed.update(entry.changes_blocks)
        return tuple((name, reader) for name, reader in self.readers if name in changed)


EMPTY_REGISTRY = Registry()
