"""Without a model, Nova answers how the person is with care, never past them: *Ich fühl mich heute nicht so
gut.* got the calendar's „Ich habe nichts eingetragen — das klang nach einer Mitteilung“, *Mir geht's mies*
„Gut zu wissen — danke.“ A crisis (the readiness of dateien.md §3.0b: 0.0) gets the numbers where people answer;
danger to life the Telefonseelsorge and 112. Nothing is written, and the tribunal lets the answers pass."""

from __future__ import annotations

import pytest

from novaberg.graph.care import care_answer, feels_unwell
from novaberg.graph.texts import STATEMENT_NOTED
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9)


@pytest.fixture
def nova(db, redis, tmp_path):
    return make_nova(db, redis, make_offline_llm(), tmp_path)


@pytest.mark.parametrize("text", ["Ich fühl mich heute nicht so gut.", "Mir geht's heute nicht besonders gut",
                                  "Ich bin so müde.", "Ich fühle mich krank", "Ich bin heute echt erschöpft"])
def test_feeling_unwell_is_answered_with_sympathy_and_writes_nothing(nova, db, text):
    turn = nova.turn("u1", "nova", text, NOW)
    assert turn.answer.startswith("Das tut mir leid zu hören."), turn.answer
    assert "eingetragen" not in turn.answer and turn.verdict == "ok"
    assert TimelineRepository(db).list("u1", "nova") == [] and NotesRepository(db).list("u1") == []


@pytest.mark.parametrize("text", ["Der Film war nicht so gut.", "Ich bin fertig mit der Steuer.",
                                  "Das Wetter ist schlecht heute.", "Ich bin gut angekommen."])
def test_twin_no_first_person_feeling_is_no_care(nova, text):
    assert not feels_unwell(text)
    assert nova.turn("u1", "nova", text, NOW).answer == STATEMENT_NOTED


@pytest.mark.parametrize("text,phone", [
    ("Ich will nicht mehr leben.", "0800 111 0 111"), ("Ich denk an Selbstmord", "0800 111 0 111"),
    ("Mein Vater hatte einen Unfall, er ist im Krankenhaus", "112"),
    ("Meine Oma ist heute Nacht gestorben", "0800 111 0 111"), ("Ich kann nicht mehr.", "0800 111 0 111"),
])
def test_a_crisis_gets_where_people_answer(nova, db, text, phone):
    turn = nova.turn("u1", "nova", text, NOW)
    assert phone in turn.answer and "Gut zu wissen" not in turn.answer, turn.answer
    assert turn.verdict == "ok", turn.reasons
    assert TimelineRepository(db).list("u1", "nova") == []


def test_the_sie_form_when_asked_for():
    assert "Ihnen" in care_answer("Ich fühl mich nicht gut", sie=True)
    assert "bleiben Sie" in care_answer("Ich will nicht mehr leben", sie=True)


def test_an_order_after_how_one_is_is_carried_out(nova, db):
    """*Ich bin müde, lösch den Zahnarzt*: the order names its own object and runs; beside work done, feeling
    tired gets no second sentence — a crisis would."""
    nova.turn("u1", "nova", "Trag mir morgen um 10 Zahnarzt ein", NOW)
    turn = nova.turn("u1", "nova", "Ich bin müde, lösch bitte den Zahnarzt", NOW)
    assert turn.answer.startswith("Gelöscht: „Zahnarzt“") and "leid" not in turn.answer, turn.answer
    assert TimelineRepository(db).list("u1", "nova") == []


@pytest.mark.parametrize("text", ["Ich war gestern beim Arzt.", "Heute ist so ein schöner Tag."])
def test_a_day_gone_or_today_without_a_clock_is_no_calendar_matter(nova, text):
    turn = nova.turn("u1", "nova", text, NOW)
    assert turn.services == [] and "eingetragen" not in turn.answer, turn.answer


def test_twin_a_coming_appointment_told_is_still_offered(nova, db):
    turn = nova.turn("u1", "nova", "Ich hab morgen um 10 Zahnarzt.", NOW)
    assert "Soll ich „Zahnarzt“" in turn.answer, turn.answer
    assert TimelineRepository(db).list("u1", "nova") == []


@pytest.mark.parametrize("text,hotline", [("Ich fühl mich nicht gut.", False), ("Mir geht es schlecht", False),
                                          ("Ich kann nicht mehr.", True), ("Mir gehts grad total beschissen", True)])
def test_plain_unwell_is_no_case_for_a_hotline(text, hotline):
    """The readiness is cautious for curiosity (*mir geht es nicht gut* closes the deepening); the care answer
    keeps the numbers for strain beyond feeling unwell."""
    assert ("0800 111 0 111" in care_answer(text)) is hotline
