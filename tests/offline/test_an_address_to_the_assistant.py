"""A leading address to the assistant (*Olly bitte …*, *PDA: …*, *Hey Olly, …*) is no part of the order: the rest is
read as the order — carried out when it is hers, refused when it is beyond her reach (the brief's rule: an order she
cannot carry out writes nothing and says so). A person named first is the order's object, never an address. Two
persons, a fixed clock, rows read after each turn."""

from __future__ import annotations

from novaberg.text.assistant_address import without_address
from tests.support import at_once, berlin, rows_of

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"


def _both(nova) -> dict[str, tuple[list[str], list[str]]]:
    return {user: rows_of(nova, user, FIG) for user in ("anna", "ben")}


def _timeline(nova, user: str) -> list[tuple[str, str, bool]]:
    return [(row["title"], row["event_time"].isoformat(), bool(row["remind"]))
            for row in nova.timeline.list(user, FIG, active_only=False)]


def test_an_order_of_hers_after_an_address_without_comma_is_carried_out_for_that_person_only(nova):
    for user in ("anna", "ben"):
        nova.turn(user, FIG, "Trag Besprechung am Mittwoch um 15 Uhr ein", NOW)
    before = {user: _timeline(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, "olly erinnere mich heute Abend an die morgige Besprechung", NOW)
    assert _timeline(nova, "anna") != before["anna"], result.answer
    assert "Olly" not in result.answer and "Mitteilung" not in result.answer, result.answer
    assert _timeline(nova, "ben") == before["ben"]


def test_a_list_order_after_an_address_with_a_colon_touches_only_her_list(nova):
    for user in ("anna", "ben"):
        nova.notes.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result = nova.turn("anna", FIG, "PDA: Löschen Sie die Einkaufsliste", NOW)
    if "?" in result.answer:  # a delete may ask first
        result = nova.turn("anna", FIG, "Ja", NOW)
    assert _both(nova) == {"anna": ([], []), "ben": ([], ["Einkaufsliste: Milch"])}, result.answer


def test_an_order_beyond_reach_after_an_address_is_refused_and_writes_nothing(nova):
    before = _both(nova)
    result = nova.turn("anna", FIG, "Olly bitte kaufen Sie mir ein Zugticket nach Atlanta", NOW)
    assert "kann ich nicht" in result.answer, result.answer
    assert _both(nova) == before


def test_a_question_after_an_address_is_read_without_the_name(nova):
    nova.turn("anna", FIG, "Trag Zahnarzt am Freitag um 10 Uhr ein", NOW)
    result = nova.turn("anna", FIG, "Olly, was habe ich als nächstes geplant?", NOW)
    assert "Zahnarzt" in result.answer and "Olly" not in result.answer, result.answer
    other = nova.turn("ben", FIG, "Olly, was habe ich als nächstes geplant?", NOW)
    assert "Zahnarzt" not in other.answer, other.answer


def test_parallel_addressed_orders_of_one_person_each_write_once(nova):
    said = ("PDA bitte trag Yoga am Donnerstag um 18 Uhr ein", "Olly, trag Sauna am Samstag um 11 Uhr ein")
    results = at_once(said, lambda text: nova.turn("anna", FIG, text, NOW))
    assert sorted(rows_of(nova, "anna", FIG)[0]) == ["Sauna", "Yoga"], [r.answer for r in results]
    assert rows_of(nova, "ben", FIG) == ([], [])


def test_a_name_of_a_person_first_is_no_address():
    for said in ("Anna bitte anrufen", "Lisa abholen", "Alexa bitte abholen", "Computer reparieren lassen",
                 "Olly kocht Kaffee um 6 Uhr morgens", "Olly"):
        assert without_address(said) == said


def test_an_assistant_name_before_an_order_or_a_question_is_dropped():
    assert without_address("PDA wann ist Jesses Geburtstag?") == "wann ist Jesses Geburtstag?"
    assert without_address("Hey Olly, spiel mir was") == "spiel mir was"
    assert without_address("PDA bitte prüfen Sie meine Termine") == "bitte prüfen Sie meine Termine"
    assert without_address("Google habe ich Freitag Termine?") == "habe ich Freitag Termine?"
