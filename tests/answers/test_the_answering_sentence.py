"""The question path chooses the sentence that answers and gives no guess: each kind of question gets the asker's
own fact, never the partner's; a sentence that does not stand out from another answering alike is no answer;
a thing named by an adjective nothing says is not answered by its sibling (dateien.md §8.1: a question answered
from the shared files, with its source, or honestly nothing).

Anna and Bert each share a household folder of their own with the same kinds of facts and other values, and lines
about the same things that do not answer; every question runs through `Nova.turn` with the offline model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.answers.sharing import share_folder
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
NOTHING = "Dazu habe ich nichts"

ANNA = {"haushalt.md": (
    "# Haushalt\n\n"
    "Die gelbe Tonne wird jeden zweiten Dienstag abgeholt.\n"
    "Die Gastherme wartet die Firma Wärme Schulze GmbH, einmal im Jahr im Oktober.\n"
    "Die Hausratversicherung kostet 96 Euro im Jahr.\n"
    "Marie spielt seit September 2024 Geige.\n"
    "Der Ersatzschlüssel liegt bei Familie Haas im Erdgeschoss.\n"
    "Wir heizen mit Gas, weil die Wärmepumpe für das alte Haus zu teuer gewesen wäre.\n"
    "Die Kündigungsfrist des Mietvertrags beträgt drei Monate.\n"
    "Der Kellerschlüssel hängt am Brett im Flur.\n"
    "Der Kellerschlüssel hängt am Haken im Bad.\n"
    "Die Gastherme hängt im Keller neben der Waschmaschine.\n"
    "Der Ersatzschlüssel ist ein alter Bartschlüssel.\n"
    "Die Hausratversicherung läuft über die Allianz.\n")}
BERT = {"wohnung.md": (
    "# Wohnung\n\n"
    "Die blaue Tonne wird jeden Freitag geleert.\n"
    "Die Gastherme wartet die Firma Klima Brandt KG, jedes Jahr im März.\n"
    "Die Hausratversicherung kostet 131 Euro im Jahr.\n"
    "Jonas spielt seit März 2021 Trompete.\n"
    "Der Ersatzschlüssel liegt bei Familie Okafor im zweiten Stock.\n"
    "Wir heizen mit Fernwärme, weil das Haus am Netz der Stadtwerke hängt.\n"
    "Die Kündigungsfrist des Mietvertrags beträgt sechs Wochen.\n"
    "Der Kellerschlüssel hängt am Haken neben der Tür.\n"
    "Die Gastherme ist zwölf Jahre alt und läuft ruhig.\n"
    "Der Ersatzschlüssel hat einen roten Anhänger.\n"
    "Die Hausratversicherung läuft seit 2019.\n")}


@pytest.fixture
def both(nova: Any, home: Path) -> Any:
    share_folder(nova, home, "anna", "haushalt", ANNA, NOW)
    share_folder(nova, home, "bert", "wohnung", BERT, NOW)
    return nova


def _ask(nova: Any, user: str, text: str) -> str:
    return nova.turn(user, "nova", text, NOW).answer


# (question, Anna's fact, Bert's fact) — a person, a date, a place, an amount, a duration, a reason
KINDS = [
    ("Wer wartet eigentlich unsere Gastherme?", "Wärme Schulze GmbH", "Klima Brandt KG"),
    ("Wo liegt der Ersatzschlüssel?", "Familie Haas", "Familie Okafor"),
    ("Was kostet die Hausratversicherung?", "96 Euro", "131 Euro"),
    ("Wie lang ist die Kündigungsfrist des Mietvertrags?", "drei Monate", "sechs Wochen"),
    ("Warum heizen wir mit Gas?", "zu teuer", None),
    ("Warum heizen wir mit Fernwärme?", None, "Netz der Stadtwerke"),
]


@pytest.mark.parametrize(("question", "annas", "berts"), KINDS, ids=[q for q, _, _ in KINDS])
def test_each_kind_of_question_gets_the_askers_own_fact_never_the_partners(both: Any, question: str,
                                                                          annas: str | None,
                                                                          berts: str | None) -> None:
    for user, own, other in (("anna", annas, berts), ("bert", berts, annas)):
        answer = _ask(both, user, question)
        if own is not None:
            assert own in answer, (user, answer)
        else:
            assert answer.startswith(NOTHING), (user, answer)
        if other is not None:
            assert other not in answer, (user, answer)


def test_a_question_about_someone_the_files_never_name_gets_nothing_not_anothers_date(both: Any) -> None:
    assert "September 2024" in _ask(both, "anna", "Seit wann spielt Marie Geige?")
    answer = _ask(both, "bert", "Seit wann spielt Marie Geige?")  # Bert's files know Jonas, not Marie
    assert "September 2024" not in answer and answer.startswith(NOTHING), answer


def test_two_sentences_that_answer_alike_are_no_answer_but_nothing(both: Any) -> None:
    """Anna noted two places for the cellar key: neither beats the other, so she gets no guess between them;
    Bert, who noted one, gets his."""
    answer = _ask(both, "anna", "Wo ist der Kellerschlüssel?")
    assert answer.startswith(NOTHING), answer
    assert "Haken neben der Tür" in _ask(both, "bert", "Wo ist der Kellerschlüssel?")


def test_a_thing_named_by_an_adjective_nothing_says_is_not_answered_by_its_sibling(both: Any) -> None:
    answer = _ask(both, "anna", "Wann wird die blaue Tonne geleert?")
    assert answer.startswith(NOTHING), answer  # not her yellow bin's Tuesday, never Bert's Friday
    assert "Freitag" in _ask(both, "bert", "Wann wird die blaue Tonne geleert?")
