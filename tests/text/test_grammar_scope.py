"""The text of a turn is read by the offline grammar once and shared; the readings end with the turn.

Outside a scope every `analyse` reads afresh (nothing one person said stays in the process); inside
`one_analysis_per_text` each text is read once; a thread started inside with the context shares it.
"""

from __future__ import annotations

import contextvars
import threading
from typing import Any

import pytest

from novaberg.text import grammar
from novaberg.text.grammar import REQUEST, analyse, one_analysis_per_text
from tests.support import berlin


@pytest.fixture
def readings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = grammar._analyse_one  # noqa: SLF001 - the reading under count

    def counted(said: str) -> Any:
        seen.append(said)
        return original(said)

    monkeypatch.setattr(grammar, "_analyse_one", counted)
    return seen


def test_inside_a_scope_a_text_is_read_once(readings):
    with one_analysis_per_text():
        first = analyse("Kannst du mir morgen den Zahnarzt eintragen?")
        again = analyse("Kannst du mir morgen den Zahnarzt eintragen?")
        analyse("Wie geht es dir?")
    assert again is first and first.mood == REQUEST
    assert len(readings) == 2


def test_outside_a_scope_and_after_it_every_call_reads_afresh(readings):
    analyse("Wie geht es dir?")
    analyse("Wie geht es dir?")
    with one_analysis_per_text():
        analyse("Wie geht es dir?")
    analyse("Wie geht es dir?")
    assert len(readings) == 4


def test_a_thread_started_with_the_context_shares_the_scope(readings):
    with one_analysis_per_text():
        analyse("Hallo")
        context = contextvars.copy_context()
        worker = threading.Thread(target=context.run, args=(analyse, "Hallo"))
        worker.start()
        worker.join()
    assert readings == ["Hallo"]


def test_one_reading_of_the_persons_text_per_turn(nova, readings):
    """Through `Nova.turn`: the person's words are read once although router, agent, composer and tribunal
    all ask; two persons' turns do not share readings."""
    text = "Trag mir morgen um 10 den Zahnarzt ein"
    turn = nova.turn("anna", "nova", text, berlin(2026, 11, 30, 9))
    assert turn.services[0]["status"] == "abgeschlossen"
    assert readings.count(text) == 1
    nova.turn("ben", "nova", text, berlin(2026, 11, 30, 9))
    assert readings.count(text) == 2
