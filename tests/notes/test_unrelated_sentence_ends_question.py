"""An unrelated sentence never answers the notes' waiting questions.

timeline.md §10 Resume-TTL, the Klärfall note: „eine Antwort zählt nur im ersten Menschenturn nach der Frage“;
notizen.md §7 keeps „dieselbe Rückfrage noch einmal“ for an unclear answer — a hesitation — but a sentence of its
own is no answer: the question ends as `dismissed`, the sentence is its own turn, nothing is written."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import load_pending
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)
FIGURE = "nova"
QUESTIONS = {
    "pronoun": (("Setz Käse und Butter auf die Einkaufsliste",), "Hak das ab"),
    "create the list": ((), "Setz Käse auf die Gartenliste"),
    "duplicate": (("Notier mir Milch und Brot",), "Notier mir Milch und Brot"),
}


def _notes(nova, user):
    return {row["name"]: row["text"] for row in nova.notes.list(user)}


@pytest.mark.parametrize("kind", list(QUESTIONS))
@pytest.mark.parametrize("sentence", ["Ich war heute beim Bäcker", "Wie geht es dir?"])
def test_an_unrelated_sentence_ends_the_question_and_is_its_own_turn(nova, kind, sentence):
    """§10 Klärfall: „eine Antwort zählt nur im ersten Menschenturn nach der Frage“ — before, each of these
    questions was asked again; now it ends, nothing changes, and a later answer resumes nothing. Two persons:
    the second one's question stays."""
    setup, question = QUESTIONS[kind]
    for user in ("n1", "n2"):
        nova.notes.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)
        for text in setup:
            nova.turn(user, FIGURE, text, NOW)
        assert nova.turn(user, FIGURE, question, NOW).services[-1]["status"] == "rueckfrage"
    before = _notes(nova, "n1")
    turn = nova.turn("n1", FIGURE, sentence, NOW)
    assert ("notizen", "dismissed") in [(s["name"], s["status"]) for s in turn.services], turn.services
    assert not any(s["status"] == "rueckfrage" for s in turn.services), turn.answer
    assert _notes(nova, "n1") == before
    assert load_pending(nova.stack.redis, "n1", FIGURE, NOW) is None
    assert load_pending(nova.stack.redis, "n2", FIGURE, NOW) is not None
