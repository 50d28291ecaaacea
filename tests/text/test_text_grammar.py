"""The request grammar of the offline rules: data with a schema test, fillers out,
polite frames into the bare order, and the mood that decides whether anything may be written
(`timeline.md` §3a, end of `notizen.md`: only an explicit request writes)."""

from __future__ import annotations

import pytest

from novaberg.text.grammar import (
    QUESTION,
    REQUEST,
    STATEMENT,
    analyse,
    load_raw_grammar,
    strip_particles,
    verb_of,
)

_LIST_KEYS = ("interjections", "greetings", "particles", "particle_phrases", "modal_openers", "wish_openers",
              "question_verbs", "subject_words", "subject_pronouns")
_EVERYDAY_ORDER_VERBS = ("eintragen", "einschreiben", "notieren", "aufschreiben", "setzen", "packen", "anlegen", "erstellen",
                "machen", "verlegen", "verschieben", "schieben", "legen", "streichen", "loeschen", "vergessen",
                "rausnehmen", "umbenennen", "leeren")


def test_data_file_schema():
    raw = load_raw_grammar()
    assert raw["schema_version"] == 1
    for key in _LIST_KEYS:
        words = raw[key]
        assert words and all(isinstance(w, str) and w == w.lower() and w.strip() == w for w in words), key
    keys = [entry["key"] for entry in raw["lexicon"]]
    assert len(keys) == len(set(keys))
    for entry in raw["lexicon"]:
        assert set(entry) == {"key", "imperative", "particle", "infinitive", "actions"}
        assert entry["imperative"] and set(entry["actions"]) <= {"timeline", "notizen"} and entry["actions"]
        assert all(w == w.lower() for w in (*entry["imperative"], *entry["infinitive"], entry["particle"]))


def test_every_everyday_order_verb_is_in_the_lexicon():
    assert set(_EVERYDAY_ORDER_VERBS) <= {entry["key"] for entry in load_raw_grammar()["lexicon"]}


@pytest.mark.parametrize("text,core", [
    ("Trag mir bitte mal morgen um 10 den Zahnarzt ein", "Trag mir morgen um 10 den Zahnarzt ein"),
    ("Wann ist nochmal die Physiotherapie?", "Wann ist die Physiotherapie?"),
    ("Schreib doch noch eben Milch auf die Liste", "Schreib Milch auf die Liste"),
])
def test_particles_of_politeness_are_taken_out(text, core):
    assert strip_particles(text) == core


@pytest.mark.parametrize("text,core,verb", [
    ("Kannst du mir morgen um 10 den Zahnarzt eintragen?", "trag mir morgen um 10 den Zahnarzt ein", "eintragen"),
    ("Könntest du bitte die Physiotherapie auf Freitag verschieben?", "verschieb die Physiotherapie auf Freitag",
     "verschieben"),
    ("Kannst du mir eine Packliste anlegen mit Pass und Ladekabel?", "leg mir eine Packliste an mit Pass und Ladekabel",
     "anlegen"),
    ("Ich möchte eine Einkaufsliste anlegen", "leg eine Einkaufsliste an", "anlegen"),
    ("Würdest du den Zahnarzt löschen?", "lösch den Zahnarzt", "loeschen"),
])
def test_a_polite_frame_is_an_order_in_imperative_word_order(text, core, verb):
    utterance = analyse(text)
    assert (utterance.mood, utterance.core, utterance.verb, utterance.polite) == (REQUEST, core, verb, True)


@pytest.mark.parametrize("text,mood", [
    ("Hm, verschieb die Physiotherapie auf Montag", REQUEST),
    ("Ach, also, trag mir morgen den Zahnarzt ein", REQUEST),
    ("Vergiss das Kino mit Jonas", REQUEST),
    ("Sag den Zahnarzt ab", REQUEST),
    ("Morgen um 10 Zahnarzt eintragen", REQUEST),
    ("Was hab ich übermorgen?", QUESTION),
    ("Was hab ich diesen Monat noch", QUESTION),
    ("Hab ich morgen was vor?", QUESTION),
    ("Sag mal, was hab ich am Freitag?", QUESTION),
    ("Steht die Physiotherapie am Freitag um 11 drin?", QUESTION),
    ("Morgen um 10 habe ich Zahnarzt", STATEMENT),
    ("Ich habe die Physiotherapie auf Montag umgelegt.", STATEMENT),
    ("Ich hab die Liste in Wocheneinkauf umbenannt.", STATEMENT),
    ("Ich brauche noch Mehl und Hefe", STATEMENT),
    ("Ich muss morgen den Zahnarzt eintragen", STATEMENT),
    ("Vergiss den Zahnarzt nicht!", STATEMENT),
    ("Lösch die Einkaufsliste bloß nicht", STATEMENT),
])
def test_mood_separates_an_order_from_a_question_and_a_statement(text, mood):
    """§3a: only an order may write; a question reads; a statement writes nothing."""
    assert analyse(text).mood == mood


@pytest.mark.parametrize("core,key", [
    ("leg mir morgen um 10 den Zahnarzt an", "anlegen"),
    ("leg die Steuerberaterin auf Dienstag um 10", "legen"),
    ("leg eine Packliste an mit Pass", "anlegen"),
    ("nimm das Kino aus dem Kalender", "nehmen"),
    ("nimm die Milch raus", "rausnehmen"),
    ("sag den Zahnarzt ab", "absagen"),
])
def test_a_separable_verb_is_read_with_its_particle(core, key):
    lexeme, _ = verb_of(core)
    assert lexeme is not None and lexeme.key == key


def test_a_long_text_is_read_for_its_last_order_else_its_last_question():
    """A monologue gets an answer about the part that matters."""
    talk = "Also, ich wollte dir erzählen, morgen um 10 habe ich Zahnarzt. " * 10
    assert analyse(talk).mood == STATEMENT
    ordered = analyse(talk + "Trag mir bitte übermorgen um 16 Uhr den Friseur ein.")
    assert (ordered.mood, ordered.core) == (REQUEST, "Trag mir übermorgen um 16 Uhr den Friseur ein")
    asked = analyse(talk + "Was hab ich eigentlich am Freitag?")
    assert (asked.mood, asked.core) == (QUESTION, "Was hab ich am Freitag?")
