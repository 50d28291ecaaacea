"""A greeting is no time: *Guten Morgen* never means *morgen* (tomorrow) — the most common German greeting
reached the calendar as a search for „Guten“ and a greeting before an order moved the order to tomorrow."""

from __future__ import annotations

from novaberg.text.grammar import QUESTION, REQUEST, analyse
from novaberg.timeline.phrases import time_expression
from tests.support import berlin

NOW = berlin(2026, 11, 11, 9)  # Wednesday 09:00


def test_greeting_words_are_not_a_time_expression():
    assert time_expression("Guten Morgen, wie geht es?") == ""
    assert time_expression("Gute Nacht") == ""
    assert time_expression("Guten Morgen, trag mir um 10 den Zahnarzt ein") == "um 10"
    assert time_expression("Trag mir morgen um 10 den Zahnarzt ein") == "morgen um 10"  # the twin
    assert time_expression("Am Abend gehe ich ins Kino") == "Am Abend"


def test_a_leading_greeting_clause_is_no_part_of_the_request():
    order = analyse("Guten Morgen, trag mir um 10 den Zahnarzt ein")
    assert order.mood == REQUEST and order.core == "trag mir um 10 den Zahnarzt ein"
    question = analyse("Hallo Nova, was hab ich morgen?")
    assert question.mood == QUESTION and "morgen" in question.core
    assert analyse("Morgen, 10 Uhr: Zahnarzt eintragen").core.lower().count("morgen") == 1  # a time stays


def test_greeting_with_a_question_is_small_talk_not_the_calendar(nova):
    result = nova.turn("u1", "nova", "Guten Morgen, wie geht es?", NOW)
    assert result.services == [] and "Titel" not in result.answer and "Guten" not in result.answer
    alone = nova.turn("u1", "nova", "Guten Morgen!", NOW)
    assert alone.services == [] and "Mitteilung" not in alone.answer


def test_greeting_before_an_order_keeps_the_order_today(nova):
    result = nova.turn("u1", "nova", "Guten Morgen, trag mir um 10 den Zahnarzt ein", NOW)
    assert result.services[0]["status"] == "abgeschlossen"
    rows = nova.timeline.list("u1", "nova")
    assert [(r["title"], r["event_time"].astimezone(NOW.tzinfo).day) for r in rows] == [("Zahnarzt", 11)]
