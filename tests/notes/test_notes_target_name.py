"""A named list that does not exist leads to the not-found question (notizen.md §7
nicht_gefunden), never into another list; exact and near-exact spellings of an existing list still find it."""

from __future__ import annotations

import pytest

from novaberg.notes.agent.names import distinguishing_word, names_agree
from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import NOW, all_rows, deps_with, run
from tests.support import make_offline_llm


@pytest.mark.parametrize(
    ("target", "name", "agree"),
    [
        ("Kühlschrankliste", "Packliste", False),
        ("Wunschliste", "Einkaufsliste", False),
        ("Einkaufsliste", "Einkaufsliste", True),
        ("einkaufsliste", "Einkaufsliste", True),
        ("Einkaufs-Liste", "Einkaufsliste", True),
        ("Einkaufs Liste", "Einkaufsliste", True),
        ("Einkaufliste", "Einkaufsliste", True),  # without the linking s
        ("Einkausliste", "Einkaufsliste", True),  # one letter off
        ("Einkaufszettel", "Einkaufsliste", True),  # the same thing under another container word
        ("Kuehlschrankliste", "Kühlschrankliste", True),
        ("Packliste", "Packliste Sommer", True),
        ("To-do-Liste", "Todo-Liste", True),
        ("Liste", "Packliste", True),  # no distinguishing word: left to the search
        ("Rezepte", "Lasagne Rezept", True),  # no container word: left to the search
    ],
)
def test_wrong_target_a_named_list_needs_its_distinguishing_word(target, name, agree):
    """*Kühlschrankliste* is no *Packliste*; spelling (case, umlauts, hyphen) does not count."""
    assert names_agree(target, name) is agree


def test_distinguishing_word_folds_spelling():
    assert distinguishing_word("Kühlschrank-Liste") == distinguishing_word("kuehlschrankliste") == "kuehlschrank"
    assert distinguishing_word("Zettel") == distinguishing_word("Notizen") == ""
    assert distinguishing_word("Merkzettel") == distinguishing_word("Merkliste") == "merk"  # a name of its own


@pytest.mark.parametrize(
    ("existing", "typ", "text"),
    [("Packliste", "todo", "Schreib Brot auf die Kühlschrankliste"),
     ("Einkaufsliste", "einkauf", "Schreib Brot auf die Wunschliste")],
)
def test_wrong_target_add_to_a_missing_named_list_asks_and_writes_nothing(db, redis, existing, typ, text):
    """notizen.md §4 and §7: the not-found question, the other list unchanged."""
    NotesRepository(db).insert("u1", existing, typ, "Zahnbürste", [], NOW)
    before = all_rows(db)
    result = run(deps_with(db, redis, make_offline_llm()), text)
    target = text.split()[-1]
    assert result.status == "rueckfrage"
    assert result.answer == f"'{target}' gibt es noch nicht. Soll ich sie anlegen?"
    assert result.pending["art"] == "nicht_gefunden" and result.pending["target"] == target
    assert all_rows(db) == before


def test_wrong_target_read_of_a_missing_named_list_says_so(db, redis):
    NotesRepository(db).insert("u1", "Packliste", "todo", "Zahnbürste", [], NOW)
    result = run(deps_with(db, redis, make_offline_llm()), "Was steht auf der Kühlschrankliste?")
    assert result.status == "abgeschlossen" and result.answer == "Ich finde keine Notiz zu 'Kühlschrankliste'."


@pytest.mark.parametrize("spelling", ["Einkaufsliste", "einkaufsliste", "Einkaufs-Liste"])
def test_wrong_target_an_existing_list_is_still_found(db, redis, spelling):
    """The fix takes nothing from the right target: *Schreib Milch auf die Einkaufsliste* finds the Einkaufsliste."""
    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    repo.insert("u1", "Packliste", "todo", "Zahnbürste", [], NOW)
    result = run(deps_with(db, redis, make_offline_llm()), f"Schreib Milch auf die {spelling}")
    assert result.status == "abgeschlossen" and result.answer == "Auf 'Einkaufsliste' steht jetzt auch: Milch."
    assert repo.get(note["id"], "u1")["text"] == "Brot\nMilch"


def test_wrong_target_in_the_turn(nova, db):
    """End to end: with only a Packliste, the Kühlschrankliste is asked about, the Packliste keeps its text."""
    repo = NotesRepository(db)
    pack = repo.insert("u1", "Packliste", "todo", "Zahnbürste", [], NOW)
    result = nova.turn("u1", "nova", "Schreib Brot auf die Kühlschrankliste", NOW)
    assert [s["status"] for s in result.services] == ["rueckfrage"]
    assert "'Kühlschrankliste' gibt es noch nicht" in result.answer
    assert repo.get(pack["id"], "u1")["text"] == "Zahnbürste"
