"""List orders that were written to a guessed list or with a list's name inside the item (notizen.md §3, §4): an
addition to the bare list word with two lists asks which — never the list the conversation just wrote to; a list
named as a bare dative (*meiner Baumarkt*) or by a name of two words (*Liste Einkauf Rewe*) is that list, never
part of the item; *Schmeiß noch Milch drauf* adds. Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)
FIG = "nova"


def _seed(nova, user: str, *names: str) -> None:
    for name in names or ("Einkaufsliste", "Baumarkt"):
        nova.notes.insert(user, name, "einkauf", "Zeile", [], NOW)


def _lists(nova, user: str) -> dict[str, list[str]]:
    return {n["name"]: n["text"].splitlines() for n in nova.notes.list(user)}


@pytest.mark.parametrize("said", ["Ergänze Backpapier in der Liste, danke", "Bitte Backpapier zu unserer Liste hinzufügen"])
def test_an_addition_to_the_bare_list_word_with_two_lists_asks_even_after_a_write(nova, said):
    for user in ("anna", "ben"):
        _seed(nova, user)
    nova.turn("anna", FIG, "Füge Dübel zur Baumarkt Liste hinzu", NOW)  # the Baumarkt list runs in the conversation
    before = {user: _lists(nova, user) for user in ("anna", "ben")}
    asked = nova.turn("anna", FIG, said, NOW)
    assert asked.answer.startswith("Welche Liste meinst du"), asked.answer
    assert {user: _lists(nova, user) for user in ("anna", "ben")} == before
    nova.turn("anna", FIG, "Einkaufsliste", NOW)
    assert _lists(nova, "anna")["Einkaufsliste"] == ["Zeile", "Backpapier"]
    assert _lists(nova, "ben") == before["ben"]


def test_an_addition_to_the_bare_list_word_with_one_list_goes_there(nova):
    _seed(nova, "anna", "Einkaufsliste")
    nova.turn("anna", FIG, "Ergänze Backpapier in der Liste, danke", NOW)
    assert _lists(nova, "anna") == {"Einkaufsliste": ["Zeile", "Backpapier"]}


@pytest.mark.parametrize("said", ["Füge Kabelbinder meiner Baumarkt hinzu, bitte", "füge kabelbinder meiner baumarkt hinzu bitte"])
def test_a_list_named_as_a_bare_dative_takes_the_item_without_its_name(nova, said):
    for user in ("anna", "ben"):
        _seed(nova, user)
    nova.turn("anna", FIG, "Füge Dübel zur Baumarkt Liste hinzu", NOW)
    nova.turn("anna", FIG, said, NOW)
    assert [line.lower() for line in _lists(nova, "anna")["Baumarkt"]] == ["zeile", "dübel", "kabelbinder"]
    assert _lists(nova, "ben") == {"Einkaufsliste": ["Zeile"], "Baumarkt": ["Zeile"]}


def test_a_list_with_a_two_word_name_is_named_for_an_addition_and_a_deletion(nova):
    for user in ("anna", "ben"):
        _seed(nova, user, "Einkaufsliste", "Einkauf Rewe")
    added = nova.turn("anna", FIG, "Füge Milch zur Liste Einkauf Rewe hinzu", NOW)
    assert _lists(nova, "anna") == {"Einkaufsliste": ["Zeile"], "Einkauf Rewe": ["Zeile", "Milch"]}, added.answer
    deleted = nova.turn("anna", FIG, "Lösch die Liste Einkauf Rewe", NOW)
    assert _lists(nova, "anna") == {"Einkaufsliste": ["Zeile"]}, deleted.answer
    assert _lists(nova, "ben") == {"Einkaufsliste": ["Zeile"], "Einkauf Rewe": ["Zeile"]}


def test_schmeiss_noch_drauf_adds_to_the_running_list(nova):
    for user in ("anna", "ben"):
        _seed(nova, user)
    nova.notes.insert("anna", "Haushalt", "einkauf", "Milch", [], NOW)
    nova.turn("anna", FIG, "Füge Dübel zur Baumarkt Liste hinzu", NOW)
    nova.turn("anna", FIG, "Schmeiss noch Milch drauf", NOW)
    lists = _lists(nova, "anna")
    assert lists["Baumarkt"] == ["Zeile", "Dübel", "Milch"] and lists["Haushalt"] == ["Milch"], lists
    assert _lists(nova, "ben") == {"Einkaufsliste": ["Zeile"], "Baumarkt": ["Zeile"]}


def test_parallel_additions_to_a_two_word_list_keep_every_item(nova):
    _seed(nova, "anna", "Einkaufsliste", "Einkauf Rewe")
    items = ["Milch", "Butter", "Quark", "Eier"]
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda item: nova.turn("anna", FIG, f"Füge {item} zur Liste Einkauf Rewe hinzu", NOW), items))
    lists = _lists(nova, "anna")
    assert sorted(lists["Einkauf Rewe"]) == sorted(["Zeile", *items]) and lists["Einkaufsliste"] == ["Zeile"]
