"""No registration on import — the services and block readers come from one explicit list
(`api.catalog`), the registry is built by `Nova` and reaches the graph in `Deps.registry`; a routing tie goes to
the service listed first, never to the one imported first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from novaberg.agents.registry import Registry, ServiceEntry
from novaberg.api.catalog import READERS, SERVICES, build_registry
from novaberg.graph.router import NO_DOMAIN, best_service
from tests.agents.fresh_imports import run_fresh

_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
from novaberg.api.catalog import build_registry
from novaberg.graph.router import best_service
registry = build_registry()
texts = ["Trag mir morgen um 10 den Zahnarzt ein", "Schreib Milch auf die Einkaufsliste", "Zeig mir die Datei",
         "Merk dir in deinem Wissen: Bach war Thomaskantor.", "Sprich mich mit Sie an", "Hallo"]
print(json.dumps({"services": registry.names(), "readers": [n for n, _ in registry.readers],
                  "routes": [best_service(t, registry) for t in texts]}))
"""


def test_importing_the_agents_in_another_order_changes_nothing():
    plain, reversed_order = run_fresh([
        (_PROBE, ()),
        (_PROBE, ("novaberg.files.reading.agent", "novaberg.pixie.resubmission", "novaberg.memory.block",
                  "novaberg.files.agent", "novaberg.directives.agent", "novaberg.notes.agent",
                  "novaberg.timeline.agent"))])
    assert plain == reversed_order
    assert plain["services"] == ["timeline", "notizen", "direktiven", "dateien_wurzeln", "dateien", "wissen",
                                 "vergessen"]
    assert plain["readers"] == ["termine", "datum", "aufzeichnungen", "eigene_funde", "erinnerungen", "wiedervorlage"]


def test_importing_an_agent_registers_nothing():
    """Without the catalog, the agents' modules leave no trace: an empty registry routes nowhere."""
    import novaberg.notes.agent  # noqa: F401
    import novaberg.timeline.agent  # noqa: F401

    assert best_service("Trag mir morgen um 10 den Zahnarzt ein", Registry()) == (NO_DOMAIN, 0.0)


@dataclass(frozen=True)
class _Stub:
    name: str
    description: str = "stub"

    def run(self, request: Any, deps: Any) -> Any:  # pragma: no cover - never run here
        raise AssertionError


def test_a_routing_tie_goes_to_the_service_listed_first():
    a, b = ServiceEntry(_Stub("a"), lambda text: 0.9), ServiceEntry(_Stub("b"), lambda text: 0.9)
    assert best_service("x", Registry.of([a, b], ())) == ("a", 0.9)
    assert best_service("x", Registry.of([b, a], ())) == ("b", 0.9)
    assert best_service("x", Registry.of([a, b], ()), exclude="a") == ("b", 0.9)


def test_a_name_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        Registry.of([SERVICES[0], SERVICES[0]], ())
    with pytest.raises(ValueError, match="twice"):
        Registry.of((), [READERS[0], READERS[0]])


def test_nova_hands_its_registry_to_the_graph(nova: Any):
    """The graph's registry is the catalog's: the same service entries (with their route hints) and the same
    block readers, in the catalog's order."""
    assert nova.deps.registry.services == tuple(SERVICES)
    assert nova.deps.registry.readers == tuple(READERS)
    assert nova.deps.registry == build_registry()
