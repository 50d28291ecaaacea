"""The service's registration and the offline router's hint (timeline.md §3a *Empfang*)."""

from __future__ import annotations

import pytest

from novaberg.api.catalog import build_registry
from novaberg.timeline.agent import const
from novaberg.timeline.agent.dispatch import HINT_STATEMENT, route_hint


def test_the_catalog_lists_the_service_and_the_block_reader():
    registry = build_registry()
    assert const.SERVICE_NAME in registry.names()
    assert "termine" in [name for name, _ in registry.readers]


@pytest.mark.parametrize("text", ["Trag mir morgen um 10 den Zahnarzt ein", "Verschieb den Zahnarzt auf Freitag",
                                  "Lösch den Termin am Dienstag", "Merk dir den Elternabend am Donnerstag um 19 Uhr"])
def test_orders_with_an_appointment_signal_score_highest(text):
    assert route_hint(text) >= 0.9


@pytest.mark.parametrize("text", ["Lösch die Liste Wocheneinkauf", "Streich die Milch von der Einkaufsliste"])
def test_a_bare_delete_verb_leaves_named_lists_to_the_notes(text):
    assert 0 < route_hint(text) < 0.9  # the notes claim a named list or note with 0.9


def test_section3a_a_statement_with_a_time_is_delivered_in_doubt_at_a_low_score():
    assert route_hint("Morgen um 10 habe ich Zahnarzt") == HINT_STATEMENT


@pytest.mark.parametrize("text", ["Hallo Nova", "Wie war dein Tag?", "Ich mag Tee"])
def test_other_talk_is_not_mine(text):
    assert route_hint(text) == 0.0
