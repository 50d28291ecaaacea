"""The recall's reading of whom and what a question asks, sentence by sentence (no store): the asked person is the
sentence's subject (a relative, a group's member, a name), a year is that year, and a sentence that answers without
the asked noun (a medicine by its name, a habit said with its verb and a time only) never lets another thing in."""

from __future__ import annotations

import pytest

from novaberg.memory.recall_scoring import score_told
from novaberg.text.recall_question import memory_question
from novaberg.text.told_slots import names_of, slot_of, subject_of


def _answers(question: str, told: str, names: dict[str, str] | None = None) -> bool:
    read = memory_question(question)
    assert read is not None, question
    return score_told(read, told, names or {}) > 0


@pytest.mark.parametrize(("question", "told", "found"), [
    ("Wo arbeitet mein Mann?", "Mein Mann arbeitet bei der Sparkasse.", True),
    ("Wo arbeitet mein Mann?", "Ich bin Lehrerin an einer Grundschule in Leipzig.", False),
    ("Wo arbeitet mein Mann?", "Mein Ehemann arbeitet bei der Post.", True),  # the same person in other words
    ("Wo arbeite ich?", "Mein Mann arbeitet bei der Sparkasse.", False),
    ("Was ist mein Bruder von Beruf?", "Die Frau meines Bruders ist Ärztin.", False),  # his wife, not he
    ("Wo arbeitet mein Bruder?", "Die Frau meines Bruders arbeitet bei der Post.", False),
    ("Was ist meine Frau von Beruf?", "Meine Frau liebt Katzen.", False),  # her, but not what is asked of her
    ("Was ist meine Frau von Beruf?", "Meine Frau ist Ärztin.", True),
    ("Wo wohnen meine Eltern?", "Meine Mutter wohnt in Wien.", True),  # a member of the group
    ("Wo wohnt meine Schwester?", "Meine Tochter wohnt in Wien.", False),
    ("Wo wohnt mein Mann?", "Ich wohne seit der Trennung von meinem Mann in Köln.", False),  # her home, not his
    ("Wo wohnt mein Mann?", "Ich wohne mit meinem Mann in Regensburg.", True),  # theirs
    ("Wohin fahren wir mit den Kindern im Sommer?", "Im Sommer fahren wir mit den Kindern nach Dänemark.", True),
    ("Wohin fahren wir mit den Kindern im Sommer?", "Im Sommer fahren wir nach Dänemark, die Kinder freuen sich.", True),
    ("Wann habe ich meiner Mutter etwas geschenkt?", "Ich habe meinem Mann ein Buch geschenkt.", False),
])
def test_the_asked_person_is_the_subject_of_the_sentence_that_answers(question, told, found):
    assert _answers(question, told) is found


def test_a_name_asked_is_that_name_never_another_of_the_same_kind():
    told = ["Unsere Katze Mimi ist drei Jahre alt.", "Die Katze meiner Nachbarin heißt Minka."]
    names = names_of(told)
    assert _answers("Wie alt ist Mimi?", told[0], names)
    assert not _answers("Wie alt ist Minka?", told[0], names)


def test_a_year_asked_is_that_year():
    told = "Die Steuererklärung für 2023 habe ich im Mai abgegeben."
    assert _answers("Wann habe ich die Steuererklärung für 2023 abgegeben?", told)
    assert not _answers("Wann habe ich die Steuererklärung für 2024 abgegeben?", told)


@pytest.mark.parametrize(("told", "found"), [("Ich nehme Ipratropium und Metformin.", True),
                                             ("Ich nehme Ritalin zur Konzentrationssteigerung.", True),
                                             ("Ich nehme den Bus zur Arbeit.", False)])
def test_a_medicine_said_by_its_name_and_taken_answers_a_question_about_tablets(told, found):
    assert _answers("Was für Tabletten nehme ich?", told) is found


@pytest.mark.parametrize(("told", "found"), [("Ich trinke 4mal die Woche.", True),
                                             ("Ich trinke jeden Morgen Kaffee.", False),
                                             ("Meine Frau trinkt jeden Abend Wein.", False)])
def test_the_asked_verb_with_only_a_time_answers_how_often_never_another_drink(told, found):
    assert _answers("Wie oft trinke ich Alkohol?", told) is found


@pytest.mark.parametrize(("told", "slot"), [("Ich habe mir einen Tesla gekauft.", "ich|auto"),
                                            ("Mein neues Auto ist ein Tesla.", "ich|auto"),
                                            ("Mein Mann fährt einen BMW.", "mann|auto"),
                                            ("Meine Frau ist Ärztin.", "frau|arbeit"),
                                            ("Meine Mutter ist Kanadierin.", None)])
def test_a_car_bought_and_a_relatives_profession_fill_their_slots(told, slot):
    assert slot_of(told, {}) == slot


def test_someone_of_a_relative_is_neither_she_nor_the_relative():
    assert subject_of("Die Frau meines Bruders ist Ärztin.", {}) == "frau:bruder"
    assert subject_of("Der Sohn von meiner Schwester wohnt in Kiel.", {}) == "sohn:schwester"
