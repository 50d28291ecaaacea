"""An order Nova cannot carry out (a booking, an order, music, a call, navigation, an alarm clock, the weather, a
message) writes nothing and says so, with what she can do instead (the brief's rule: an order she cannot carry out
writes nothing and says so; timeline.md §3a for the offer). Two persons, a fixed clock, rows read after each turn."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import load_pending
from tests.support import at_once, berlin, rows_of

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"
ORDERS = (
    "Buche einen Tisch heute für acht Personen in einem Steakhouse da Sashimi serviert",
    "Buche bei The Halal Guys am 17. Oktober",
    "Buche ein Restaurant um 16 Uhr in SC",
    "Bestelle eine Pizza",
    "Kauf online neue Schuhe",
    "Spiel Musik von Queen",
    "Ruf Mama an",
    "Navigiere nach Hause",
    "Stell einen Wecker auf 7 Uhr",
    "Wie wird das Wetter morgen?",
    "Schick Lisa eine Nachricht",
    "Buche einen Flug nach Berlin am Freitag",
)


def _rows(nova, user: str) -> tuple[list[str], list[str]]:
    return rows_of(nova, user, FIG)


@pytest.mark.parametrize("said", ORDERS)
def test_an_order_beyond_reach_writes_no_row_for_either_person(nova, said):
    nova.notes.insert("anna", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    before = {user: _rows(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert {user: _rows(nova, user) for user in ("anna", "ben")} == before, result.answer
    assert "kann ich nicht" in result.answer, result.answer
    assert not any(s["name"] in ("timeline", "notizen") for s in result.services), result.services


def test_a_booking_says_what_she_cannot_and_asks_about_an_appointment(nova):
    result = nova.turn("anna", FIG, "Buche einen Tisch heute für acht Personen in einem Steakhouse da Sashimi serviert",
                       NOW)
    assert result.answer.startswith("Buchen oder reservieren kann ich nicht"), result.answer
    assert "Soll ich dafür einen Termin eintragen?" in result.answer
    assert "Eingetragen" not in result.answer and "Richtigstellung" not in result.answer


def test_a_booking_with_day_and_time_is_offered_and_a_consent_enters_it_for_that_person_only(nova):
    asked = nova.turn("anna", FIG, "Buche einen Tisch beim Italiener am Freitag um 19 Uhr", NOW)
    assert "Soll ich „Tisch Italiener“ am Freitag, 13.11. um 19:00 Uhr eintragen?" in asked.answer, asked.answer
    assert _rows(nova, "anna")[0] == []
    nova.turn("ben", FIG, "Ja", NOW)  # another person's consent takes nothing of hers
    assert _rows(nova, "ben")[0] == [] and _rows(nova, "anna")[0] == []
    done = nova.turn("anna", FIG, "Ja", NOW)
    assert _rows(nova, "anna")[0] == ["Tisch Italiener"], done.answer


def test_a_refusal_of_the_offer_writes_nothing(nova):
    nova.turn("anna", FIG, "Stell einen Wecker auf 7 Uhr morgen", NOW)
    nova.turn("anna", FIG, "Nein", NOW)
    assert _rows(nova, "anna") == ([], [])
    assert load_pending(nova.deps.redis, "anna", FIG, NOW) is None


def test_parallel_orders_beyond_reach_of_one_person_write_nothing(nova):
    results = at_once(ORDERS[:4], lambda said: nova.turn("anna", FIG, said, NOW))
    assert all("kann ich nicht" in r.answer for r in results), [r.answer for r in results]
    assert _rows(nova, "anna") == ([], [])
