"""Questions about the calendar itself are answered by computation, never by a guess (tribunal.md §4: Nova
never confirms a wrong weekday). *Ist der 9. Dezember ein Dienstag?* got the no-model text; *Welcher Wochentag
ist der 24. Dezember?* searched the appointment „Wochentag“. The `[DATUM]` block carries the computed fact to
the composer; a model that says it in other words passes the tribunal, one that confirms the wrong weekday
does not."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.timeline.date_question import BLOCK_HEADER, date_question
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9)  # Monday
ZONE = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize("question,answer", [
    ("Ist der 9. Dezember ein Dienstag?", "Nein, der 9. Dezember 2026 ist ein Mittwoch — kein Dienstag."),
    ("Ist der 8. Dezember ein Dienstag?", "Ja, der 8. Dezember 2026 ist ein Dienstag."),
    ("Sag mal, ist der 8.12. eigentlich ein Dienstag?", "Ja, der 8. Dezember 2026 ist ein Dienstag."),
    ("Fällt Silvester auf einen Donnerstag?", "Ja, der 31. Dezember 2026 ist ein Donnerstag."),
    ("Ist morgen Montag?", "Nein, der 1. Dezember 2026 ist ein Dienstag — kein Montag."),
    ("Welcher Wochentag ist der 24. Dezember?", "Der 24. Dezember 2026 ist ein Donnerstag."),
    ("Auf welchen Tag fällt Heiligabend?", "Der 24. Dezember 2026 ist ein Donnerstag."),
    ("Was für ein Tag ist der 1.1.2027?", "Der 1. Januar 2027 ist ein Freitag."),
    ("Welcher Wochentag war der 3. Oktober 1990?", "Der 3. Oktober 1990 war ein Mittwoch."),
    ("Welcher Tag ist heute?", "Heute ist Montag, der 30. November 2026."),
    ("Welchen Tag haben wir heute?", "Heute ist Montag, der 30. November 2026."),
    ("Welches Datum ist übermorgen?", "Übermorgen ist Mittwoch, der 2. Dezember 2026."),
    ("Der wievielte ist nächster Freitag?", "Nächster Freitag ist der 4. Dezember 2026."),
])
def test_a_question_about_a_day_is_answered_by_computation(question, answer):
    fact = date_question(question, NOW, ZONE)
    assert fact is not None and fact.sentence() == answer


@pytest.mark.parametrize("question", [
    "Hab ich am Dienstag was?", "Ist am Dienstag Yoga?", "Ist Yoga am Dienstag?", "Welche Termine hab ich am Freitag?",
    "Wann ist der Zahnarzt?", "Welcher Tag ist mein Zahnarzttermin?",  # appointments, the timeline's read
    "Der 9. Dezember ist ein Dienstag.",  # told, not asked
    "Ist der 1.1.0001 ein Montag?", "Welcher Wochentag ist der 31.12.9999?", "Welcher Wochentag ist der 32.12.?",
    "Welcher Wochentag ist nächste Woche?",  # a week is no day: no guess
])
def test_twin_no_single_readable_day_gives_no_fact(question):
    assert date_question(question, NOW, ZONE) is None


def test_the_answer_is_computed_in_the_person_s_zone():
    """23:30 UTC on Monday is already Tuesday in Berlin: *heute* is Tuesday."""
    late = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    assert date_question("Welcher Tag ist heute?", late, ZONE).sentence() == "Heute ist Dienstag, der 1. Dezember 2026."


@pytest.fixture
def offline_nova(db, redis, tmp_path):
    return make_nova(db, redis, make_offline_llm(), tmp_path)


def test_offline_nova_says_the_weekday_and_writes_nothing(offline_nova, db):
    turn = offline_nova.turn("u1", "nova", "Ist der 9. Dezember ein Dienstag?", NOW)
    assert turn.answer == "Nein, der 9. Dezember 2026 ist ein Mittwoch — kein Dienstag.", turn.answer
    assert turn.services == [] and turn.verdict == "ok"
    assert TimelineRepository(db).list("u1", "nova") == []


def test_twin_an_appointment_on_that_day_is_still_the_timeline_s(offline_nova):
    offline_nova.turn("u1", "nova", "Trag mir am 9. Dezember um 10 Uhr Zahnarzt ein", NOW)
    turn = offline_nova.turn("u1", "nova", "Hab ich am 9. Dezember was?", NOW)
    assert [s["name"] for s in turn.services] == ["timeline"] and "10:00 Uhr: Zahnarzt" in turn.answer, turn.answer


def _nova_saying(db, redis, tmp_path, said):
    llm = ScriptedLLM({"compose": {"antwort": said}}, fallback=make_offline_llm())
    return make_nova(db, redis, llm, tmp_path), llm


@pytest.mark.parametrize("said", [
    "Nein — der 9. Dezember fällt auf einen Mittwoch.",
    "Der 9.12. ist ein Mittwoch, nicht ein Dienstag.",
    "Knapp daneben: Mittwoch, 09.12.2026.",
])
def test_a_model_saying_the_computed_day_in_other_words_passes(db, redis, tmp_path, said):
    nova, llm = _nova_saying(db, redis, tmp_path, said)
    turn = nova.turn("u1", "nova", "Ist der 9. Dezember ein Dienstag?", NOW)
    blocks = llm.calls["compose"][0]["block_map"]
    assert "Mittwoch, 09.12.2026" in blocks[BLOCK_HEADER] and "Dienstag an; das stimmt nicht" in blocks[BLOCK_HEADER]
    assert turn.verdict == "ok" and turn.answer == said, (turn.verdict, turn.reasons, turn.answer)


def test_a_model_confirming_the_wrong_weekday_is_corrected(db, redis, tmp_path):
    nova, _ = _nova_saying(db, redis, tmp_path, "Ja, der 9. Dezember 2026 ist ein Dienstag.")
    turn = nova.turn("u1", "nova", "Ist der 9. Dezember ein Dienstag?", NOW)
    assert "ist ein Mittwoch" in turn.answer and "ist ein Dienstag" not in turn.answer, turn.answer


@pytest.mark.parametrize("question,answer", [
    ("Welcher Wochentag ist der 29.2.2027?", "Den 29. Februar 2027 gibt es nicht — 2027 ist kein Schaltjahr."),
    ("Ist der 31. April ein Montag?", "Den 31. April gibt es nicht — der April hat 30 Tage."),
    ("Ist der 30.2. ein Freitag?", "Den 30. Februar gibt es nicht — der Februar hat höchstens 29 Tage."),
])
def test_a_day_no_calendar_has_is_said_to_be_none(offline_nova, db, question, answer):
    """No guess and no move to a neighbouring day: it read „Den Zeitraum „29.2.2027“ kann ich nicht sicher lesen“."""
    turn = offline_nova.turn("u1", "nova", question, NOW)
    assert turn.answer == answer and turn.services == [], turn.answer
    assert TimelineRepository(db).list("u1", "nova") == []


def test_twin_the_29th_of_february_of_a_leap_year_is_a_day():
    assert date_question("Welcher Wochentag ist der 29.2.2028?", NOW, ZONE).sentence() == \
        "Der 29. Februar 2028 ist ein Dienstag."
