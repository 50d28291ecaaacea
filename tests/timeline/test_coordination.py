"""Two orders in one utterance, in the elliptical form: one verb, two appointments, each with its own day — *Trag mir am Montag Yoga
und am Dienstag Pilates ein* asked „Die Zeitangabe „am Montag am Dienstag“ kann ich nicht sicher lesen“ for the
title „Yoga und Pilates“. Split only when each conjunct names a day and a title; else it stays one order."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from novaberg.timeline.coordination import coordinated_orders
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 11, 9)  # Wednesday


@pytest.mark.parametrize("text,orders", [
    ("Trag mir am Montag Yoga und am Dienstag Pilates ein",
     ["Trag mir am Montag Yoga ein", "Trag mir am Dienstag Pilates ein"]),
    ("Trag mir übermorgen um 14:30 Physio ein und am Freitag um 8 Zahnreinigung.",
     ["Trag mir übermorgen um 14:30 Physio ein", "Trag mir am Freitag um 8 Zahnreinigung ein"]),
    ("Kannst du mir Physio übermorgen um 14:30 und Zahnreinigung am Freitag um 8 eintragen?",
     ["trag mir Physio übermorgen um 14:30 ein", "trag mir Zahnreinigung am Freitag um 8 ein"]),
])
def test_one_verb_two_appointments_with_a_day_each(text, orders):
    assert coordinated_orders(text) == orders


@pytest.mark.parametrize("text", [
    "Trag mir am Freitag Kaffee und Kuchen um 8 ein",  # the clock belongs to the first part's day: one appointment
    "Trag mir am Montag Yoga und Pilates ein",  # one day
    "Trag mir Yoga am Montag und Dienstag ein",  # one title
    "Trag mir am Montag Yoga ein",
    "Was hab ich am Montag und am Dienstag?",  # a question
    "Am Montag Yoga und am Dienstag Pilates.",  # told, not ordered
    "Lösch am Montag Yoga und am Dienstag Pilates",  # not a create
])
def test_twin_anything_less_stays_one_order(text):
    assert coordinated_orders(text) == []


@pytest.fixture
def nova(db, redis, tmp_path):
    return make_nova(db, redis, make_offline_llm(), tmp_path)


def test_both_appointments_are_entered_each_verified(nova, db):
    turn = nova.turn("u1", "nova", "Trag mir übermorgen um 14:30 Physio ein und am Freitag um 8 Zahnreinigung.", NOW)
    assert [s["status"] for s in turn.services] == ["abgeschlossen", "abgeschlossen"], turn.answer
    rows = sorted((r["event_time"], r["title"]) for r in TimelineRepository(db).list("u1", "nova"))
    assert rows == [(berlin(2026, 11, 13, 8), "Zahnreinigung"), (berlin(2026, 11, 13, 14, 30), "Physio")]
    assert turn.verdict == "ok"


def test_twin_kaffee_und_kuchen_is_one_appointment(nova, db):
    nova.turn("u1", "nova", "Trag mir am Freitag Kaffee und Kuchen um 8 ein", NOW)
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Kaffee und Kuchen"]


def test_the_same_sentence_in_parallel_writes_each_appointment_once(nova, db):
    text = "Trag mir am Montag um 9 Yoga und am Dienstag um 10 Pilates ein"
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda _: nova.turn("u1", "nova", text, NOW), range(4)))
    titles = sorted(r["title"] for r in TimelineRepository(db).list("u1", "nova"))
    assert titles == ["Pilates", "Yoga"]
