"""*„Zeig mir die Liste“* names no list. With one list she reads it; with several she asks which —
never the most recently made one (the turn scorer found the To-do-Liste read out for the shopping list) — and
the answer to the question reads the chosen list; nothing is written on the way, and another person's lists never
count."""

from __future__ import annotations

import pytest

from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


@pytest.mark.parametrize("sentence", ["Zeig mir die Liste", "Was steht auf meiner Liste?", "Liste vorlesen bitte"])
def test_several_lists_and_an_unnamed_read_asks_which_and_writes_nothing(nova, db, sentence):
    repo = NotesRepository(db)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    repo.insert("u1", "To-do-Liste", "todo", "Rasen mähen", [], NOW)
    result = nova.turn("u1", "nova", sentence, NOW)
    assert "Welche Liste meinst du" in result.answer, result.answer
    assert "Einkaufsliste" in result.answer and "To-do-Liste" in result.answer
    assert "Rasen mähen" not in result.answer and "Brot" not in result.answer
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "To-do-Liste": "Rasen mähen"}
    answer = nova.turn("u1", "nova", "Die Einkaufsliste", NOW)
    assert "Brot" in answer.answer and "Rasen mähen" not in answer.answer, answer.answer
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "To-do-Liste": "Rasen mähen"}


def test_one_list_is_read_and_another_persons_lists_do_not_count(nova, db):
    repo = NotesRepository(db)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    repo.insert("u2", "To-do-Liste", "todo", "Rasen mähen", [], NOW)
    result = nova.turn("u1", "nova", "Zeig mir die Liste", NOW)
    assert "Brot" in result.answer and "Welche Liste" not in result.answer, result.answer
