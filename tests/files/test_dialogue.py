"""dateien.md §2a.2, §1a.5, §2a.3, §7: the rules of the roots conversation (gate, ownership, revocation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.files.dialogue import (
    answer_gate,
    answer_ownership,
    answer_revoke,
    read_ownership,
    read_revocation,
    start_grant,
    start_revoke,
)
from tests.files.helpers import NOW, service, write


@pytest.mark.parametrize(("answer", "expected"), [
    ("deins", "figur"), ("deins, das sind deine Recherchen", "figur"), ("meins", "nutzer"),
    ("das ist mein Kram", "nutzer"), ("beides", "gemischt"), ("meins, aber auch deins", None),
    ("nicht meins, sondern deins", None), ("keine Ahnung", None), ("", None)])
def test_read_ownership(answer: str, expected: str | None) -> None:
    """§1a.5: read from the answerer's side; both sides named is unclear, not a mixture — ask again."""
    assert read_ownership(answer) == expected


@pytest.mark.parametrize(("answer", "expected"), [
    ("lies da erstmal nicht mehr", "stilllegen"), ("stilllegen", "stilllegen"), ("das soll weg", "vergessen"),
    ("bitte vergessen", "vergessen"), ("löschen, nein stilllegen", None), ("hm", None)])
def test_read_revocation(answer: str, expected: str | None) -> None:
    """§2a.3: the two forms are asked, never guessed."""
    assert read_revocation(answer) == expected


def test_grant_conversation(db: Any, tmp_path: Path) -> None:
    """§2a.2: ownership asked, the gate shows the resolved path and file count, `passt` is no consent."""
    for i in range(3):
        write(tmp_path / "docs" / f"d{i}.md", "# D\n\nx.")
    write(tmp_path / "docs" / "bild.png", b"x")
    svc = service(db, tmp_path)
    step = start_grant(svc, str(tmp_path / "docs" / "." / ".." / "docs"), user_id="u1")
    assert step.pending["frage"] == "eigentum" and "deins, meins, oder beides" in step.text
    step = answer_ownership(step.pending, "meins, aber auch deins")
    assert step.pending["frage"] == "eigentum" and step.pending["eigentum"] is None
    step = answer_ownership(step.pending, "deins")
    resolved = str((tmp_path / "docs").resolve())
    assert step.text == (f"Ich habe 3 Dateien unter {resolved} gefunden — freigeben? "
                         f"Erlaubt durch den Eintrag {tmp_path.resolve()} deiner Freigabeliste.")
    for unclear in ("das passt", "ja, bitte nichts", "ist das sicher", "Wie bitte?"):
        again = answer_gate(svc, step.pending, unclear, "u1", "nova", NOW)
        assert again.done["status"] == "rueckfrage" and svc.roots("u1", "nova") == []
    done = answer_gate(svc, step.pending, "ja", "u1", "nova", NOW)
    assert done.done["status"] == "abgeschlossen" and done.pending is None
    rows = svc.roots("u1", "nova")
    assert [(r["pfad"], r["eigentum"]) for r in rows] == [(resolved, "figur")]
    twice = answer_gate(svc, step.pending, "ja", "u1", "nova", NOW)
    assert "besteht schon" in twice.text and len(svc.roots("u1", "nova")) == 1


def test_grant_declined_and_outside(db: Any, tmp_path: Path) -> None:
    """§8.2a: a refusal writes nothing; outside the boundary the path as said and the boundary are named, never
    where it resolved to."""
    inner = tmp_path / "home"
    (inner / "docs").mkdir(parents=True)
    (tmp_path / "etc").mkdir()
    svc = service(db, inner)
    step = start_grant(svc, str(inner / "docs"), eigentum="nutzer", user_id="u1")
    assert step.pending["frage"] == "tor"
    assert answer_gate(svc, step.pending, "nein", "u1", "nova", NOW).done["status"] == "abgelehnt"
    said = str(inner / ".." / "etc")
    outside = start_grant(svc, said, eigentum="nutzer", user_id="u1")
    assert outside.pending is None and said in outside.text
    assert str((tmp_path / "etc").resolve()) not in outside.text.replace(said, "")
    assert str(inner.resolve()) in outside.text
    assert svc.roots("u1", "nova") == []


def test_revoke_conversation(db: Any, tmp_path: Path) -> None:
    """§2a.3: the revocation asks stilllegen vs vergessen; an unclear answer asks again; foreign id is loud."""
    write(tmp_path / "docs" / "a.md", "# A\n\nx.")
    svc = service(db, tmp_path)
    root = svc.grant("u1", "nova", str(tmp_path / "docs"), now=NOW)
    svc.index(NOW)
    assert start_revoke(svc, root["id"], "u2", "nova").done["grund"] == "keine_zeile"
    step = start_revoke(svc, root["id"], "u1", "nova")
    assert "stilllegen" in step.text and "vergessen" in step.text
    step = answer_revoke(svc, step.pending, "hm", "u1", "nova", NOW)
    assert step.done["status"] == "rueckfrage" and svc.roots("u1", "nova")[0]["aktiv"]
    done = answer_revoke(svc, step.pending, "das soll weg", "u1", "nova", NOW)
    assert done.done["form"] == "vergessen" and svc.index_rows(root["id"], "u1", "nova") == []
