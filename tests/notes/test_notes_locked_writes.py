"""issue 10 §3 for the notes: each write in one transaction under the person's lock, planned on the text as it is
now, read back inside; a read-back that disagrees rolls the write back; a change made on an older text is
moved onto the current one (lists) or made again by the model."""

from __future__ import annotations

from typing import Any

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.agent.confirm import confirm
from novaberg.notes.agent.crud import Context, append_note, rewrite_note
from novaberg.notes.agent.writes import rebase_items
from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import NOW, all_rows, deps_with, run
from tests.support import make_deps, make_offline_llm


class _Meanwhile:
    """An asker that lets another writer change the note while the model is being asked (the race, made
    deterministic): `change` runs before each of the first `times` model calls."""

    def __init__(self, asker: Any, change: Any, times: int = 1) -> None:
        self._asker, self._change, self._left = asker, change, times
        self.calls = 0

    def ask(self, task: str, data: dict[str, Any]) -> Any:
        self.calls += 1
        if self._left:
            self._left -= 1
            self._change()
        return self._asker.ask(task, data)


def _with_asker(deps: Any, asker: Any) -> Any:
    from dataclasses import replace

    return replace(deps, asker=asker)


@pytest.mark.parametrize(
    ("base", "changed", "current", "expected"),
    [
        ("Milch", "Milch\nBrot", "Milch\nEier", "Milch\nEier\nBrot"),  # add onto a grown list
        ("Milch\nEier", "Eier", "Milch\nEier\nBrot", "Eier\nBrot"),  # remove from a grown list
        ("Milch", "Milch\nBrot", "Milch\nBrot", "Milch\nBrot"),  # the same item added meanwhile: once
        ("Milch, Eier", "Milch\nEier\nBrot", "Milch, Eier, Salz", "Milch\nEier\nSalz\nBrot"),
        ("Milch\nEier", "Eier\nMilch", "Milch\nEier\nBrot", None),  # reordered: no pure list change
    ],
)
def test_issue10_s3_rebase_moves_a_pure_list_change_onto_the_current_text(base, changed, current, expected):
    assert rebase_items(base, changed, current) == expected


def test_issue10_s3_an_item_added_while_the_model_was_asked_is_kept(db, redis):
    """The lost update of the finding: the list grew between the read and the write — both items stay."""
    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    meanwhile = _Meanwhile(deps_with(db, redis, make_offline_llm()).asker,
                           lambda: repo.write("inhalt", ("Milch\nEier", "Milch Eier", NOW, NOW), note["id"], "u1"))
    ctx = Context(_with_asker(deps_with(db, redis, make_offline_llm()), meanwhile), "u1", NOW)
    result = rewrite_note(ctx, note, "add_content", "Schreib Brot auf die Einkaufsliste", "", [])
    assert result["verified"] is True and result["answer"] == "Auf 'Einkaufsliste' steht jetzt auch: Brot."
    assert repo.get(note["id"], "u1")["text"] == "Milch\nEier\nBrot"
    assert meanwhile.calls == 1  # moved onto the new text, the model was not asked again


def test_issue10_s3_a_free_text_changed_meanwhile_is_rewritten_again(db, redis):
    """No list: the change is asked of the model again on the current text, not written over it."""
    repo = NotesRepository(db)
    note = repo.insert("u1", "Idee", "idee", "Garten", [], NOW)
    llm = ScriptedLLM()
    llm.script("notes_rewrite", {"text": "Garten mit Teich"}, {"text": "Garten mit Beeten und Teich"})
    meanwhile = _Meanwhile(make_deps(db, redis, llm).asker,
                           lambda: repo.write("inhalt", ("Garten mit Beeten", "Garten mit Beeten", NOW, NOW),
                                              note["id"], "u1"))
    ctx = Context(_with_asker(make_deps(db, redis, llm), meanwhile), "u1", NOW)
    result = rewrite_note(ctx, note, "update", "Ergänze einen Teich", "", [])
    assert result["verified"] is True
    assert repo.get(note["id"], "u1")["text"] == "Garten mit Beeten und Teich"
    assert meanwhile.calls == 2


def test_issue10_s3_a_note_that_keeps_changing_ends_loud_and_writes_nothing(db, redis):
    repo = NotesRepository(db)
    note = repo.insert("u1", "Idee", "idee", "Garten", [], NOW)
    texts = iter(f"Garten {i}" for i in range(10))
    llm = ScriptedLLM({"notes_rewrite": {"text": "Garten mit Teich"}})
    meanwhile = _Meanwhile(make_deps(db, redis, llm).asker,
                           lambda: repo.write("inhalt", (next(texts), "", NOW, NOW), note["id"], "u1"), times=5)
    ctx = Context(_with_asker(make_deps(db, redis, llm), meanwhile), "u1", NOW)
    result = rewrite_note(ctx, note, "update", "Ergänze einen Teich", "", [])
    assert result["status"] == "fehler" and "gleichzeitig geändert" in result["answer"]
    assert repo.get(note["id"], "u1")["text"] == "Garten 2"  # the third writer's text, not the model's


def test_issue10_s3_a_write_whose_read_back_disagrees_is_rolled_back(db, redis, monkeypatch):
    """A write that is not confirmed is reported as failed and leaves nothing behind."""
    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    real_get = NotesRepository.get
    monkeypatch.setattr(NotesRepository, "get",
                        lambda self, note_id, user_id: {**real_get(self, note_id, user_id), "text": "anders"})
    result = append_note(Context(deps_with(db, redis, make_offline_llm()), "u1", NOW), note, "Brot")
    monkeypatch.undo()
    # the write node reports the unverified write; the shared confirm step makes it `fehler` (issue 25)
    assert "status" not in result and (result["wrote"], result["verified"]) == (True, False)
    assert confirm(result)["status"] == "fehler"
    assert {"schritt": "verifikation", "verifiziert": False, "abweichung": ["text"],
            "zurueckgerollt": True} in result["steps"]
    assert repo.get(note["id"], "u1")["text"] == "Milch"


def test_issue10_s3_a_create_whose_read_back_disagrees_leaves_no_row(db, redis, monkeypatch):
    monkeypatch.setattr(NotesRepository, "get", lambda self, note_id, user_id: None)
    result = run(deps_with(db, redis, make_offline_llm()), "Erstelle eine Einkaufsliste: Milch")
    monkeypatch.undo()
    assert result.status == "fehler" and "nichts geändert" in result.answer
    assert all_rows(db) == []


def test_issue10_s3_a_write_that_fails_midway_is_fehler_and_leaves_nothing(db, redis, monkeypatch):
    """issue 10 §3: the database fails after the UPDATE (at the read-back) — reported as failed, rolled back."""
    import psycopg

    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)

    def broken(self, note_id, user_id):
        raise psycopg.OperationalError("die Verbindung riss ab")

    monkeypatch.setattr(NotesRepository, "get", broken)
    result = append_note(Context(deps_with(db, redis, make_offline_llm()), "u1", NOW), note, "Brot")
    monkeypatch.undo()
    assert result["status"] == "fehler" and result["steps"][-1]["schritt"] == "schreibfehler"
    assert "nichts geändert" in result["answer"] and "Brot" not in result["answer"]
    assert repo.get(note["id"], "u1")["text"] == "Milch"


def test_issue10_s3_the_person_lock_serialises_and_other_persons_pass(db):
    """Parallel turns of one person: a second locked section of the same person waits for the first, another
    person's does not (the lock every notes write runs under)."""
    import threading

    repo = NotesRepository(db)
    entered, release = threading.Event(), threading.Event()
    order: list[str] = []

    def first() -> None:
        with repo.person_locked("u1"):
            entered.set()
            release.wait(5)
            order.append("first")

    def second() -> None:
        with repo.person_locked("u1"):
            order.append("second")

    holder = threading.Thread(target=first)
    holder.start()
    assert entered.wait(5)
    waiter = threading.Thread(target=second)
    waiter.start()
    with repo.person_locked("u2"):  # another person is not held up
        order.append("other person")
    release.set()
    holder.join(5)
    waiter.join(5)
    assert order == ["other person", "first", "second"]


def test_issue10_s3_parallel_appends_of_one_person_keep_both(db, redis):
    """Two turns of one person append to the same note at once: both additions stay, none is lost."""
    import threading

    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    start = threading.Barrier(2)

    def turn(item: str) -> None:
        start.wait(5)
        append_note(Context(deps_with(db, redis, make_offline_llm()), "u1", NOW), note, item)

    threads = [threading.Thread(target=turn, args=(item,)) for item in ("Eier", "Brot")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(repo.get(note["id"], "u1")["text"].split("\n")) == ["Brot", "Eier", "Milch"]
