"""The sentence templates of the services (`text.intents`): what one template line reads, how the services'
readings are weighed, and that a faulty line is refused when it is loaded."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from novaberg.api.catalog import SERVICES
from novaberg.text.intents import (
    NONE,
    ONE,
    ORDER,
    QUESTION,
    TIE,
    TemplateError,
    compile_intents,
    read_intents,
)

SETS = tuple(entry.intents for entry in SERVICES)


def _one(text: str) -> tuple[str, str, dict[str, str], tuple[str, ...]]:
    verdict = read_intents(text, SETS)
    assert verdict.kind == ONE, (text, verdict)
    reading = verdict.readings[0]
    return reading.service, reading.intent, dict(reading.slots), reading.pronouns


def _file(service: str) -> dict:
    return json.loads(resources.files("novaberg.text.intents").joinpath(f"{service}_de.json").read_text("utf-8"))


def test_the_middle_field_is_read_in_any_order():
    """The German middle field: time and title in either order, the particle closing the sentence."""
    assert _one("Trag mir morgen um 10 den Zahnarzt ein")[:3] == (
        "timeline", "termin_anlegen", {"zeit": "morgen um 10", "titel": "den Zahnarzt"})
    assert _one("Trag den Zahnarzt morgen um 10 ein")[:3] == (
        "timeline", "termin_anlegen", {"titel": "den Zahnarzt", "zeit": "morgen um 10"})


def test_a_separable_verb_is_read_with_its_particle_or_a_modal_and_its_infinitive():
    assert _one("Füg Milch zur Einkaufsliste hinzu")[:2] == ("notizen", "eintrag_hinzufuegen")
    assert _one("Kannst du Milch zur Einkaufsliste hinzufügen?")[2] == {"eintraege": "Milch", "liste": "Einkaufsliste"}
    assert read_intents("Füg Milch zur Einkaufsliste", SETS).kind == NONE  # the frame without its particle


def test_a_compound_names_the_list_by_its_head():
    assert _one("Lösch die Packliste")[:3] == ("notizen", "liste_loeschen", {"liste": "Packliste"})
    assert _one("Streich Pass, Ladekabel und Sonnencreme von der Todo-Liste")[2] == {
        "eintraege": "Pass, Ladekabel und Sonnencreme", "liste": "Todo-Liste"}


def test_a_pronoun_is_a_slot_of_its_own_never_a_title():
    """*Verschieb das auf Freitag*: the pronoun is kept as said, for the service to resolve from the Lage."""
    service, intent, slots, pronouns = _one("Verschieb das auf Freitag")
    assert (service, intent, pronouns) == ("timeline", "termin_verschieben", ("das",))
    assert "titel" not in slots and slots["neue_zeit"] == "Freitag"
    titles = compile_intents("kalender", {"intents": {"weg": {"modus": ORDER, "saetze": ["(loesch|streich) {titel}"]}}})
    assert read_intents("Streich das", (titles,)).kind == NONE  # a bare pronoun is no title


def test_a_free_slot_never_holds_another_services_object():
    """„Regel“ is an object the directives declare: no other service's free slot (an appointment's title) holds
    it, even where the directives' own templates do not read the sentence."""
    titles = compile_intents("kalender", {"intents": {"weg": {"modus": ORDER, "saetze": ["(loesch|streich) {titel}"]}}})
    rules = compile_intents("regeln", {"objektwoerter": ["regel"], "intents": {}})
    assert read_intents("Streich die Regel über Emojis", (titles, rules)).kind == NONE
    assert read_intents("Streich den Zahnarzt", (titles, rules)).kind == ONE
    assert _one("Streiche die Regel 2")[:2] == ("direktiven", "regel_loeschen")


def test_the_template_fixing_more_words_wins():
    """*Vergiss alles über mich* fits the timeline's *vergiss {titel}* too; the forget-me template fixes more."""
    assert _one("Vergiss alles über mich")[:2] == ("vergessen", "alles_vergessen")


def test_two_services_reading_a_sentence_equally_well_tie():
    verdict = read_intents("Lösch das", SETS)
    assert verdict.kind == TIE and set(verdict.services) == {"timeline", "notizen"}


def test_each_intent_says_its_mood():
    assert read_intents("Was hab ich morgen?", SETS).readings[0].mood == QUESTION
    assert read_intents("Leer die Einkaufsliste", SETS).readings[0].mood == ORDER


@pytest.mark.parametrize(("said", "intent", "slots"), [
    ("Können Sie meine Einkaufsliste löschen?", "liste_loeschen", {"liste": "Einkaufsliste"}),
    ("Löschen Sie die Packliste", "liste_loeschen", {"liste": "Packliste"}),
    ("Könnten Sie mir eine neue Liste für mich erstellen?", "liste_anlegen", {"liste": "Liste"}),
    ("Nennen Sie mir die aktuellen Termine", "termine_zeigen", {}),
    ("Erzählen Sie mir von allen anstehenden Terminen", "termine_zeigen", {}),
    ("Bitte sagen Sie mir, was dieses Wochenende im Kalender steht", "termine_zeigen",
     {"zeitraum": "dieses Wochenende"}),
    ("Wie sieht mein Zeitplan morgen aus?", "termine_zeigen", {"zeitraum": "morgen"}),
    ("Um wie viel Uhr beginnt die Besprechung?", "termin_wann", {"titel": "die Besprechung"}),
])
def test_the_form_of_sie_and_everyday_calendar_questions_are_read_by_a_template(said, intent, slots):
    """A modal of *Sie* (*Können Sie …*, *Löschen Sie …*) reads as the du form does; a question for the coming
    appointments or one appointment's time reads as the timeline's question."""
    assert _one(said)[1:3] == (intent, slots)


def test_a_statement_matches_no_order_template():
    """Statements are no orders (timeline.md §3a): *Ich muss den Zahnarzt noch eintragen* reads no intent."""
    assert read_intents("Ich muss den Zahnarzt noch eintragen.", SETS).kind == NONE
    assert read_intents("Ich hab morgen um 10 Zahnarzt", SETS).kind == NONE


def test_one_new_template_line_routes_a_new_phrasing():
    """The way a phrasing is added (docs/architecture.md): one line in the service's file. *Hau mir … rein* is
    read by its line alone — without it no template of any service reads the sentence."""
    said = "Hau mir morgen um 10 den Zahnarzt rein"
    assert _one(said)[:2] == ("timeline", "termin_anlegen")
    raw = _file("timeline")
    line = "(hau|tu) [mir] ({zeit}; {titel}) rein"
    raw["intents"]["termin_anlegen"]["saetze"].remove(line)
    without = tuple(compile_intents("timeline", raw) if s.service == "timeline" else s for s in SETS)
    assert read_intents(said, without).kind == NONE


def test_a_template_with_an_unknown_slot_or_rule_is_refused_when_loaded():
    for line in ("trag {unbekannt} ein", "trag <unbekannt> ein", "trag (den|die termin ein"):
        with pytest.raises(TemplateError, match="probe_de.json, intent probe"):
            compile_intents("probe", {"intents": {"probe": {"modus": ORDER, "saetze": [line]}}})
