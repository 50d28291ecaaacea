"""List forms end to end through `Nova.turn`, with more than one list present (a
write on the wrong list shows) and a second person whose lists must stay untouched; notizen.md §5
add_content/remove_content/read, §8 (type `todo` holds tasks)."""

from __future__ import annotations

import pytest

from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import deps_with, run
from tests.support import at_once, berlin, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user="u1"):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _three_lists(db, user="u1"):
    repo = NotesRepository(db)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    repo.insert(user, "Einkaufsliste", "einkauf", "Brot", [], NOW)
    repo.insert(user, "To-do-Liste", "todo", "Rasen mähen", [], NOW)


def _say(nova, text, user="u1"):
    result = nova.turn(user, "nova", text, NOW)
    services = [s for s in result.services if s["name"] == "notizen"]
    return result, (services[0] if services else None)


@pytest.mark.parametrize(("sentence", "lists"), [
    ("Mach Hafermilch auf meine Einkaufsliste", {"Einkaufsliste": "Brot\nHafermilch"}),
    ("Stell Milch auf die Einkaufsliste", {"Einkaufsliste": "Brot\nMilch"}),
    ("Leg Eier auf die Einkaufsliste, bitte", {"Einkaufsliste": "Brot\nEier"}),
    ("Einkaufsliste: Milch, Eier", {"Einkaufsliste": "Brot\nMilch\nEier"}),
    ("Erstelle eine Aufgabe Fenster putzen", {"To-do-Liste": "Rasen mähen\nFenster putzen"}),
    ("Füge eine Aufgabe hinzu Mama anrufen", {"To-do-Liste": "Rasen mähen\nMama anrufen"}),
    ("Ich möchte eine Aufgabe anlegen Bericht fertigstellen", {"To-do-Liste": "Rasen mähen\nBericht fertigstellen"}),
    ("Streich die Aufgabe Rasen mähen", {"To-do-Liste": ""}),
    ("Setz Milch auf die Einkaufsliste für morgen", {"Einkaufsliste": "Brot\nMilch"}),
    ("Setz Dübel auf die Liste für den Baumarkt", {"Baumarkt-Liste": "Schrauben\nDübel"}),
])
def test_new_forms_write_exactly_the_item_on_the_named_list(nova, db, sentence, lists):
    """*machen*/*stellen*/*legen*, *Liste: Items* and a task as the object change the named list by exactly the
    item (never the verb, the task noun or the particle inside it) and no other list — of this person or the
    second one (u2 holds the same lists)."""
    _three_lists(db)
    _three_lists(db, user="u2")
    before = _lists(db, "u2")
    _, service = _say(nova, sentence)
    assert service is not None and service["status"] == "abgeschlossen", service
    expected = {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Brot", "To-do-Liste": "Rasen mähen", **lists}
    assert _lists(db) == expected
    assert _lists(db, "u2") == before


def test_a_read_in_other_words_reads_and_writes_nothing(nova, db):
    """*„Les mir meine Einkaufsliste vor"* (philipp2310's README): the list's items, nothing written."""
    _three_lists(db)
    result, service = _say(nova, "Les mir meine Einkaufsliste vor")
    assert service is not None and service["status"] == "abgeschlossen", service
    assert "Brot" in result.answer
    assert _lists(db) == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Brot", "To-do-Liste": "Rasen mähen"}


def test_an_unknown_imperative_writes_nothing(nova, db):
    """*„Kleb Milch auf die Einkaufsliste"*: once the elliptic item „Kleb Milch"; now no write at all."""
    _three_lists(db)
    _say(nova, "Kleb Milch auf die Einkaufsliste")
    assert _lists(db) == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Brot", "To-do-Liste": "Rasen mähen"}


def test_parallel_turns_in_the_new_forms_keep_every_item(db, redis):
    """Parallel turns of one person in the new forms: all three items land, each once, on their lists."""
    _three_lists(db)
    texts = ("Mach Quark auf die Einkaufsliste", "Erstelle eine Aufgabe Keller aufräumen", "Einkaufsliste: Senf")
    outcomes = at_once(texts, lambda text: run(deps_with(db, redis, make_offline_llm()), text).status)
    assert outcomes == ["abgeschlossen"] * len(texts)
    lists = _lists(db)
    assert lists["Baumarkt-Liste"] == "Schrauben"
    assert sorted(lists["Einkaufsliste"].split("\n")) == ["Brot", "Quark", "Senf"]
    assert lists["To-do-Liste"].split("\n") == ["Rasen mähen", "Keller aufräumen"]
