"""The tribunal reads the same write lexicon as the command reader. tribunal.md „Die
Speicherbehauptung“ names only *verankert, fixiert, gesetzt, kalibriert, registriert* as ambiguous participles;
a participle the reader's lexicon (`text/grammar_de.json`) knows as a write is a claim without a reference."""

from __future__ import annotations

import pytest

from novaberg.text.claim_vocabulary import load_raw_vocabulary
from novaberg.text.grammar import grammar, lexeme_of_word
from novaberg.tribunal.claims import find_storage_claims

NAMED_AMBIGUOUS = {"verankert", "fixiert", "gesetzt", "kalibriert", "registriert"}  # tribunal.md, verbatim
# everyday doings outside storage, pinned as ambiguous in tests/tribunal/test_write_vocabulary.py:
# *„Ich habe dir geschrieben“*, *„Ich habe den Koffer gepackt“*
EVERYDAY = {"geschrieben", "gepackt"}


@pytest.mark.parametrize("sentence,form", [
    ("Okay, verschoben!", "kurz"),
    ("Gestrichen.", "kurz"),
    ("Ich hab den Zahnarzt auf Donnerstag verschoben.", "erste_person"),
    ("Dein Zahnarzt ist auf Donnerstag verschoben.", "zustand"),
    ("Ich habe den Zahnarzt abgesagt.", "erste_person"),
])
def test_sentences_are_storage_claims(sentence: str, form: str) -> None:
    """*„Okay, verschoben!“*, *„Gestrichen.“*, *„Ich hab den Zahnarzt auf Donnerstag verschoben.“*,
    *„Dein Zahnarzt ist auf Donnerstag verschoben.“* are claims (not ambiguous, tribunal.md)."""
    assert [c.form for c in find_storage_claims(sentence)] == [form], sentence


@pytest.mark.parametrize("sentence", [
    "Nicht verschoben.",
    "Soll ich den Zahnarzt auf Donnerstag verschieben?",
    "Ich habe den Zahnarzt nicht verschoben.",
    "Wenn du willst, ist der Zahnarzt gleich gestrichen.",
])
def test_negation_question_condition_still_exclude(sentence: str) -> None:
    """The twins: negation, question and condition exclude (tribunal.md „Verneinung, Frage, Bedingung …“)."""
    assert find_storage_claims(sentence) == [], sentence


def test_a_write_of_the_reader_lexicon_is_no_ambiguous_participle() -> None:
    """Every participle the command reader's lexicon maps to a write verb, where the claim vocabulary
    has it, is a plain claim verb — unless tribunal.md names it ambiguous or the write vocabulary pins it as an everyday
    doing."""
    verbs = {v["participle"]: v for v in load_raw_vocabulary()["storage_verbs"]}
    ambiguous = []
    for participle, infinitive in grammar().participles.items():
        lexeme = lexeme_of_word(infinitive)
        if lexeme is None or not lexeme.actions or participle not in verbs:
            continue
        if verbs[participle]["ambiguous"] and participle not in NAMED_AMBIGUOUS | EVERYDAY:
            ambiguous.append(participle)
    assert ambiguous == []
    for participle in ("verschoben", "gestrichen", "entfernt", "verlegt", "abgesagt"):
        assert verbs[participle]["ambiguous"] is False, participle
