"""A question about the world that a store answers gets the answering sentence, never the refusal of an order Nova
cannot carry out (specification: answering questions from every store; refusals are for orders she is asked to
carry out). A word of such an order inside the question — *veröffentlicht* holds *Licht*, *Eingangstemperatur* a
weather word, the *Heizung* a device — asks no device, weather or news service to act. Orders (an imperative, a
polite *Kannst du …?*) and questions nothing answers are still refused, and nothing is written.

Anna shares `unterlagen/`; Bob shares his own folder without these facts. Every turn runs through `Nova.turn` with
the offline model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.answers.sharing import share_folder
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
DEVICES = "Geräte im Haus steuern kann ich nicht"
WEATHER = "Das Wetter kann ich nicht abrufen"

ARCHIV = """# Archiv der Zeitschrift

Der Artikel über die Sonnenfinsternis wurde 1937 in der Hauszeitung veröffentlicht.
Die Eingangstemperatur der alten Dampfturbine lag bei 565 Grad Celsius.
"""
HAUS = """# Haus

Die Heizung wartet jedes Jahr die Firma Krause aus Pankow.
Der Schornsteinfeger kommt im März.
Unser Tierarzt ist Dr. Albers in der Lindenstraße.
"""
BOBS = {"garten.md": "# Garten\n\nDie Tomaten stehen am Südzaun.\n"}


@pytest.fixture
def shared(nova: Any, home: Path) -> Any:
    share_folder(nova, home, "anna", "unterlagen", {"archiv.md": ARCHIV, "haus.md": HAUS}, NOW)
    share_folder(nova, home, "bob", "unterlagen", BOBS, NOW)
    return nova


def _ask(nova: Any, user: str, text: str) -> Any:
    return nova.turn(user, "nova", text, NOW)


@pytest.mark.parametrize(("question", "answer", "refusal"), [
    ("Wann wurde der Artikel über die Sonnenfinsternis veröffentlicht?", "1937", DEVICES),
    ("Welche Eingangstemperatur hatte die alte Dampfturbine?", "565 Grad", WEATHER),
    ("Wer wartet unsere Heizung?", "Firma Krause", DEVICES),
])
def test_a_question_a_shared_file_answers_gets_its_sentence_not_a_refusal(shared: Any, question: str, answer: str,
                                                                          refusal: str) -> None:
    said = _ask(shared, "anna", question).answer
    assert answer in said and refusal not in said
    theirs = _ask(shared, "bob", question).answer  # Bob's stores hold no such sentence: nothing of Anna's reaches him
    assert answer not in theirs and "Krause" not in theirs and "1937" not in theirs


@pytest.mark.parametrize(("order", "refusal"), [
    ("Schalte die Heizung an", DEVICES),
    ("Kannst du die Heizung anmachen?", DEVICES),
    ("Mach das Licht im Archiv an", DEVICES),
    ("Wie wird das Wetter morgen?", WEATHER),  # a question about the world that no store answers
])
def test_an_order_she_cannot_carry_out_is_still_refused_beside_an_answering_file(shared: Any, order: str,
                                                                                 refusal: str) -> None:
    result = _ask(shared, "anna", order)
    assert refusal in result.answer and "Krause" not in result.answer
    assert not [s for s in result.services if s.get("status") == "abgeschlossen" and s.get("name") != "route"]


@pytest.mark.parametrize("user", ["anna", "bob"])
def test_a_question_right_after_a_refused_order_is_answered_from_the_files(shared: Any, user: str) -> None:
    assert DEVICES in _ask(shared, user, "Schalte das Licht an").answer
    said = _ask(shared, user, "Wer macht die Wartung der Heizung?").answer  # the refusal's waiting question ends
    assert ("Firma Krause" in said) == (user == "anna")
    assert "Für ein freies Gespräch" not in said  # Bob's stores hold no such sentence: he gets no file's line


@pytest.mark.parametrize("user", ["anna", "bob"])
def test_an_order_to_name_a_fact_is_read_as_the_question_it_is(shared: Any, user: str) -> None:
    said = _ask(shared, user, "Nennen Sie mir den Namen unseres Tierarztes.").answer  # *Wie heißt unser Tierarzt?*
    assert ("Dr. Albers" in said) == (user == "anna")
    assert "Für ein freies Gespräch" not in said
