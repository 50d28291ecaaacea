"""A bare order whose words fit two services is decided by the data (the router picks the service, the
agent classifies): *Streich die Eier* was routed to the timeline, which found no appointment „Eier“ and said so —
the eggs stayed on the shopping list. When the routed service finds nothing under the name and writes nothing,
the runner-up by its own route hint is asked once; only its verified write replaces the first answer."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)


@pytest.fixture
def nova(db, redis, tmp_path):
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Eier, Mehl und Milch", NOW)
    return nova


def _list_text(db) -> str:
    return NotesRepository(db).list("u1")[0]["text"]


@pytest.mark.parametrize("order", ["Streich die Eier.", "Hak die Eier ab", "Kannst du die Eier bitte streichen?"])
def test_an_item_struck_off_without_naming_the_list(nova, db, order):
    turn = nova.turn("u1", "nova", order, NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert "Eier" in turn.answer and "Termin" not in turn.answer, turn.answer
    assert "Eier" not in _list_text(db) and "Mehl" in _list_text(db)
    # a bare order is routed by the person's data (graph.bare_orders) — the timeline is no
    # longer asked first and redirected from, so no step says `anderer_dienst`
    assert all(step.get("schritt") != "anderer_dienst" for step in turn.services[0]["steps"]), turn.services


def test_twin_an_appointment_and_a_list_item_of_that_name_ask_which(nova, db):
    """A word that is both (the timeline once deleted the appointment): the word is an appointment and an item of
    her list, so the bare order asks which is meant and changes neither."""
    nova.turn("u1", "nova", "Trag mir morgen um 10 Uhr den Zahnarzt ein", NOW)
    nova.turn("u1", "nova", "Setz Zahnarzt auf die Einkaufsliste", NOW)  # the same word on the list as well
    turn = nova.turn("u1", "nova", "Streich den Zahnarzt", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("planer", "rueckfrage")], turn.answer
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Zahnarzt"]
    assert "Zahnarzt" in _list_text(db)


def test_twin_found_nowhere_keeps_the_first_answer_and_changes_nothing(nova, db):
    before = _list_text(db)
    turn = nova.turn("u1", "nova", "Streich den Friseur", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("timeline", "fehler")], turn.answer
    assert "„Friseur“" in turn.answer and _list_text(db) == before


def test_twin_an_order_of_two_parts_is_not_redirected(nova, db):
    """Only a single order is redirected; two orders each keep their own service."""
    turn = nova.turn("u1", "nova", "Streich die Eier und trag mir morgen um 9 Yoga ein", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("timeline", "fehler"),
                                                                  ("timeline", "abgeschlossen")], turn.answer
    assert "Eier" in _list_text(db)


def test_parallel_identical_strike_orders_strike_once_and_lose_nothing(nova, db):
    """Every write path under parallel turns on one person: the item goes once, the others stay."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        turns = list(pool.map(lambda _: nova.turn("u1", "nova", "Streich die Eier", NOW), range(4)))
    struck = [t for t in turns if t.services and t.services[0]["name"] == "notizen"]
    assert len(struck) >= 1, [t.answer for t in turns]
    assert "Eier" not in _list_text(db) and "Mehl" in _list_text(db) and "Milch" in _list_text(db)


def test_a_model_router_choosing_the_timeline_is_redirected_too(db, redis, tmp_path):
    """The redirect sits behind the router, so a model's choice (here: the timeline for *Streich die Eier*)
    gets the same second chance — the model says the result in its own words."""
    llm = ScriptedLLM(fallback=make_offline_llm())
    llm.script("router", {"domain": "notizen"}, {"domain": "timeline"})
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Eier und Mehl", NOW)
    llm.script("compose", {"antwort": "Erledigt — die Eier sind von deiner Einkaufsliste runter."})
    turn = nova.turn("u1", "nova", "Streich die Eier", NOW)
    assert [s["name"] for s in turn.services] == ["notizen"] and turn.verdict == "ok", (turn.answer, turn.reasons)
    assert "Eier" not in _list_text(db)
