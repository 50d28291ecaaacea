"""A task said as an object with a zu-infinitive (*etwas zu essen holen*) keeps its object: the *etwas* is no
filler before the item (notizen.md §3: the item as said). Taking it off removes that task only, never a shorter
one it contains; adding writes it whole. Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)
FIG = "nova"
TASKS = "Wäsche\netwas zu essen holen\nzu essen holen\netwas zu trinken kaufen\nzu trinken kaufen"


def _seed(nova, user: str) -> None:
    nova.notes.insert(user, "To-do-Liste", "todo", TASKS, [], NOW)


def _tasks(nova, user: str) -> list[str]:
    return next(n["text"] for n in nova.notes.list(user) if n["name"] == "To-do-Liste").splitlines()


@pytest.mark.parametrize(("said", "gone"), [
    ("Markiere die aufgabe, etwas zu essen holen, als abgeschlossen", "etwas zu essen holen"),
    ("Streich etwas zu trinken kaufen von der To-do-Liste", "etwas zu trinken kaufen"),
    ("Nimm etwas zu essen holen von der To-do-Liste", "etwas zu essen holen"),
])
def test_taking_off_a_task_with_its_object_leaves_the_shorter_task(nova, said, gone):
    for user in ("anna", "ben"):
        _seed(nova, user)
    result = nova.turn("anna", FIG, said, NOW)
    assert _tasks(nova, "anna") == [line for line in TASKS.splitlines() if line != gone], result.answer
    assert _tasks(nova, "ben") == TASKS.splitlines()


def test_adding_a_task_with_its_object_writes_it_whole(nova):
    for user in ("anna", "ben"):
        _seed(nova, user)
    nova.turn("anna", FIG, "Füge etwas zu lesen besorgen zur To-do-Liste hinzu", NOW)
    assert _tasks(nova, "anna")[-1] == "etwas zu lesen besorgen"
    assert _tasks(nova, "ben") == TASKS.splitlines()
