"""An unclear answer at the gate of a directory grant asks again (dateien.md §2a.2), through `Nova.turn`.

To „Ich habe 1 Dateien unter … gefunden — freigeben?“ an answer that asks back (*„ist das ok?“*, *„ist das
sicher“*) grants nothing and does not drop the question: the gate comes again, and a later *„ja“* grants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.agents.pending import load_pending
from novaberg.files.repository import RootsRepository
from tests.files.helpers import allow, write
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)
FIGURE = "nova"
SERVICE = "dateien_wurzeln"


@pytest.fixture
def docs(home: Path, db: Any) -> Path:
    boundary = home / "home"
    write(boundary / "docs" / "heizung.md", "# Heizung\n\nDie Therme wurde im Oktober gewartet.")
    allow(db, boundary, "g1", "g2")
    return boundary / "docs"


def _at_gate(nova: Any, user: str, docs: Path) -> None:
    nova.turn(user, FIGURE, f"Gib {docs} frei", NOW)
    gate = nova.turn(user, FIGURE, "meins", NOW)
    assert "freigeben?" in gate.answer, gate.answer


def _roots(db: Any, user: str) -> list[str]:
    return [r["pfad"] for r in RootsRepository(db).list(user, FIGURE)]


@pytest.mark.parametrize("answer", ["ist das ok?", "ist das sicher", "Ist das sicher?", "hm"])
def test_an_unclear_gate_answer_asks_again_and_grants_nothing(nova: Any, db: Any, docs: Path, answer: str) -> None:
    _at_gate(nova, "g1", docs)
    again = nova.turn("g1", FIGURE, answer, NOW)
    assert [(s["name"], s["status"]) for s in again.services] == [(SERVICE, "rueckfrage")], again.answer
    assert f"Soll ich {docs} freigeben?" in again.answer
    assert _roots(db, "g1") == []
    assert load_pending(nova.stack.redis, "g1", FIGURE, NOW) is not None
    nova.turn("g1", FIGURE, "ja", NOW)
    assert _roots(db, "g1") == [str(docs)]


def test_the_other_persons_gate_is_her_own(nova: Any, db: Any, docs: Path) -> None:
    _at_gate(nova, "g1", docs)
    _at_gate(nova, "g2", docs)
    nova.turn("g1", FIGURE, "ist das sicher", NOW)
    nova.turn("g2", FIGURE, "ja", NOW)
    assert _roots(db, "g2") == [str(docs)] and _roots(db, "g1") == []
    assert load_pending(nova.stack.redis, "g1", FIGURE, NOW) is not None
