"""The route read from the intents the services declare, through `Nova.turn`: a declared intent routes and its
reading reaches the service; two services reading a sentence equally well is a question naming both, nothing
written, and a short answer naming one resumes the order there — each person's own question."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from novaberg.agents.registry import Registry, ServiceEntry
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.api import catalog
from novaberg.graph.router import route
from novaberg.text.intents import ANSWER, ORDER, compile_intents
from tests.support import berlin, make_nova

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"

KITCHEN_INTENTS = {
    "bezeichnung": "ein Rezept",
    "antwortwoerter": ["rezept", "rezepte"],
    "objektwoerter": ["rezept"],
    "intents": {
        "kochen": {"modus": ORDER, "saetze": ["(koch|koche) [mir] {titel}"]},
        # the timeline reads *Trag Pizza ein* with its own frame, as specific as this line: a tie
        "rezept_eintragen": {"modus": ORDER, "saetze": ["(trag|trage) {titel} ein"]},
    },
}


@dataclass
class Kitchen:
    """A service of the test's own: it writes nothing and keeps the requests it was given."""

    name: str = "kueche"
    description: str = "Rezepte merken"
    requests: list[AgentRequest] = field(default_factory=list)

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        self.requests.append(request)
        if request.action == "agent" and request.text.rstrip("?!. ").endswith("was"):  # *Koch mir was*: which dish?
            return ServiceResult(self.name, "rueckfrage", "Was soll ich kochen?", pending={"frage": "gericht"})
        return ServiceResult(self.name, "abgeschlossen", "Rezept gemerkt.")


@pytest.fixture
def kitchen(monkeypatch) -> Kitchen:
    service = Kitchen()
    entry = ServiceEntry(service, lambda text: 0.0, compile_intents(service.name, KITCHEN_INTENTS))
    monkeypatch.setattr(catalog, "build_registry", lambda: Registry.of((*catalog.SERVICES, entry), catalog.READERS))
    return service


@pytest.fixture
def nova(db, redis, offline_llm, tmp_path, kitchen):
    return make_nova(db, redis, offline_llm, tmp_path)


def _titles(nova, user):
    return sorted(row["title"] for row in nova.timeline.list(user, FIGURE))


def test_a_declared_intent_routes_and_its_reading_reaches_the_service(nova, kitchen):
    turn = nova.turn("u-a", FIGURE, "Koch mir bitte Spaghetti", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("kueche", "abgeschlossen")], turn.answer
    reading = kitchen.requests[0].reading
    assert reading is not None and (reading.intent, reading.mood) == ("kochen", ORDER)
    assert dict(reading.slots) == {"titel": "Spaghetti"}


def test_the_answer_to_a_waiting_question_is_read_as_an_answer(nova, kitchen):
    """The mood of the reading: an order first, then the answer to the question the service asked."""
    nova.turn("u-f", FIGURE, "Koch mir was", NOW)
    nova.turn("u-f", FIGURE, "Spaghetti", NOW)
    assert [(r.action, r.reading.mood if r.reading else None) for r in kitchen.requests] == [
        ("agent", ORDER), ("resume", ANSWER)]


def test_the_router_names_the_service_the_intents_decided_without_asking_the_model(kitchen):
    class NoModel:
        def ask(self, *args: Any, **kwargs: Any) -> Any:
            raise AssertionError("the model was asked")

    registry = catalog.build_registry()
    decision = route(NoModel(), "Koch mir Spaghetti", [], "Mittwoch, 2026-11-11", registry, NOW, NOW.tzinfo)
    assert (decision["domain"], decision["decided_by"]) == ("kueche", "intents")


def test_a_tie_between_two_services_asks_naming_both_and_writes_nothing(nova, kitchen):
    turn = nova.turn("u-b", FIGURE, "Trag Pizza ein", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("planer", "rueckfrage")], turn.answer
    assert "Termin" in turn.answer and "Rezept" in turn.answer and turn.answer.count("?") == 1, turn.answer
    assert _titles(nova, "u-b") == [] and kitchen.requests == []
    answered = nova.turn("u-b", FIGURE, "das Rezept", NOW)
    assert [(s["name"], s["status"]) for s in answered.services] == [("kueche", "abgeschlossen")], answered.answer
    assert [r.text for r in kitchen.requests] == ["Trag Pizza ein"] and _titles(nova, "u-b") == []


def test_each_person_answers_only_their_own_tie_question(nova, kitchen):
    nova.turn("u-c", FIGURE, "Trag Pizza ein", NOW)
    nova.turn("u-d", FIGURE, "Trag Pizza ein", NOW)
    nova.turn("u-c", FIGURE, "das Rezept", NOW)
    assert [(r.user_id, r.text) for r in kitchen.requests] == [("u-c", "Trag Pizza ein")]
    answered = nova.turn("u-d", FIGURE, "den Termin", NOW)
    assert answered.services and answered.services[0]["name"] == "timeline", answered.answer
    assert [r.user_id for r in kitchen.requests] == ["u-c"] and _titles(nova, "u-c") == []


def test_an_answer_naming_neither_side_ends_the_tie_question(nova, kitchen):
    """Anything but a short answer naming one side is a turn of its own: the question ends, nothing resumes."""
    nova.turn("u-e", FIGURE, "Trag Pizza ein", NOW)
    turn = nova.turn("u-e", FIGURE, "Wie spät ist es?", NOW)
    assert ("planer", "dismissed") in [(s["name"], s["status"]) for s in turn.services], turn.services
    assert kitchen.requests == [] and _titles(nova, "u-e") == []
