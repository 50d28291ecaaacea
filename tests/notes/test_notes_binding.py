"""§6 "Jede Kennung ist an den Menschen gebunden": a closed set of bound writes with a row count; a
foreign id hits 0 rows and ends `fehler`/`keine_zeile`, the other person's row unchanged; reads by id
bound the same way. Each of the five writing paths against its twin with the own id."""

from __future__ import annotations

import re

import pytest

from novaberg.agents.pending import store_pending
from novaberg.notes import repository as repository_module
from novaberg.notes.agent.crud import (
    NO_ROW,
    Context,
    append_note,
    clear_note,
    delete_note,
    rename_note,
    rewrite_note,
)
from novaberg.notes.repository import WRITES, NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
LATER = berlin(2026, 11, 30, 11)


@pytest.fixture
def repo(db):
    return NotesRepository(db)


@pytest.fixture
def anna_note(repo):
    return repo.insert("anna", "Einkaufsliste", "einkauf", "Milch\nEier", ["Einkauf"], NOW)


def _paths(ctx, note):
    """The five writing paths of §6: update (add/remove via the model), delete, append, clear, rename."""
    return {
        "update": lambda: rewrite_note(ctx, note, "add_content", "Setz Brot auf die Einkaufsliste",
                                       "add_content: Brot zu Notiz 'Einkaufsliste' hinzufuegen", []),
        "delete": lambda: delete_note(ctx, note),
        "append": lambda: append_note(ctx, note, "Brot"),
        "clear_content": lambda: clear_note(ctx, note),
        "rename": lambda: rename_note(ctx, note, "Wocheneinkauf"),
    }


@pytest.mark.parametrize("path", ["update", "delete", "append", "clear_content", "rename"])
def test_foreign_id_hits_zero_rows_and_ends_loud(deps, repo, anna_note, path):
    """§6 "Laut statt Erfolg": ben writes with anna's id → 0 rows, fehler/keine_zeile, anna unchanged."""
    before = repo.get(anna_note["id"], "anna")
    result = _paths(Context(deps, "ben", LATER), {"id": anna_note["id"], "name": "Einkaufsliste"})[path]()
    assert result["status"] == "fehler"
    assert result["steps"][-1]["schritt"] == NO_ROW and result["steps"][-1]["zeilen"] == 0
    assert not result.get("verified")
    assert repo.get(anna_note["id"], "anna") == before


@pytest.mark.parametrize("path", ["update", "append"])
def test_foreign_id_hits_zero_rows_even_when_the_read_was_forged(deps, repo, anna_note, path, monkeypatch):
    """The write itself is bound: with a read that (wrongly) returned anna's row, ben's write still hits 0."""
    forged = dict(anna_note)
    monkeypatch.setattr(NotesRepository, "get", lambda self, note_id, user_id: forged)
    result = _paths(Context(deps, "ben", LATER), {"id": anna_note["id"], "name": "Einkaufsliste"})[path]()
    monkeypatch.undo()
    assert result["status"] == "fehler" and result["steps"][-1]["schritt"] == NO_ROW
    assert result["steps"][-1]["zeilen"] == 0
    assert repo.get(anna_note["id"], "anna")["text"] == "Milch\nEier"


@pytest.mark.parametrize("path", ["update", "delete", "append", "clear_content", "rename"])
def test_own_id_writes_one_row_and_is_verified(deps, repo, anna_note, path):
    """The twin: the own id hits exactly one row, read back and verified (`verifiziert: True`)."""
    result = _paths(Context(deps, "anna", LATER), {"id": anna_note["id"], "name": "Einkaufsliste"})[path]()
    assert result.get("status") is None  # confirm sets abgeschlossen
    assert result["verified"] is True
    assert {"schritt": "verifikation", "verifiziert": True} in result["steps"]
    assert any(s.get("zeilen") == 1 for s in result["steps"])
    after = repo.get(anna_note["id"], "anna")
    expected = {
        "update": lambda r: r["text"] == "Milch\nEier\nBrot",
        "delete": lambda r: not r["aktiv"] and r["status"] == "archiviert",
        "append": lambda r: r["text"] == "Milch\nEier\nBrot",
        "clear_content": lambda r: r["text"] == "" and r["zusammenfassung"] == "",
        "rename": lambda r: r["name"] == "Wocheneinkauf",
    }[path]
    assert expected(after)
    assert after["updated_at"] == LATER and after["last_touched"] == LATER  # the turn's clock, UTC in the DB


def test_read_by_id_is_bound(repo, anna_note):
    """§6 Lesen: a foreign id reads the same as a missing one, None."""
    assert repo.get(anna_note["id"], "ben") is None
    assert repo.get(anna_note["id"], "anna")["name"] == "Einkaufsliste"
    assert repo.get(anna_note["id"] + 1000, "anna") is None


@pytest.mark.parametrize("kind", list(WRITES))
def test_every_closed_write_with_a_foreign_id_returns_zero(repo, anna_note, kind):
    values = {"inhalt": ("x", "x", NOW, NOW), "archiv": (NOW, NOW), "name": ("x", NOW, NOW)}[kind]
    assert repo.write(kind, values, anna_note["id"], "ben") == 0
    assert repo.get(anna_note["id"], "anna")["text"] == "Milch\nEier"
    assert repo.write(kind, values, anna_note["id"], "anna") == 1


@pytest.mark.parametrize(
    ("kind", "values", "note_id", "user_id"),
    [
        ("text", ("x",), 1, "anna"),  # not in the closed set
        ("inhalt", ("x",), 1, "anna"),  # wrong number of values
        ("name", ("x", NOW, NOW), 0, "anna"),
        ("name", ("x", NOW, NOW), -3, "anna"),
        ("name", ("x", NOW, NOW), True, "anna"),
        ("name", ("x", NOW, NOW), "1", "anna"),
        ("name", ("x", NOW, NOW), 1, ""),
        ("name", ("x", NOW, NOW), 1, "   "),
    ],
)
def test_unusable_write_is_refused_before_writing(repo, anna_note, kind, values, note_id, user_id):
    with pytest.raises(ValueError):
        repo.write(kind, values, note_id, user_id)
    assert repo.get(anna_note["id"], "anna")["name"] == "Einkaufsliste"


def test_every_id_condition_in_the_repository_carries_the_person():
    """The witness of §6: every statement that names a note by id has `user_id` as its own AND term."""
    statements = [s for s, _ in WRITES.values()]
    statements += [v for k, v in vars(repository_module).items() if k.startswith("_") and isinstance(v, str)]
    by_id = [s for s in statements if re.search(r"(?<![\w.])(?:n\.)?id\s*=\s*%s", s)]
    assert len(by_id) >= 4  # three writes and the bound read
    for statement in by_id:
        assert re.search(r"(?<![\w.])(?:n\.)?id\s*=\s*%s\s+AND\s+(?:n\.)?user_id\s*=\s*%s", statement), statement
    assert not re.search(r"\bOR\b", " ".join(by_id))


def test_crud_never_writes_sql_itself():
    """Repositories own all SQL: the agent package holds no statement."""
    from pathlib import Path

    import novaberg.notes.agent as agent

    for path in Path(agent.__file__).parent.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\bUPDATE\s+\w+\s+SET\b|\bINSERT\s+INTO\b|\bDELETE\s+FROM\b|\bSELECT\s.+\sFROM\s", source), path.name


def test_forged_pending_candidate_of_another_person_hits_zero_rows(nova, db, redis, repo, anna_note):
    """A choice answered with an id that is not the person's (a forged pending) ends keine_zeile."""
    store_pending(redis, "ben", "nova", "notizen", {
        "art": "auswahl", "action": "delete", "target": "Liste", "original_aufgabe": "Lösch die Liste",
        "kandidaten": [{"id": anna_note["id"], "name": "Einkaufsliste"}, {"id": 999999, "name": "Packliste"}],
        "frage": "Welche meinst du?"})
    result = nova.turn("ben", "nova", "die Einkaufsliste", LATER)
    [service] = result.services
    assert service["status"] == "fehler"
    assert any(s.get("schritt") == NO_ROW and s.get("zeilen") == 0 for s in service["steps"])
    assert repo.get(anna_note["id"], "anna")["aktiv"] is True
