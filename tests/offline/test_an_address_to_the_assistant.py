"""A leading address to the assistant (*Nova bitte …*, *Jarvis: …*, *Hey Nova, …*) is no part of the order: the rest is
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
    result = nova.turn("anna", FIG, "Jarvis bitte trag Yoga am Donnerstag um 18 Uhr ein", NOW)
    assert [(title, time) for title, time, _ in _timeline(nova, "anna")] == [
        ("Yoga", "2026-11-12T17:00:00+00:00")], result.answer
    assert "Jarvis" not in result.answer, result.answer
    assert _timeline(nova, "ben") == []


def test_a_list_order_after_an_address_with_a_colon_touches_only_her_list(nova):
    for user in ("anna", "ben"):
        nova.notes.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result = nova.turn("anna", FIG, "Jarvis: Löschen Sie die Einkaufsliste", NOW)
    if "?" in result.answer:  # a delete may ask first
        result = nova.turn("anna", FIG, "Ja", NOW)
    assert _both(nova) == {"anna": ([], []), "ben": ([], ["Einkaufsliste: Milch"])}, result.answer


def test_an_order_beyond_reach_after_an_address_is_refused_and_writes_nothing(nova):
    before = _both(nova)
    result = nova.turn("anna", FIG, "Jarvis bitte kaufen Sie mir ein Zugticket nach Atlanta", NOW)
    assert "kann ich nicht" in result.answer, result.answer
    assert _both(nova) == before


def test_a_question_after_an_address_is_read_without_the_name(nova):
    nova.turn("anna", FIG, "Trag Zahnarzt am Freitag um 10 Uhr ein", NOW)
    result = nova.turn("anna", FIG, "Nova, was habe ich als nächstes geplant?", NOW)
    assert "Zahnarzt" in result.answer and "nova" not in result.answer.lower(), result.answer
    other = nova.turn("ben", FIG, "Nova, was habe ich als nächstes geplant?", NOW)
    assert "Zahnarzt" not in other.answer, other.answer


def test_parallel_addressed_orders_of_one_person_each_write_once(nova):
    said = ("Nova bitte trag Yoga am Donnerstag um 18 Uhr ein", "Jarvis, trag Sauna am Samstag um 11 Uhr ein")
    results = at_once(said, lambda text: nova.turn("anna", FIG, text, NOW))
    assert sorted(rows_of(nova, "anna", FIG)[0]) == ["Sauna", "Yoga"], [r.answer for r in results]
    assert rows_of(nova, "ben", FIG) == ([], [])


def test_a_name_of_a_person_first_is_no_address():
    for said in ("Anna bitte anrufen", "Lisa abholen", "Alexa bitte abholen", "Computer reparieren lassen",
                 "Jarvis kocht Kaffee um 6 Uhr morgens", "Jarvis", "Olly bitte prüfen Sie meine Termine"):
        assert without_address(said) == said


def test_an_assistant_name_before_an_order_or_a_question_is_dropped():
    assert without_address("Jarvis wann ist Jesses Geburtstag?") == "wann ist Jesses Geburtstag?"
    assert without_address("Hey Nova, spiel mir was") == "spiel mir was"
    assert without_address("Jarvis bitte prüfen Sie meine Termine") == "bitte prüfen Sie meine Termine"
    assert without_address("Google habe ich Freitag Termine?") == "habe ich Freitag Termine?"


def test_the_name_of_the_character_spoken_to_is_an_address_and_no_other_name_is():
    assert without_address("Olly bitte prüfen Sie meine Termine", ("Olly",)) == "bitte prüfen Sie meine Termine"
    assert without_address("olly, was steht morgen an?", ("Olly",)) == "was steht morgen an?"
    assert without_address("Olly bitte prüfen Sie meine Termine", ("Lena",)) == "Olly bitte prüfen Sie meine Termine"


def test_the_character_spoken_to_is_addressed_by_her_own_name(nova):
    result = nova.turn("anna", "lena", "Lena bitte trag Yoga am Donnerstag um 18 Uhr ein", NOW)
    assert [row["title"] for row in nova.timeline.list("anna", "lena")] == ["Yoga"], result.answer
    assert nova.timeline.list("ben", "lena") == []
