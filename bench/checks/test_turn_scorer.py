"""The bench scores the external sets through the real turn (`bench/offline/turns.py`), so
the bare-order route by the person's data is in its figures, and a write is judged by the rows it changed."""

from __future__ import annotations

from bench.offline.external.score import ASKED, DONE, NO_WRITE, NOT_DONE, READ, WRONG
from bench.offline.turns import judge_turn

LISTS = ["Einkaufsliste", "Baumarkt", "Haushalt", "To-do-Liste"]


def _case(text: str, action: str, named: str = "", item: str = "") -> dict[str, str]:
    return {"text": text, "action": action, "list": named, "item": item}


def test_a_bare_order_is_scored_as_the_turn_routes_it(nova):
    """*„Loesch Käse“* (bonalyze dev): Käse stands on one of her lists only — the turn strikes it there (the
    route-only scorer could not see this decision)."""
    outcome, said = judge_turn(nova, "b1", _case("Loesch Käse", "remove_content", item="Käse"), LISTS)
    assert outcome == DONE, said
    assert nova.notes.by_name("b1", "Einkaufsliste")[0]["text"] == "Zahnstocher"


def test_the_outcome_is_read_from_the_rows(nova):
    """A write where none was asked for is WRONG; a named list that gets the item is done; an unnamed list is
    asked; a read-out must show the named list."""
    assert judge_turn(nova, "b2", _case("Setz Käse auf die Einkaufsliste", NO_WRITE), LISTS)[0] == WRONG
    assert judge_turn(nova, "b3", _case("Setz Käse auf die Einkaufsliste", "add_content", "Einkaufsliste", "Käse"),
                      LISTS)[0] == DONE
    assert judge_turn(nova, "b4", _case("Setz Käse auf die Baumarkt-Liste", "add_content", "Einkaufsliste", "Käse"),
                      LISTS)[0] == WRONG
    assert judge_turn(nova, "b5", _case("Pack Käse auf meine Liste", "add_content", "", "Käse"), LISTS)[0] == ASKED
    assert judge_turn(nova, "b6", _case("Was steht auf der Baumarkt-Liste?", READ, "Baumarkt"), LISTS)[0] == DONE
    assert judge_turn(nova, "b7", _case("Was steht auf der Baumarkt-Liste?", READ, "Haushalt"), LISTS)[0] == NOT_DONE


def test_a_strike_from_the_wrong_list_shows(nova):
    """The item stands on the named list and a second one: a strike from the second one is WRONG."""
    wrong = _case("Streich Quark von der Baumarkt-Liste", "remove_content", "Einkaufsliste", "Quark")
    assert judge_turn(nova, "b8", wrong, LISTS)[0] == WRONG
    right = _case("Streich Quark von der Einkaufsliste", "remove_content", "Einkaufsliste", "Quark")
    assert judge_turn(nova, "b9", right, LISTS)[0] == DONE


def test_a_calendar_read_out_is_scored_by_the_timeline_reading_and_no_write(nova):
    """The third set's calendar read-outs carry no list: done when the timeline read and nothing was written; a
    read-out sentence that creates an appointment is WRONG (the scorer crashed on them before)."""
    read = {"text": "Was steht morgen in meinem Kalender?", "action": READ, "title": "", "when": ""}
    assert judge_turn(nova, "b9", read, LISTS)[0] == DONE
    written = {"text": "Trag mir morgen um 10 Uhr den Zahnarzt ein", "action": READ, "title": "", "when": ""}
    assert judge_turn(nova, "b10", written, LISTS)[0] == WRONG
