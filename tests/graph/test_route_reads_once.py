"""The route reads the turn once: each service's route hint of the turn's text is asked once however far the route
goes (decisive hints, the several-orders rule, the offline router), and the intent the declared intents read is kept
once — in the turn's reading (`lesart`, `AgentRequest.reading`), not again in the route's decision."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from novaberg.agents.registry import Registry, ServiceEntry
from novaberg.api import catalog
from novaberg.graph.router import route
from tests.support import berlin, make_nova

NOW = berlin(2026, 11, 11, 10)


def _counted(entry: ServiceEntry, asked: Counter[tuple[str, str]]) -> ServiceEntry:
    hint = entry.route_hint

    def counted(text: str) -> float:
        asked[(entry.name, text)] += 1
        return hint(text)

    return replace(entry, route_hint=counted)


@pytest.mark.parametrize("said", ["Mein Hund heißt Bello.", "Ich war gestern mit Lena im Kino."])
def test_each_services_route_hint_is_read_once_per_turn(db, redis, offline_llm, tmp_path, monkeypatch, said):
    """Two persons: the hints of the one text are read once for each of their turns, and each still gets an answer."""
    asked: Counter[tuple[str, str]] = Counter()
    services = tuple(_counted(entry, asked) for entry in catalog.SERVICES)
    monkeypatch.setattr(catalog, "build_registry", lambda: Registry.of(services, catalog.READERS))
    nova = make_nova(db, redis, offline_llm, tmp_path)
    for user in ("anna", "ben"):
        asked.clear()
        assert nova.turn(user, "nova", said, NOW).answer
        of_the_text = {name: count for (name, text), count in asked.items() if text == said}
        assert of_the_text == dict.fromkeys(of_the_text, 1), (user, of_the_text)


def test_the_intent_is_kept_in_the_reading_and_not_again_in_the_route():
    class NoModel:
        def ask(self, *args: Any, **kwargs: Any) -> Any:
            raise AssertionError("the model was asked")

    decision = route(NoModel(), "Trag morgen um 10 den Zahnarzt ein", [], "Mittwoch, 2026-11-11",
                     catalog.build_registry(), NOW, NOW.tzinfo)
    assert (decision["domain"], decision["decided_by"]) == ("timeline", "intents")
    assert "intent" not in decision
