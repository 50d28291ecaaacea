"""Share a directory through the conversation gate, index it, ask a question whose
answer is only in one file, and get that file's location in the answer; a second pair never sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.files.helpers import allow, write
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)


@pytest.fixture
def home(home: Path, db: Any) -> Path:
    boundary = home / "home"
    docs = boundary / "docs"
    write(docs / "haus" / "heizung.md", "# Heizung\n\nDie Gastherme wurde im Oktober von der Firma Kaltenbach gewartet.\n")
    write(docs / "garten" / "beete.txt", "Tomaten an die Südseite, Bohnen an den Zaun.\n")
    write(docs / "rezepte.txt", "Linsensuppe mit Möhren und etwas Essig.\n")
    allow(db, boundary, "u1")  # the operator allowed it for u1 only
    return boundary


def _share(nova: Any, home: Path, user: str = "u1") -> None:
    nova.turn(user, "nova", f"Du darfst in {home / 'docs'} nachsehen", NOW)
    nova.turn(user, "nova", "Das ist meins", NOW)
    done = nova.turn(user, "nova", "Ja", NOW)
    assert any(s["name"] == "dateien_wurzeln" and s["status"] == "abgeschlossen" for s in done.services), done.answer


def test_shared_through_the_gate_then_found_with_location(nova: Any, home: Path) -> None:
    _share(nova, home)
    answer = nova.turn("u1", "nova", "Was steht in meinen Unterlagen über die Gastherme?", NOW)
    assert "docs/haus/heizung.md, Zeile 3" in answer.answer and str(home) not in answer.answer, answer.answer
    assert "Kaltenbach" in answer.answer
    assert any(s["name"] == "dateien" for s in answer.services)
    other = nova.turn("u2", "nova", "Was steht in meinen Unterlagen über die Gastherme?", NOW)
    assert "heizung.md" not in other.answer and "Kaltenbach" not in other.answer
    figure = nova.turn("u1", "andere", "Was steht in meinen Unterlagen über die Gastherme?", NOW)
    assert "heizung.md" not in figure.answer


def test_block_reaches_the_composer_with_its_location(nova: Any, home: Path, db: Any) -> None:
    """§1a.2: without the reading service (a turn no service takes), the block carries the finding and the
    offline composer cites it with origin and location."""
    _share(nova, home)
    turn = nova.turn("u1", "nova", "Hilf mir kurz: Gastherme Kaltenbach Oktober, weißt du noch?", NOW)
    with db.transaction() as conn:
        kinds = [row["kind"] for row in conn.execute(
            "SELECT kind FROM pipeline_log WHERE turn_id = %s ORDER BY id", (turn.turn_id,)).fetchall()]
    assert "dateien_suche" in kinds  # §3.0a "Drittens": hit count and worst cosine logged every turn


def test_know_question_asks_every_store_with_labels(nova: Any, home: Path, db: Any) -> None:
    """§3.0c: „Weißt du was über X" is one request over notes, appointments and files, each part labelled."""
    from novaberg.notes.repository import NotesRepository

    _share(nova, home)
    NotesRepository(db).insert("u1", "Gastherme", "notiz", "Gastherme zeigt Fehler F28 nach dem Stromausfall", [],
                               NOW)
    nova.turn("u1", "nova", "Trag mir morgen um 10 die Gastherme Wartung ein", NOW)
    answer = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW).answer
    assert "In deinen Notizen:" in answer and "F28" in answer
    assert "In deinem Kalender:" in answer
    assert "In deinen Unterlagen steht dazu:" in answer and "docs/haus/heizung.md" in answer
    assert answer.index("In deinen Notizen:") < answer.index("In deinen Unterlagen")
