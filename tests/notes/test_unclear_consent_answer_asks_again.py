"""An unclear answer to a waiting consent question asks it again (notizen.md §7, the closed reading of consent).

To „'Einkaufsliste' gibt es noch nicht. Soll ich sie anlegen?“ an answer that asks back about the offer
(*„ist das ok?“*, *„ist das sicher“*) or hesitates (*„hm“*) is no consent and no sentence of its own: nothing is
created, the question stays waiting and comes again, said to be asked again. Through `Nova.turn`, two persons."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import load_pending
from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
FIGURE = "nova"
ORDER = "Schreib Milch und Brot auf die Einkaufsliste"
QUESTION = "'Einkaufsliste' gibt es noch nicht. Soll ich sie anlegen?"
UNCLEAR = ["ist das ok?", "ist das sicher", "Ist das sicher?", "hm", "passt das?", "Bist du sicher?", "Wirklich?"]


def _lists(db, user) -> dict[str, str]:
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _status(turn) -> list[tuple[str, str]]:
    return [(s["name"], s["status"]) for s in turn.services]


@pytest.mark.parametrize("answer", UNCLEAR)
def test_an_unclear_answer_keeps_the_question_and_asks_it_again(nova, db, answer):
    assert nova.turn("c1", FIGURE, ORDER, NOW).answer == QUESTION
    again = nova.turn("c1", FIGURE, answer, NOW)
    assert _status(again) == [("notizen", "rueckfrage")], again.answer
    assert QUESTION in again.answer and "noch einmal" in again.answer, again.answer
    assert _lists(db, "c1") == {}
    assert load_pending(nova.stack.redis, "c1", FIGURE, NOW) is not None
    done = nova.turn("c1", FIGURE, "Ja", NOW)
    assert "Milch" in _lists(db, "c1")["Einkaufsliste"], done.answer


def test_a_second_unclear_answer_gets_the_same_words(nova, db):
    nova.turn("c2", FIGURE, ORDER, NOW)
    first = nova.turn("c2", FIGURE, "ist das ok?", NOW).answer
    second = nova.turn("c2", FIGURE, "ist das sicher", NOW).answer
    assert first == second and second.count("Soll ich") == 1, second
    assert _lists(db, "c2") == {}


def test_each_person_keeps_her_own_waiting_question(nova, db):
    """The first person's unclear answer neither answers nor ends the second person's question, and the second
    person's refusal does not end the first person's."""
    nova.turn("c3", FIGURE, ORDER, NOW)
    nova.turn("c4", FIGURE, ORDER, NOW)
    assert _status(nova.turn("c3", FIGURE, "ist das ok?", NOW)) == [("notizen", "rueckfrage")]
    assert _status(nova.turn("c4", FIGURE, "Nein", NOW)) == [("notizen", "dismissed")]
    assert load_pending(nova.stack.redis, "c4", FIGURE, NOW) is None
    assert load_pending(nova.stack.redis, "c3", FIGURE, NOW) is not None
    nova.turn("c3", FIGURE, "ja", NOW)
    assert "Brot" in _lists(db, "c3")["Einkaufsliste"]
    assert _lists(db, "c4") == {}


def test_a_question_of_its_own_still_ends_the_waiting_question(nova, db):
    """Only answers made of the consent words themselves count as asking back; *„Wie geht es dir?“* stays a
    sentence of its own (timeline.md §10, the note on clarifications)."""
    nova.turn("c5", FIGURE, ORDER, NOW)
    turn = nova.turn("c5", FIGURE, "Wie geht es dir?", NOW)
    assert ("notizen", "dismissed") in _status(turn), turn.answer
    assert load_pending(nova.stack.redis, "c5", FIGURE, NOW) is None
    assert _lists(db, "c5") == {}
