"""Two everyday list orders end to end through `Nova.turn`, with two persons holding the same lists: an item said
bought and then pointed at by a pronoun comes off the list that holds it (notizen.md §3 remove_content, the pronoun
read from the clause before), and a list emptied in other words is emptied (§3 clear_content) and confirmed only
after the read-back (§6 Verifikation). Parallel turns of one person on these write paths keep every change."""

from __future__ import annotations

from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import deps_with, run
from tests.support import at_once, berlin, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user="u1"):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _two_lists(db, user="u1"):
    repo = NotesRepository(db)
    repo.insert(user, "Einkaufsliste", "einkauf", "Brot\nMilch\nEier", [], NOW)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben\nDübel", [], NOW)


def _notes_service(result):
    return next((s for s in result.services if s["name"] == "notizen"), None)


def test_an_item_said_bought_comes_off_the_list_holding_it_when_asked_by_pronoun(nova, db):
    _two_lists(db)
    _two_lists(db, user="u2")
    result = nova.turn("u1", "nova", "Milch ist gekauft, kannst du die streichen?", NOW)
    service = _notes_service(result)
    assert service is not None and service["status"] == "abgeschlossen", (result.answer, service)
    assert _lists(db) == {"Einkaufsliste": "Brot\nEier", "Baumarkt-Liste": "Schrauben\nDübel"}
    assert _lists(db, "u2") == {"Einkaufsliste": "Brot\nMilch\nEier", "Baumarkt-Liste": "Schrauben\nDübel"}


def test_a_list_cleared_in_other_words_is_emptied_and_confirmed_after_the_read_back(nova, db):
    _two_lists(db)
    _two_lists(db, user="u2")
    result = nova.turn("u1", "nova", "Räum die Einkaufsliste leer", NOW)
    service = _notes_service(result)
    assert service is not None and service["status"] == "abgeschlossen", (result.answer, service)
    assert {"schritt": "verifikation", "verifiziert": True} in service["steps"]
    assert "Einkaufsliste" in result.answer and "leer" in result.answer
    assert _lists(db) == {"Einkaufsliste": "", "Baumarkt-Liste": "Schrauben\nDübel"}
    assert _lists(db, "u2") == {"Einkaufsliste": "Brot\nMilch\nEier", "Baumarkt-Liste": "Schrauben\nDübel"}


def test_parallel_removals_by_pronoun_of_one_person_keep_the_other_items(db, redis):
    _two_lists(db)
    texts = ("Milch ist gekauft, kannst du die streichen?", "Eier sind gekauft, kannst du die streichen?")
    outcomes = at_once(texts, lambda text: run(deps_with(db, redis, make_offline_llm()), text).status)
    assert outcomes == ["abgeschlossen"] * len(texts)
    assert _lists(db) == {"Einkaufsliste": "Brot", "Baumarkt-Liste": "Schrauben\nDübel"}


def test_a_list_emptied_beside_a_parallel_addition_to_another_list_keeps_that_addition(db, redis):
    _two_lists(db)
    texts = ("Räum die Einkaufsliste leer", "Setz Kleber auf die Baumarkt-Liste")
    outcomes = at_once(texts, lambda text: run(deps_with(db, redis, make_offline_llm()), text).status)
    assert outcomes == ["abgeschlossen"] * len(texts)
    assert _lists(db) == {"Einkaufsliste": "", "Baumarkt-Liste": "Schrauben\nDübel\nKleber"}


def test_a_list_emptied_beside_a_parallel_addition_to_it_ends_as_one_order_after_the_other(db, redis):
    """Both orders on the same list at once: the lock puts one after the other, so the list is either empty
    (emptied last) or holds just the addition (emptied first) — never the old items, never a lost write."""
    _two_lists(db)
    texts = ("Räum die Einkaufsliste leer", "Setz Kleber auf die Einkaufsliste")
    outcomes = at_once(texts, lambda text: run(deps_with(db, redis, make_offline_llm()), text).status)
    assert outcomes == ["abgeschlossen"] * len(texts)
    assert _lists(db)["Einkaufsliste"] in ("", "Kleber")
    assert _lists(db)["Baumarkt-Liste"] == "Schrauben\nDübel"
