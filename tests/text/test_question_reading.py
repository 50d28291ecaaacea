"""What a question asks is read from its words once (specification: answering questions — reading what is
asked): its kind, the words an answer must speak of, the names it must share, and whose fact it is."""

from __future__ import annotations

import pytest

from novaberg.text import question as q
from novaberg.text.answer_kinds import carries, names_someone
from novaberg.text.question import read_question
from novaberg.text.sentences import document_sentences
from novaberg.text.stems import meet, stem


@pytest.mark.parametrize(("text", "kind"), [
    ("Wer wartet eigentlich unsere Gastherme?", q.PERSON),
    ("Wann wird die gelbe Tonne abgeholt?", q.DATE),
    ("Seit wann spielt Marie Geige?", q.SINCE),
    ("Bis wann muss ich die Steuererklärung abgeben?", q.UNTIL),
    ("Wo liegt der Ersatzschlüssel?", q.PLACE),
    ("In welcher deutschen Stadt wird der Aufzug getestet?", q.PLACE),
    ("Wie viele Eier brauche ich?", q.AMOUNT),
    ("Was kostet die Hausratversicherung?", q.COST),
    ("Wie lange muss der Kuchen backen?", q.DURATION),
    ("Mit welcher Frist kann ich kündigen?", q.DURATION),
    ("Wie heißt der Tierarzt von Mimi?", q.NAME),
    ("Was ist eine Wendelantenne?", q.DEFINITION),
    ("Was ist unser WLAN-Passwort?", q.NAME),
    ("Warum heizen wir mit Gas?", q.REASON),
    ("Welche Farbe hat das Auto?", q.WHICH),
    ("Hat Bruno eine Haftpflichtversicherung?", q.YES_NO),
    ("weisst du wann der vertrag endet", q.DATE),
    ("Sag mal, wo steht der Router?", q.PLACE),
])
def test_the_kind_is_read_from_the_opening_words_and_the_asked_noun(text: str, kind: str) -> None:
    read = read_question(text)
    assert read is not None and read.kind == kind, read


@pytest.mark.parametrize("text", ["Trag mir morgen den Zahnarzt ein", "Kannst du mir den Zahnarzt eintragen?",
                                  "Mein Mann arbeitet bei der Sparkasse.", ""])
def test_an_order_or_a_statement_is_no_question(text: str) -> None:
    assert read_question(text) is None


def test_names_and_numbers_are_required_and_common_nouns_are_not() -> None:
    read = read_question("Wann muss Minka 2027 wieder zum TÜV?")
    assert read is not None
    assert {t.surface for t in read.required} == {"Minka", "2027", "TÜV"}
    nouns = read_question("Wann wird die gelbe Tonne abgeholt?")
    assert nouns is not None and not nouns.required


def test_the_subject_is_the_relative_not_the_person() -> None:
    assert read_question("Wo arbeitet mein Mann?").subject == "mann"
    assert read_question("Wo arbeite ich?").subject == "ich"


def test_a_hyphenated_compound_is_asked_by_its_last_part() -> None:
    assert read_question("Welches WLAN-Passwort haben wir?").focus == "passwort"


def test_a_compound_meets_its_parts_and_a_participle_its_noun() -> None:
    assert meet(stem("Frist"), stem("Kündigungsfrist")) > meet(stem("Geige"), stem("Geigenlehrerin")) > 0
    assert meet(stem("geimpft"), stem("Impfung")) > 0
    assert meet(stem("Rat"), stem("Beratung")) == 0


@pytest.mark.parametrize(("question", "sentence", "carried"), [
    ("Wann ist die Impfung?", "Die Impfung ist am 3. Februar 2027.", True),
    ("Wann ist die Impfung?", "Die Kaution beträgt 2.340 Euro.", False),  # a thousands point is no date
    ("Wie viel kostet das?", "Es kostet 96 Euro im Jahr.", True),
    ("Wie lange dauert es?", "Die Frist beträgt drei Monate.", True),
    ("Wie lange dauert es?", "Die Wohnung hat 84 Quadratmeter.", False),
    ("Wer wartet die Therme?", "Die Wartung macht die Firma Krause.", True),
    ("Warum heizen wir mit Gas?", "Wir heizen mit Gas, weil die Pumpe zu teuer war.", True),
    ("Wann wurde es 1855 gegründet?", "Es wurde 1855 gegründet.", False),  # the question's own year answers nothing
])
def test_a_sentence_carries_the_asked_kind_only_by_a_word_of_its_own(question: str, sentence: str,
                                                                      carried: bool) -> None:
    read = read_question(question)
    assert read is not None and carries(sentence, read) is carried


def test_a_named_person_is_seen() -> None:
    assert names_someone("Ihre Lehrerin ist Frau Irina Petrova.") and names_someone("bei Irina Petrova")
    assert not names_someone("Die Tonne wird am Dienstag geleert.")


def test_a_document_ends_sentences_after_a_year_but_not_after_a_day_or_an_initial() -> None:
    text = "Mietbeginn war der 1. April 2019. Die Miete zahlt z. B. Herr J. S. Bach. Telefon 0341 44177. Gut!"
    assert document_sentences(text) == ["Mietbeginn war der 1. April 2019.", "Die Miete zahlt z. B. Herr J. S. Bach.",
                                        "Telefon 0341 44177.", "Gut!"]


def test_a_question_about_her_own_view_is_marked_and_a_lead_in_is_not() -> None:
    assert read_question("Was hältst du von Politik?").to_her
    assert read_question("Magst du Katzen?").to_her
    assert not read_question("Weißt du, wann der Vertrag endet?").to_her
    assert not read_question("Kannst du mir sagen, wo der Router steht?").to_her


def test_a_noun_that_says_whose_or_which_is_marked() -> None:
    terms = {t.surface: t.qualifies for t in read_question("Wann ist der TÜV für das Motorrad fällig?").terms}
    assert terms["Motorrad"] and not terms["TÜV"]
    assert not any(t.qualifies for t in read_question("Wie lautete das Endergebnis des Spiels?").terms)
