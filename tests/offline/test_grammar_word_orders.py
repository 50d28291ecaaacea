"""The request grammar, held out: four everyday word orders the request grammar did not read. Only an order may
write (timeline.md §3a, end of notizen.md „Nur auf ausdrücklichen Auftrag“): each form is read as the order or
question it is, and the statements next to it stay statements."""

from __future__ import annotations

import pytest

from novaberg.text.grammar import QUESTION, REQUEST, STATEMENT, analyse
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)


@pytest.mark.parametrize(("text", "mood", "core", "verb"), [
    # the object first, the modal frame second (*X kannst du löschen*)
    ("Den Friseur kannst du löschen", REQUEST, "lösch den Friseur", "loeschen"),
    ("Morgen um 10 kannst du mir den Zahnarzt eintragen", REQUEST, "trag Morgen um 10 mir den Zahnarzt ein",
     "eintragen"),
    # a verb of the lexicon in the du-form first (*Packst du …?* is a request, not a question about her habits)
    ("Packst du mir noch Zahnbürste auf die Packliste?", REQUEST, "pack mir Zahnbürste auf die Packliste",
     "packen"),
    ("Trägst du mir morgen den Zahnarzt ein?", REQUEST, "trag mir morgen den Zahnarzt ein", "eintragen"),
    ("Setzt du Milch auf die Liste?", REQUEST, "setz Milch auf die Liste", "setzen"),
    # a wish with the past participle (*ich hätte gern X eingetragen*)
    ("Ich hätte gern morgen um 14 Uhr einen Termin beim Friseur eingetragen", REQUEST,
     "trag morgen um 14 Uhr einen Termin beim Friseur ein", "eintragen"),
    ("Ich möchte den Zahnarzt gelöscht haben", REQUEST, "lösch den Zahnarzt", "loeschen"),
    # an order to show or tell whose object is a w-clause asks that question
    ("Zeig mir bitte, was ich im Dezember vorhabe", QUESTION, "was ich im Dezember vorhabe", ""),
    ("Sag mir, wann ich den Zahnarzt habe", QUESTION, "wann ich den Zahnarzt habe", ""),
])
def test_word_orders_are_read_as_what_they_are(text, mood, core, verb):
    utterance = analyse(text)
    assert (utterance.mood, utterance.core, utterance.verb) == (mood, core, verb)


@pytest.mark.parametrize("text", [
    "Ich habe den Friseur auf Freitag gelegt",  # a participle without a wish: told, not ordered
    "Den Friseur habe ich gelöscht",
    "Der Zahnarzt hat den Termin abgesagt",
    "Ich hätte gern mehr Zeit",
])
def test_statements_next_to_the_new_forms_stay_statements(text):
    """End of notizen.md / timeline.md §3a: a statement never writes."""
    assert analyse(text).mood == STATEMENT


@pytest.mark.parametrize("text", ["Was kannst du löschen?", "Wann kannst du das eintragen?", "Weißt du, was ich vorhabe?"])
def test_questions_stay_questions(text):
    assert analyse(text).mood == QUESTION


@pytest.mark.parametrize(("text", "answer_part"), [
    ("Den Zahnarzt kannst du löschen", "gelöscht"),
    ("Ich hätte gern übermorgen um 9 Uhr den Ölwechsel eingetragen", "Eingetragen: „Ölwechsel“"),
])
def test_end_to_end_offline(nova, text, answer_part):
    """Through the turn with the offline model: the object-first and the participle wish write."""
    assert "Eingetragen" in nova.turn("u-gram", "nova", "Trag mir morgen um 10 den Zahnarzt ein", NOW).answer
    result = nova.turn("u-gram", "nova", text, NOW)
    assert answer_part.casefold() in result.answer.casefold(), result.answer
    assert result.services[0]["name"] == "timeline" and result.services[0]["status"] != "rejected"
