"""Every write path counts only through the shared confirm step (`agents.confirm`), which reads
what is stored — not what the writer reported. Timeline and notes have their own tests
(tests/timeline/agent/test_confirm_step.py, tests/notes/test_notes_confirm_step.py); these are the directives,
the shared roots (dateien.md §2a) and Nova's own knowledge (dateien.md §3a.2a).

Each case makes the writer *lie* — it reports a write that never reached the store — and checks that the turn
ends `fehler`, carries no verified step, says it could not confirm, and that the tribunal does not count the
write as proof of a storage claim (tribunal.md: only a verified write covers a claim). The twin of each runs
the real writer and is `abgeschlossen` with a verified step.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from novaberg.directives.repository import Directive, DirectivesRepository
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.files.knowledge.zone import EditResult, KnowledgeZone
from novaberg.files.repository import RootsRepository
from novaberg.files.service import FilesService
from novaberg.tribunal.evaluate import computed_verdict
from tests.files.helpers import allow, write
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)


def _service(result: Any, name: str) -> dict[str, Any]:
    hits = [s for s in result.services if s["name"] == name]
    assert hits, f"{name} did not run: {result.services}"
    return hits[0]


def _verified(service: dict[str, Any]) -> bool:
    return any(step.get("verifiziert") is True for step in service["steps"])


def _covers(claim: str, service: dict[str, Any]) -> bool:
    return computed_verdict(claim, [service], date(2026, 12, 1)).storage_result == "gedeckt"


# --- directives ---------------------------------------------------------------------------------------------

DIRECTIVE_CLAIM = "Alles klar, ich habe die Regel gespeichert."


def test_a_directive_the_writer_only_claims_to_have_added_ends_fehler(nova: Any, db: Any, monkeypatch) -> None:
    def lying_add(self, user_id, character_id, text, now):  # reports a new row, writes nothing
        return Directive(id=987_654, user_id=user_id, character_id=character_id, text=text, created_at=now), True

    nova.turn("u1", "nova", "Sprich mich mit Sie an", NOW)
    monkeypatch.setattr(DirectivesRepository, "add", lying_add)
    done = nova.turn("u1", "nova", "Ja, gerne", NOW)
    monkeypatch.undo()
    service = _service(done, "direktiven")
    assert service["status"] == "fehler" and not _verified(service)
    assert "nicht bestätigen" in done.answer and "gilt ab jetzt" not in done.answer
    assert not _covers(DIRECTIVE_CLAIM, service)
    assert DirectivesRepository(db).list("u1", "nova") == []


def test_a_directive_the_writer_only_claims_to_have_removed_ends_fehler(nova: Any, db: Any, monkeypatch) -> None:
    repo = DirectivesRepository(db)
    repo.add("u1", "nova", "Keine Emojis", NOW)
    nova.turn("u1", "nova", "Streiche die Regel 1", NOW)
    monkeypatch.setattr(DirectivesRepository, "remove", lambda self, *args: True)  # reports, removes nothing
    done = nova.turn("u1", "nova", "ja", NOW)
    monkeypatch.undo()
    service = _service(done, "direktiven")
    assert service["status"] == "fehler" and not _verified(service)
    assert [d.text for d in repo.list("u1", "nova")] == ["Keine Emojis"]


def test_the_twin_a_real_directive_write_is_verified(nova: Any, db: Any) -> None:
    nova.turn("u1", "nova", "Sprich mich mit Sie an", NOW)
    service = _service(nova.turn("u1", "nova", "Ja, gerne", NOW), "direktiven")
    assert service["status"] == "abgeschlossen" and _verified(service)
    assert _covers(DIRECTIVE_CLAIM, service)


# --- shared roots -------------------------------------------------------------------------------------------

ROOT_CLAIM = "Erledigt, ich habe den Ordner freigegeben."


@pytest.fixture
def docs(db: Any) -> Iterator[Path]:
    """A shared tree outside the test Nova's data directory (anything in or around it is refused)."""
    with tempfile.TemporaryDirectory(prefix="novaberg-home-", ignore_cleanup_errors=True) as folder:
        boundary = Path(folder).resolve()
        write(boundary / "docs" / "heizung.md", "# Heizung\n\nDie Therme wurde im Oktober gewartet.")
        allow(db, boundary, "u1")
        yield boundary / "docs"


def _grant_dialogue(nova: Any, docs: Path) -> Any:
    nova.turn("u1", "nova", f"Du darfst in {docs} nachsehen", NOW)
    nova.turn("u1", "nova", "Das ist meins", NOW)
    return nova.turn("u1", "nova", "Ja", NOW)


def test_a_grant_the_writer_only_claims_ends_fehler(nova: Any, db: Any, docs: Path, monkeypatch) -> None:
    """dateien.md §2a.2: the grant counts only when the root reads back active under its path."""
    def lying_grant(self, user_id, character_id, path, eigentum="nutzer", bezeichnung=None, now=None):
        return {"id": 424_242, "pfad": str(docs), "eigentum": eigentum, "aktiv": True, "neu": True}

    monkeypatch.setattr(FilesService, "grant", lying_grant)
    done = _grant_dialogue(nova, docs)
    monkeypatch.undo()
    service = _service(done, "dateien_wurzeln")
    assert service["status"] == "fehler" and not _verified(service)
    assert "nicht bestätigen" in done.answer and "neu im Index" not in done.answer
    assert not _covers(ROOT_CLAIM, service)
    assert RootsRepository(db).list("u1", "nova") == []


def test_the_twin_a_real_grant_is_verified(nova: Any, docs: Path) -> None:
    service = _service(_grant_dialogue(nova, docs), "dateien_wurzeln")
    assert service["status"] == "abgeschlossen" and _verified(service)
    assert _covers(ROOT_CLAIM, service)


# --- Nova's own knowledge -----------------------------------------------------------------------------------

KNOWLEDGE_ORDER = "Merk dir in deinem Wissen zu Napoleon: Er wurde 1769 auf Korsika geboren."
KNOWLEDGE_CLAIM = "Gut, das habe ich in meinem Wissen gespeichert."


def test_a_knowledge_write_the_zone_only_claims_ends_fehler(nova: Any, tmp_path: Path, monkeypatch) -> None:
    """dateien.md §3a.2a: a knowledge write counts only when its version reads back from the text."""
    def lying_insert(self, name, text, now, after=-1):
        return EditResult("geschrieben", self.path(name), 1, None)

    monkeypatch.setattr(KnowledgeZone, "insert", lying_insert)
    done = nova.turn("u1", "nova", KNOWLEDGE_ORDER, NOW)
    monkeypatch.undo()
    service = _service(done, "wissen")
    assert service["status"] == "fehler" and not _verified(service)
    assert "nicht bestätigen" in done.answer and "Steht jetzt" not in done.answer
    assert not _covers(KNOWLEDGE_CLAIM, service)
    assert not (pair_zone(tmp_path, "u1", "nova") / "napoleon.md").exists()


def test_the_twin_a_real_knowledge_write_is_verified(nova: Any) -> None:
    service = _service(nova.turn("u1", "nova", KNOWLEDGE_ORDER, NOW), "wissen")
    assert service["status"] == "abgeschlossen" and _verified(service)
    assert _covers(KNOWLEDGE_CLAIM, service)
