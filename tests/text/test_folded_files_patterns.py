"""The files' question patterns read the input folded once (`text.words.fold`), so umlaut,
ASCII and capitalised spellings are one case — not umlaut alternatives inside each pattern."""

from __future__ import annotations

import pytest

from novaberg.files.blocks import asks_records
from novaberg.files.deepening.decide import asks
from novaberg.files.reading.service import HINT_KNOW, route_hint
from novaberg.text.question import DATE, PLACE, read_question


@pytest.mark.parametrize("text", ["Weißt du was über Napoleon?", "Weisst du was ueber Napoleon?",
                                  "WEISST DU WAS ÜBER NAPOLEON", "Was weißt du eigentlich über den Vertrag?",
                                  "Wie hieß nochmal der WLAN-Code?", "wie hiess noch mal der wlan-code"])
def test_the_ask_to_remember_is_read_in_every_spelling(text):
    """dateien.md §3.0c: „Weißt du was über X" in any spelling routes to the files as one store asked."""
    assert route_hint(text) == HINT_KNOW


@pytest.mark.parametrize("text", ["Was weißt du über mich?", "was weisst du ueber uns"])
def test_what_she_knows_about_the_person_stays_with_the_memory(text):
    assert route_hint(text) == 0.0


@pytest.mark.parametrize("text", ["Weißt du was über den Mietvertrag", "weisst du etwas ueber den mietvertrag"])
def test_a_turn_asking_for_records_is_seen_in_every_spelling(text):
    """dateien.md §8.1: the turn refers to stored text."""
    assert asks_records(text)


@pytest.mark.parametrize("text", ["Ich weiß nicht mehr, wann der Vertrag endet.",
                                  "ich weiss nicht mehr wann der vertrag endet",
                                  "Ich hätte gern wissen, wo die Rechnung liegt.",
                                  "ich haette gern wissen wo die rechnung liegt",
                                  "Ich würde gern wissen, wann das war.", "ich wuerde gern wissen wann das war"])
def test_an_indirect_question_is_a_question_in_every_spelling(text):
    """dateien.md §3.0b: an indirect question asks as much as a direct one."""
    assert asks(text)


@pytest.mark.parametrize(("text", "kind"), [("Weißt du, wann der Vertrag endet?", DATE),
                                             ("weisst du wann der vertrag endet", DATE),
                                             ("WEISST DU, WO DIE RECHNUNG LIEGT?", PLACE)])
def test_the_asked_kind_is_read_after_an_opening_in_every_spelling(text, kind):
    question = read_question(text)
    assert question is not None and question.kind == kind
