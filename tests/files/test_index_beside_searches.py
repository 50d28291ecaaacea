"""dateien.md §6, §8.3: searches beside the index watcher while it writes a directory shared a moment ago.

The watcher writes in the background (the heartbeat's job inside `serve`) while the person already asks: a search
never waits for a batch the watcher has not committed (it reads what is committed), and a run that writes many
rows refreshes the tables' planner statistics and GIN pending lists after its first batch already, not only when
autovacuum comes by (bench/files/right_after.py measured 0.5–1 s per search until then, 20–40 ms after).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from novaberg.files import watcher as watcher_module
from novaberg.files.repository import IndexRepository
from novaberg.files.sections import SectionsWriter
from novaberg.files.watcher import IndexWatcher
from tests.files.helpers import LATER, NOW, service, write

WAIT = 60.0  # seconds a step may take before the test calls it stuck; never a measured duration

_TERMS_KNOWN = """
SELECT c.reltuples::bigint AS geschaetzt, (SELECT count(*) FROM dateien_terme) AS gezaehlt,
       (SELECT count(*) FROM pg_stats WHERE tablename = 'dateien_terme' AND attname = 'lexem') AS statistiken
FROM pg_class c WHERE c.relname = 'dateien_terme'
"""
_PENDING = "SELECT gin_clean_pending_list('idx_dateien_abschnitte_suchtext'::regclass) AS seiten"


def _files(folder: Path, first: int, count: int, word: str) -> None:
    for number in range(first, first + count):
        write(folder / f"{word}-{number:02d}.md",
              f"# {word.capitalize()} {number}\n\nDie {word.capitalize()} im Garten blüht im Frühling.\n\n"
              f"Sie braucht Wasser und Sonne, schrieb die Gärtnerin am Tag {number}.\n")


def _paths(hits: list[Any]) -> set[str]:
    return {Path(hit.path).name for hit in hits}


def test_a_search_does_not_wait_for_a_batch_the_watcher_has_not_committed(db: Any, home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The watcher is held inside its write transaction (its sections written, its postings not yet); the person's
    search runs to its end meanwhile and finds the files committed before, none of the held batch; once the batch
    commits, the next search finds it. A search that took any lock the writer holds would hang here."""
    root = home / "garten"
    _files(root, 0, 3, "rose")
    svc = service(db, home, users=("u1", "u2"))
    svc.grant("u1", "nova", str(root), now=NOW)
    svc.index(NOW)
    _files(root, 10, 3, "tulpe")

    inside, release = threading.Event(), threading.Event()
    store = SectionsWriter.store

    def held(cur: Any, batch: Any) -> None:
        store(cur, batch)
        inside.set()
        assert release.wait(WAIT), "the test never let the watcher go on"

    monkeypatch.setattr(SectionsWriter, "store", staticmethod(held))
    reports: list[dict[str, Any]] = []
    writer = threading.Thread(target=lambda: reports.append(svc.index(LATER)), name="test-watcher")
    writer.start()
    try:
        assert inside.wait(WAIT), "the watcher never reached its write transaction"
        found: list[Any] = []
        searcher = threading.Thread(target=lambda: found.append(svc.search("u1", "nova", "Blume im Garten Wasser",
                                                                           k=10, now=LATER)))
        searcher.start()
        searcher.join(WAIT)
        assert not searcher.is_alive(), "the search waited for the watcher's open transaction"
        assert writer.is_alive() and not release.is_set()  # the batch was still open while the search ran
        assert found and _paths(found[0]) and all(name.startswith("rose") for name in _paths(found[0]))
        assert svc.search("u2", "nova", "Blume im Garten Wasser", now=LATER) == []  # the other person: nothing
    finally:
        release.set()
        writer.join(WAIT)
    assert reports and reports[0]["neu"] == 3
    assert any(name.startswith("tulpe") for name in _paths(svc.search("u1", "nova", "Tulpe im Garten", k=10,
                                                                        now=LATER)))


def test_a_large_run_refreshes_statistics_and_pending_lists_after_its_first_batch(
        db: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of three batches is held before its second batch: the planner already counts the postings the first
    batch committed, has their column statistics, and the sections' GIN index has nothing pending; at the run's
    end the same holds for all of them."""
    monkeypatch.setattr(watcher_module, "_BATCH", 4)
    monkeypatch.setattr(watcher_module, "_REFRESH_FIRST", 4)
    root = home / "garten"
    _files(root, 0, 12, "rose")
    svc = service(db, home)
    svc.grant("u1", "nova", str(root), now=NOW)

    between, release = threading.Event(), threading.Event()
    upsert = IndexRepository.upsert_many
    calls: list[int] = []

    def counted(self: IndexRepository, batch: Any) -> None:
        calls.append(len(batch))
        if len(calls) == 2:  # the first batch is committed (and refreshed); the second not begun
            between.set()
            assert release.wait(WAIT), "the test never let the watcher go on"
        upsert(self, batch)

    monkeypatch.setattr(IndexRepository, "upsert_many", counted)
    writer = threading.Thread(target=lambda: svc.index(NOW), name="test-watcher")
    writer.start()
    try:
        assert between.wait(WAIT), "the watcher never reached its second batch"
        with db.transaction() as conn:
            known = conn.execute(_TERMS_KNOWN).fetchone()
            pending = conn.execute(_PENDING).fetchone()["seiten"]
        assert known["gezaehlt"] > 0 and known["geschaetzt"] == known["gezaehlt"] and known["statistiken"] == 1
        assert pending == 0
    finally:
        release.set()
        writer.join(WAIT)
    assert calls == [4, 4, 4]
    with db.transaction() as conn:
        known = conn.execute(_TERMS_KNOWN).fetchone()
        pending = conn.execute(_PENDING).fetchone()["seiten"]
    assert known["geschaetzt"] == known["gezaehlt"] and pending == 0


def test_a_small_run_after_a_large_one_leaves_the_refresh_to_autovacuum(
        db: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One watcher runs twice: the large first run refreshes; the second, which changes two files, does not — the
    count of written rows is the run's own, not the watcher's since it was made."""
    monkeypatch.setattr(watcher_module, "_BATCH", 4)
    monkeypatch.setattr(watcher_module, "_REFRESH_FIRST", 4)
    root = home / "garten"
    _files(root, 0, 12, "rose")
    svc = service(db, home)
    svc.grant("u1", "nova", str(root), now=NOW)
    refreshes: list[int] = []
    monkeypatch.setattr(IndexRepository, "refresh", lambda self: refreshes.append(1))
    watcher = IndexWatcher(svc._db, svc.embedder, svc.describer, svc.log, svc.config)
    assert watcher.run(NOW)["neu"] == 12
    assert refreshes
    refreshes.clear()
    _files(root, 20, 2, "tulpe")
    assert watcher.run(LATER)["neu"] == 2
    assert refreshes == []
