"""A bare order (*Lösch Käse*) goes where the person's data says, by what each service declares it takes
(`agents.registry.BareSide`): a service of the test's own — a pantry — declares its side, and the route sends the
order there, or asks which is meant when a list holds the thing too, without the route knowing the service.
Through `Nova.turn` with the offline model; each person's own data decides."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest

from novaberg.agents.registry import BareSide, Declared, Registry, ServiceEntry, SideOrder
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.api import catalog
from novaberg.text.commands import REMOVE
from tests.support import berlin, make_nova

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"


@dataclass
class Pantry:
    """A service of the test's own: what stands in each person's pantry (in memory), taken out on request."""

    name: str = "vorrat"
    description: str = "Was im Vorrat steht"
    held: dict[str, list[str]] = field(default_factory=dict)
    requests: list[AgentRequest] = field(default_factory=list)

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        self.requests.append(request)
        thing = request.text.split(maxsplit=1)[-1]
        shelf = self.held.setdefault(request.user_id, [])
        if thing in shelf:
            shelf.remove(thing)
        return ServiceResult(self.name, "abgeschlossen", f"Aus dem Vorrat genommen: {thing}.")


@pytest.fixture
def pantry(monkeypatch) -> Pantry:
    service = Pantry()

    def holding(thing: str, said_verb: bool, holdings: Any, user_id: str, character_id: str) -> tuple[str, ...]:
        return ("Vorrat",) if thing in service.held.get(user_id, []) else ()

    def take_out(thing: str, rows: tuple[str, ...]) -> SideOrder:
        return SideOrder(f"Nimm {thing}")

    def names_it(word: str, rows: tuple[str, ...]) -> bool:
        return word == "vorrat"

    def named(said: Sequence[str], rows: tuple[str, ...]) -> tuple[str, ...]:
        return ()

    side = BareSide(kinds=frozenset({REMOVE}), holding=holding, order=take_out, pronoun=lambda p: SideOrder(),
                    place=lambda rows: "im Vorrat", choice="den Vorrat", answer="„den Vorrat“", names_it=names_it,
                    named=named, lage_kind="vorrat")
    entry = ServiceEntry(service, lambda text: 0.0, declared=Declared(bare=side))
    monkeypatch.setattr(catalog, "build_registry", lambda: Registry.of((*catalog.SERVICES, entry), catalog.READERS))
    return service


@pytest.fixture
def nova(db, redis, offline_llm, tmp_path, pantry):
    return make_nova(db, redis, offline_llm, tmp_path)


def _items(nova, user):
    return {row["name"]: row["text"].splitlines() for row in nova.notes.list(user)}


def test_a_bare_order_goes_to_the_service_whose_declared_side_holds_the_thing(nova, pantry):
    pantry.held = {"u-a": ["Käse", "Brot"], "u-b": ["Brot"]}
    turn = nova.turn("u-a", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("vorrat", "abgeschlossen")], turn.answer
    assert [r.text for r in pantry.requests] == ["Nimm Käse"]
    assert pantry.held == {"u-a": ["Brot"], "u-b": ["Brot"]}
    other = nova.turn("u-b", FIGURE, "Lösch Käse", NOW)  # her pantry holds no Käse: not sent there
    assert all(s["name"] != "vorrat" for s in other.services), other.answer
    assert len(pantry.requests) == 1


def test_a_thing_held_by_a_list_and_a_declared_side_asks_which_and_the_answer_resumes_there(nova, pantry):
    pantry.held = {"u-c": ["Käse"]}
    nova.notes.insert("u-c", "Einkaufsliste", "einkauf", "Käse\nMilch", [], NOW)
    turn = nova.turn("u-c", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("planer", "rueckfrage")], turn.answer
    assert "auf „Einkaufsliste“ und im Vorrat" in turn.answer and "„den Vorrat“" in turn.answer, turn.answer
    assert pantry.requests == [] and _items(nova, "u-c") == {"Einkaufsliste": ["Käse", "Milch"]}
    answered = nova.turn("u-c", FIGURE, "den Vorrat", NOW)
    assert [(s["name"], s["status"]) for s in answered.services] == [("vorrat", "abgeschlossen")], answered.answer
    assert pantry.held["u-c"] == [] and _items(nova, "u-c") == {"Einkaufsliste": ["Käse", "Milch"]}


def test_parallel_bare_orders_reach_the_declared_side_each_once(nova, pantry):
    """Every write path under parallel turns on one person: four „Lösch Käse“ at once (four in the pantry), each
    sent to the pantry once, no list touched."""
    pantry.held = {"u-p": ["Käse"] * 4}
    with ThreadPoolExecutor(max_workers=4) as pool:
        turns = list(pool.map(lambda _: nova.turn("u-p", FIGURE, "Lösch Käse", NOW), range(4)))
    assert all(t.services and t.services[0]["name"] == "vorrat" for t in turns), [t.answer for t in turns]
    assert pantry.held == {"u-p": []} and len(pantry.requests) == 4 and _items(nova, "u-p") == {}
