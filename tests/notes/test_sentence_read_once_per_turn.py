"""A notes sentence is read once per turn: the route's hint and the notes' classification read the same words, so the
list-command reader, the frames, the request grammar and the notes' own order rules each read the turn's text once
(the readings are kept for the turn, `text.per_turn`, and die with it)."""

from __future__ import annotations

from collections import Counter

import pytest

from novaberg.notes.agent import offline
from novaberg.notes.repository import NotesRepository
from novaberg.text import commands, grammar, list_frames
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)
SAID = "Kannst du Milch von der Einkaufsliste streichen?"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counted: Counter = Counter()

    def counting(module, name):
        original = getattr(module, name)

        def wrapper(*args, **kwargs):
            if args and args[0] == SAID:
                counted[name] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counting(commands, "_read_list_command")
    counting(list_frames, "_read_frame")
    counting(grammar, "_analyse")
    counting(offline, "_parse")
    return counted


def test_a_notes_sentence_is_read_once_in_its_turn_and_again_in_the_next(nova, db, reads):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Brot\nMilch", [], NOW)
    NotesRepository(db).insert("u2", "Einkaufsliste", "einkauf", "Brot\nMilch", [], NOW)
    nova.turn("u1", "nova", SAID, NOW)
    assert reads == {"_read_list_command": 1, "_read_frame": 1, "_analyse": 1, "_parse": 1}
    assert [row["text"] for row in NotesRepository(db).list("u1")] == ["Brot"]
    nova.turn("u2", "nova", SAID, NOW)  # a new turn, another person: read afresh, nothing kept from the first
    assert reads == {"_read_list_command": 2, "_read_frame": 2, "_analyse": 2, "_parse": 2}
    assert [row["text"] for row in NotesRepository(db).list("u2")] == ["Brot"]
