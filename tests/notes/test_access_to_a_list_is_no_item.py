"""A noun that names what the person wants done with a list — to get at it or look into it (*Zugriff auf die
Lebensmittelliste*, *Überblick über die Einkaufsliste*) — is never an item on it (notizen.md §3: an order Nova
cannot read for sure writes nothing). Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)
FIG = "nova"


def _seed(nova, user: str) -> None:
    nova.notes.insert(user, "Einkaufsliste", "einkauf", "Zeile", [], NOW)
    nova.notes.insert(user, "To-do-Liste", "todo", "Fenster putzen", [], NOW)


def _lists(nova, user: str) -> dict[str, list[str]]:
    return {n["name"]: n["text"].splitlines() for n in nova.notes.list(user)}


@pytest.mark.parametrize("said", [
    "Zugriff auf die Lebensmittelliste",
    "zugriff auf meine aufgabenliste",
    "Zugang zur Einkaufsliste",
    "Ich will Zugriff auf meine Einkaufsliste",
    "Gib mir einen Überblick über die Einkaufsliste",
    "Einblick in die To-do-Liste",
])
def test_a_noun_of_access_to_a_list_writes_nothing(nova, said):
    for user in ("anna", "ben"):
        _seed(nova, user)
    before = {user: _lists(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert {user: _lists(nova, user) for user in ("anna", "ben")} == before, result.answer
    assert "steht jetzt auch" not in result.answer, result.answer


def test_an_item_that_only_begins_with_an_access_noun_is_still_added(nova):
    for user in ("anna", "ben"):
        _seed(nova, user)
    nova.turn("anna", FIG, "Setz Zugang beantragen auf die To-do-Liste", NOW)
    assert _lists(nova, "anna")["To-do-Liste"] == ["Fenster putzen", "Zugang beantragen"]
    assert _lists(nova, "ben") == {"Einkaufsliste": ["Zeile"], "To-do-Liste": ["Fenster putzen"]}
