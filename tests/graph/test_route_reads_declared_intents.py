"""Orders the route reads from the services' declared intents through `Nova.turn`: a list named by its own name
(notizen.md §3), an order opened with a lead-in (*Sag mal, …*). The service gets the turn's reading (intent and
slots) with the request, and each person's order touches only her own list or calendar."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest

from novaberg.agents.registry import Registry
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.api import catalog
from tests.support import berlin, make_nova

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"


def _tasks_asked(offline_llm: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The model tasks asked from here on, in order (the offline model still answers them)."""
    asked: list[str] = []
    complete = offline_llm.complete

    def counted(task: str, prompt: Any, data: Any) -> Any:
        asked.append(task)
        return complete(task, prompt, data)

    monkeypatch.setattr(offline_llm, "complete", counted)
    return asked


@dataclass
class Recorded:
    """A service of the catalog as it is, keeping the requests it was given."""

    inner: Any
    requests: list[AgentRequest] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.inner.name)

    @property
    def description(self) -> str:
        return str(self.inner.description)

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        self.requests.append(request)
        return self.inner.run(request, deps)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.inner, attribute)


@pytest.fixture
def recorded(monkeypatch) -> dict[str, Recorded]:
    kept: dict[str, Recorded] = {}
    entries = []
    for entry in catalog.SERVICES:
        kept[entry.name] = Recorded(entry.service)
        entries.append(dataclasses.replace(entry, service=kept[entry.name]))
    monkeypatch.setattr(catalog, "build_registry", lambda: Registry.of(entries, catalog.READERS))
    return kept


@pytest.fixture
def nova(db, redis, offline_llm, tmp_path, recorded):
    return make_nova(db, redis, offline_llm, tmp_path)


def _items(nova, user: str) -> dict[str, list[str]]:
    return {row["name"]: row["text"].splitlines() for row in nova.notes.list(user)}


def _readings(service: Recorded, user: str) -> list[tuple[str, dict[str, str]]]:
    return [(r.reading.intent, dict(r.reading.slots)) for r in service.requests
            if r.user_id == user and r.reading is not None and r.reading.intent]


def test_an_item_struck_from_a_list_named_by_its_own_name_is_read_by_the_notes_intent(nova, recorded):
    """*Liste Einkauf*: the list word first, the name after it — the notes' intent reads it, names the list in its
    slots, and only the asking person's list loses the item."""
    for user in ("u-a", "u-b"):
        nova.turn(user, FIGURE, "Leg eine Liste Einkauf an mit Quark, Milch", NOW)
    turn = nova.turn("u-a", FIGURE, "Streiche Quark von meiner Liste Einkauf runter, bitte", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-a") == {"Einkauf": ["Milch"]}
    assert _items(nova, "u-b") == {"Einkauf": ["Quark", "Milch"]}
    assert _readings(recorded["notizen"], "u-a")[-1] == (
        "eintrag_streichen", {"eintraege": "Quark", "name": "Einkauf"})


def test_an_item_added_with_ergaenzen_to_a_list_named_by_its_own_name_is_read_by_the_notes_intent(nova, recorded):
    for user in ("u-c", "u-d"):
        nova.turn(user, FIGURE, "Leg eine Liste Baumarkt an mit Spachtel", NOW)
    turn = nova.turn("u-c", FIGURE, "Ergänze Kabelbinder in meiner Liste Baumarkt", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-c") == {"Baumarkt": ["Spachtel", "Kabelbinder"]}
    assert _items(nova, "u-d") == {"Baumarkt": ["Spachtel"]}
    assert _readings(recorded["notizen"], "u-c")[-1][0] == "eintrag_hinzufuegen"


def test_an_order_opened_with_sag_mal_is_read_by_its_template(nova, recorded):
    """The lead-in *Sag mal* (its *mal* a skip word) opens any template: the timeline's intent reads the order."""
    turn = nova.turn("u-e", FIGURE, "Sag mal, trag mir morgen um 10 den Zahnarzt ein", NOW)
    assert turn.services and turn.services[0]["name"] == "timeline", turn.answer
    assert [row["title"] for row in nova.timeline.list("u-e", FIGURE)] == ["Zahnarzt"]
    assert nova.timeline.list("u-f", FIGURE) == []
    assert _readings(recorded["timeline"], "u-e") == [
        ("termin_anlegen", {"zeit": "morgen um 10", "titel": "den Zahnarzt"})]


def test_parallel_orders_on_a_list_named_by_its_own_name_lose_no_item(nova, recorded):
    """Every write path under parallel turns on one person: four additions at once, each item once."""
    nova.turn("u-p", FIGURE, "Leg eine Liste Einkauf an mit Milch", NOW)
    said = ("Ergänze Quark in meiner Liste Einkauf", "Ergänze Eier in meiner Liste Einkauf",
            "Ergänze Butter in meiner Liste Einkauf", "Ergänze Käse in meiner Liste Einkauf")
    with ThreadPoolExecutor(max_workers=4) as pool:
        turns = list(pool.map(lambda text: nova.turn("u-p", FIGURE, text, NOW), said))
    assert all(t.services and t.services[0]["name"] == "notizen" for t in turns), [t.answer for t in turns]
    assert sorted(_items(nova, "u-p")["Einkauf"]) == ["Butter", "Eier", "Käse", "Milch", "Quark"]
    assert [intent for intent, _ in _readings(recorded["notizen"], "u-p")][-4:] == ["eintrag_hinzufuegen"] * 4


def test_an_order_asked_as_a_question_is_routed_by_its_template_without_the_model(nova, offline_llm, monkeypatch):
    """*Kannst du mir … eintragen?* is an order its template reads, not a question about the calendar: the router
    does not leave it to the model (only a question the timeline's rule reads poorly goes there, timeline.md §4a)."""
    asked = _tasks_asked(offline_llm, monkeypatch)
    turn = nova.turn("u-g", FIGURE, "Kannst du mir morgen um 10 den Zahnarzt eintragen?", NOW)
    assert [row["title"] for row in nova.timeline.list("u-g", FIGURE)] == ["Zahnarzt"], turn.answer
    assert nova.timeline.list("u-h", FIGURE) == []
    assert "router" not in asked, asked


def test_the_notes_take_an_item_order_from_the_reading_without_reading_the_text_again(nova, offline_llm, monkeypatch):
    """The route read *Setz Milch auf die Einkaufsliste* once: the notes classify from its intent and slots — the
    classification task is not asked — and write the item on the asking person's list only."""
    for user in ("u-i", "u-j"):
        nova.turn(user, FIGURE, "Leg eine Einkaufsliste an mit Brot", NOW)
    asked = _tasks_asked(offline_llm, monkeypatch)
    turn = nova.turn("u-i", FIGURE, "Setz Milch und Eier auf die Einkaufsliste", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert "notes_classify" not in asked, asked
    assert _items(nova, "u-i") == {"Einkaufsliste": ["Brot", "Milch", "Eier"]}
    assert _items(nova, "u-j") == {"Einkaufsliste": ["Brot"]}
    steps = [s for s in turn.services[0]["steps"] if s.get("schritt") == "klassifikation"]
    assert steps and steps[0]["quelle"] == "lesart" and steps[0]["inhalt"] == "Milch, Eier", steps


def test_an_item_order_the_reading_cannot_vouch_for_is_read_from_the_text(nova, offline_llm, monkeypatch):
    """A list named by the bare list word alone names no list of its own: the reading gives no classification and
    the text is read as before (the classification task is asked)."""
    asked = _tasks_asked(offline_llm, monkeypatch)
    nova.turn("u-k", FIGURE, "Setz Milch auf die Liste", NOW)
    assert "notes_classify" in asked, asked


def _classified(turn) -> dict[str, Any]:
    return next(s for s in turn.services[0]["steps"] if s.get("schritt") == "klassifizieren")


def test_the_timeline_takes_a_move_from_the_reading_without_reading_the_text_again(nova, offline_llm, monkeypatch):
    """*Verschieb den Zahnarzt auf Freitag um 15 Uhr*: the timeline's order comes from the intent and its slots
    (title, new time) — its classification task is not asked — and only the asking person's appointment moves."""
    for user in ("u-l", "u-m"):
        nova.turn(user, FIGURE, "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    asked = _tasks_asked(offline_llm, monkeypatch)
    turn = nova.turn("u-l", FIGURE, "Verschieb den Zahnarzt auf Freitag um 15 Uhr", NOW)
    assert turn.services and turn.services[0]["status"] == "abgeschlossen", turn.answer
    assert "timeline_classify" not in asked, asked
    step = _classified(turn)
    assert (step["quelle"], step["aktion"], step["ziel"], step["zeitausdruck"]) == (
        "lesart", "reschedule", "Zahnarzt", "Freitag um 15 Uhr"), step
    moved = {user: [(r["title"], r["event_time"].astimezone(NOW.tzinfo).strftime("%d.%m. %H:%M"))
                    for r in nova.timeline.list(user, FIGURE)] for user in ("u-l", "u-m")}
    assert moved == {"u-l": [("Zahnarzt", "13.11. 15:00")], "u-m": [("Zahnarzt", "12.11. 10:00")]}


def test_a_timeline_order_with_a_reminder_clause_is_read_from_the_text(nova, offline_llm, monkeypatch):
    """The reading holds the order without its reminder clause: the text is read as before."""
    asked = _tasks_asked(offline_llm, monkeypatch)
    nova.turn("u-n", FIGURE, "Trag mir morgen um 10 den Zahnarzt ein und erinnere mich eine Stunde vorher", NOW)
    assert "timeline_classify" in asked, asked


def test_parallel_deletes_read_from_the_reading_delete_once(nova):
    """Every write path under parallel turns on one person: four *Lösch den Zahnarzt* at once — the appointment
    goes once, the other appointment stays."""
    nova.turn("u-q", FIGURE, "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    nova.turn("u-q", FIGURE, "Trag mir übermorgen um 9 den Friseur ein", NOW)
    with ThreadPoolExecutor(max_workers=4) as pool:
        turns = list(pool.map(lambda _: nova.turn("u-q", FIGURE, "Lösch den Zahnarzt", NOW), range(4)))
    assert all(t.services and t.services[0]["name"] == "timeline" for t in turns), [t.answer for t in turns]
    assert [row["title"] for row in nova.timeline.list("u-q", FIGURE)] == ["Friseur"]


def test_a_move_said_in_the_passive_is_read_as_it_stands(nova, offline_llm, monkeypatch):
    """*Der Zahnarzt muss auf Freitag verschoben werden* (timeline.md §5.2): the template reads the passive with its
    modal — no rewrite into an imperative, the classification task is not asked — and only her appointment moves."""
    for user in ("u-r", "u-s"):
        nova.turn(user, FIGURE, "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    asked = _tasks_asked(offline_llm, monkeypatch)
    turn = nova.turn("u-r", FIGURE, "Der Zahnarzt muss auf Freitag verschoben werden", NOW)
    assert turn.services and turn.services[0]["status"] == "abgeschlossen", turn.answer
    assert "timeline_classify" not in asked, asked
    step = _classified(turn)
    assert (step["quelle"], step["aktion"], step["ziel"], step["zeitausdruck"]) == (
        "lesart", "reschedule", "Zahnarzt", "Freitag"), step
    days = {user: [r["event_time"].astimezone(NOW.tzinfo).strftime("%d.%m. %H:%M")
                   for r in nova.timeline.list(user, FIGURE)] for user in ("u-r", "u-s")}
    assert days == {"u-r": ["13.11. 10:00"], "u-s": ["12.11. 10:00"]}
