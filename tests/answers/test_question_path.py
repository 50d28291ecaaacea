"""A question is answered from whatever Nova holds — the sentence that answers with its source, or that nothing
answers (specification: answering questions; files §8.1, §5.6; notes §4; timeline §4a).

Anna shares `household/` (pets, taxes, household facts) and has a text in her own knowledge zone; Bob shares
nothing. Every question runs through `Nova.turn` with the offline model.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from novaberg.files.knowledge.pairs import pair_zone
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
HOUSEHOLD = Path(__file__).parent / "household"
NOTHING = "Dazu habe ich nichts"


@pytest.fixture
def anna(nova: Any, home: Path, tmp_path: Path) -> Any:
    folder = home / "anna" / "haushalt"
    shutil.copytree(HOUSEHOLD, folder)
    nova.files.allow("anna", str(home / "anna"), now=NOW)
    nova.files.grant("anna", "nova", str(folder), now=NOW)
    nova.files.index(NOW, user_id="anna", character_id="nova")
    zone = pair_zone(tmp_path, "anna", "nova")
    zone.mkdir(parents=True)
    (zone / "antennen.md").write_text(
        "# Antennen\n\nEine Wendelantenne ist eine Antenne aus einem schraubenförmig gewickelten Draht.\n"
        "Antennen strahlen elektromagnetische Wellen ab.\n", encoding="utf-8")
    return nova


def _ask(nova: Any, user: str, text: str) -> str:
    return nova.turn(user, "nova", text, NOW).answer


# (question, what the answer must quote, where it must say it stands) — one per kind of question
KINDS = [
    ("Wer wartet eigentlich unsere Gastherme?", "Wärme Schulze GmbH", "haushalt/haushalt.md, Zeile 4"),
    ("Wann wird die gelbe Tonne abgeholt?", "jeden zweiten Dienstag", "haushalt/haushalt.md, Zeile 3"),
    ("Seit wann spielt Marie Geige?", "September 2024", "haushalt/haushalt.md, Zeile 7"),
    ("Bis wann muss die Steuererklärung 2024 abgegeben werden?", "30. April 2026", "haushalt/steuer.md, Zeile 8"),
    ("Wo liegt der Ersatzschlüssel?", "Familie Haas", "haushalt/haushalt.md, Zeile 8"),
    ("Was kostet die Hausratversicherung?", "96 Euro", "haushalt/haushalt.md, Zeile 5"),
    ("Wie groß ist die Wohnung?", "84 Quadratmeter", "haushalt/haushalt.md, Zeile 10"),
    ("Mit welcher Frist kann ich die Wohnung kündigen?", "drei Monate", "haushalt/haushalt.md, Zeile 11"),
    ("Wie heißt der Tierarzt von Mimi?", "Dr. Jansen", "haushalt/haustiere.md, Zeile 5"),
    ("Was ist unser WLAN-Passwort?", "Kiefernzapfen-58", "haushalt/haushalt.md, Zeile 6"),
    ("Warum heizen wir mit Gas?", "zu teuer", "haushalt/haushalt.md, Zeile 9"),
    ("Was ist eine Wendelantenne?", "schraubenförmig gewickelten Draht", "knowledge/antennen.md"),
    ("Was wird von Antennen abgestrahlt?", "elektromagnetische Wellen", "knowledge/antennen.md"),
]


@pytest.mark.parametrize(("question", "fact", "place"), KINDS, ids=[q for q, _, _ in KINDS])
def test_each_kind_of_question_is_answered_by_the_sentence_with_its_source(anna: Any, question: str, fact: str,
                                                                           place: str) -> None:
    answer = _ask(anna, "anna", question)
    assert fact in answer and place in answer, answer
    assert len(answer) < 420, answer  # one sentence and its source, not the whole file


@pytest.mark.parametrize(("question", "neighbour"), [
    ("Wann muss Minka wieder geimpft werden?", "12. April 2026"),  # Mimi's vaccination is not Minka's
    ("Wie heißt die Tierärztin von Minka?", "Jansen"),
    ("Wer hat die Steuererklärung 2023 gemacht?", "Sommer"),  # the 2024 adviser is not the 2023 one
])
def test_a_question_about_one_thing_is_never_answered_with_its_neighbour(anna: Any, question: str,
                                                                         neighbour: str) -> None:
    answer = _ask(anna, "anna", question)
    assert neighbour not in answer, answer


def test_a_thing_nothing_speaks_of_is_not_answered_by_its_sibling(anna: Any) -> None:
    assert "Mai 2027" in _ask(anna, "anna", "Wann ist der TÜV für das Auto fällig?")
    answer = _ask(anna, "anna", "Wann ist der TÜV für das Motorrad fällig?")
    assert "Mai 2027" not in answer and answer.startswith(NOTHING), answer


def test_a_found_line_must_name_the_asked_year_and_abbreviation() -> None:
    from novaberg.answers.service import asked_question, names_what_is_asked

    question = asked_question("Wie viel Erstattung gab es für die Steuererklärung 2022?")
    assert question is not None
    assert not names_what_is_asked(question, "Die Erstattung betrug 1.140 Euro. steuer-2023.md, Zeile 5")
    assert names_what_is_asked(question, "Für 2022 gab es 300 Euro zurück.")


def test_the_neighbour_traps_get_their_own_facts(anna: Any) -> None:
    assert "3. Februar 2027" in _ask(anna, "anna", "Wann muss Minka wieder geimpft werden?")
    assert "Brenner" in _ask(anna, "anna", "Wer hat die Steuererklärung 2023 gemacht?")


@pytest.mark.parametrize("question", ["Wie heißt der Hund von Mimi?", "Wann wird die blaue Tonne geleert?",
                                      "Welche Blutgruppe hat Marie?"])
def test_a_question_whose_answer_is_nowhere_gets_nothing_and_where_she_looked(anna: Any, question: str) -> None:
    answer = _ask(anna, "anna", question)
    assert answer.startswith(NOTHING) and "geteilten Dateien" in answer, answer


def test_another_person_never_gets_an_answer_from_annas_files(anna: Any) -> None:
    for question, fact, _ in KINDS:
        answer = _ask(anna, "bob", question)
        assert fact not in answer, (question, answer)
    assert _ask(anna, "bob", "Wer wartet eigentlich unsere Gastherme?").startswith(NOTHING)


def test_a_note_answers_a_question(nova: Any) -> None:
    nova.turn("anna", "nova", "Mach eine Notiz: Der Code für das Gartentor ist 4711", NOW)
    answer = _ask(nova, "anna", "Wie lautet der Code für das Gartentor?")
    assert "4711" in answer, answer
    assert "4711" not in _ask(nova, "bob", "Wie lautet der Code für das Gartentor?")


def test_a_question_about_whom_she_should_call_is_answered_from_her_notes_not_refused(nova: Any) -> None:
    """*Wen soll ich … anrufen?* asks what the person does herself — no order to Nova to place a call: her note
    answers it, and another person gets that nothing answers, never the refusal of a call."""
    nova.turn("anna", "nova", "Mach eine Notiz: Bei Heizungsausfall die Firma Klein anrufen, Telefon 0341 556677", NOW)
    answer = _ask(nova, "anna", "Wen soll ich wegen der Heizung anrufen?")
    assert "Firma Klein" in answer and "kann ich nicht" not in answer, answer
    other = _ask(nova, "bob", "Wen soll ich wegen der Heizung anrufen?")
    assert "Firma Klein" not in other and other.startswith(NOTHING), other


def test_an_order_to_call_or_book_is_still_refused_beside_the_question() -> None:
    """The same verbs as an order to Nova keep their honest refusal; only the person's own doing is a question."""
    from novaberg.text.capabilities import beyond_reach

    assert beyond_reach("Ruf die Firma Klein an") is not None
    assert beyond_reach("Kannst du einen Tisch reservieren?") is not None
    assert beyond_reach("Wo kann ich den Tisch reservieren?") is None
    assert beyond_reach("Welche Nummer muss ich anrufen, wenn die Heizung ausfällt?") is None


def test_a_calendar_question_still_reads_the_calendar(anna: Any) -> None:
    anna.turn("anna", "nova", "Trag mir am 10. Dezember um 9 Uhr den Zahnarzt ein", NOW)
    answer = _ask(anna, "anna", "Wann ist der Zahnarzt?")
    assert "10.12.2026" in answer and "Zahnarzt" in answer, answer
    assert "10.12.2026" not in _ask(anna, "bob", "Wann ist der Zahnarzt?")


def test_a_question_about_her_own_view_is_no_search_of_the_persons_holdings(anna: Any) -> None:
    answer = _ask(anna, "anna", "Was hältst du eigentlich von Gasheizungen?")
    assert NOTHING not in answer and "haushalt/" not in answer, answer
