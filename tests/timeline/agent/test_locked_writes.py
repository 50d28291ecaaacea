"""issue 10 §3 for the timeline: create, move and delete under the pair's lock in one transaction with the check
that allows them and their read-back (timeline.md §4.4, §5, §7.4)."""

from __future__ import annotations

import threading

from novaberg.timeline.agent import const, search
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin
from tests.timeline.agent.conftest import steps_of
from tests.timeline.conftest import FIGURE, USER


def test_issue10_s3_the_duplicate_check_runs_again_under_the_lock(agent, repo, monkeypatch):
    """A duplicate the search did not see yet (written by a parallel turn in between) is found under the lock:
    no second row, and the answer says it is already there — never "Eingetragen"."""
    assert agent.run("Trag mir morgen um 10 den Zahnarzt ein").status == "abgeschlossen"
    monkeypatch.setattr(search, "find_duplicates", lambda *args, **kwargs: [])  # the search's view of the race
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    rows = repo.list(USER, FIGURE, active_only=False)
    assert len(rows) == 1
    assert result.status == "abgeschlossen"
    assert result.answer.startswith("„Zahnarzt“ ist bereits eingetragen (Dienstag, 01.12.2026, 10:00 Uhr).")
    assert steps_of(result, const.NODE_EXECUTE) == [
        {"schritt": "ausfuehren", "ausgang": "duplikat", "termin_id": rows[0]["id"]}]
    assert "timeline_id" not in result.data


def test_issue10_s3_a_create_whose_read_back_disagrees_leaves_no_row(agent, repo, monkeypatch):
    """Success only after the read-back; a disagreeing one is `fehler` and the insert is rolled back."""
    monkeypatch.setattr(TimelineRepository, "find_by_id", lambda self, *args: None)
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    monkeypatch.undo()
    assert result.status == "fehler" and "nichts eingetragen" in result.answer
    assert repo.list(USER, FIGURE, active_only=False) == []


def test_issue10_s3_a_move_whose_read_back_disagrees_is_rolled_back(agent, repo, add, monkeypatch):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    real = TimelineRepository.find_by_id

    def wrong_successor(self, user_id, character_id, wanted):
        row = real(self, user_id, character_id, wanted)
        return {**row, "nachfolger_id": None} if row and wanted == row_id else row

    monkeypatch.setattr(TimelineRepository, "find_by_id", wrong_successor)
    result = agent.run("Verschieb den Zahnarzt auf 16 Uhr")
    monkeypatch.undo()
    assert result.status == "fehler"
    rows = repo.list(USER, FIGURE, active_only=False)
    assert [(r["id"], r["aktiv"], r["event_time"]) for r in rows] == [(row_id, True, berlin(2026, 12, 1, 10))]


def test_issue10_s3_a_delete_whose_read_back_disagrees_is_rolled_back(agent, repo, add, monkeypatch):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    real = TimelineRepository.find_by_id
    monkeypatch.setattr(TimelineRepository, "find_by_id",
                        lambda self, *args: {**real(self, *args), "aktiv": True})
    result = agent.run("Lösch den Zahnarzt")
    monkeypatch.undo()
    assert result.status == "fehler"
    assert repo.find_by_id(USER, FIGURE, row_id)["aktiv"] is True


def test_issue10_s3_the_pair_lock_serialises_and_other_pairs_pass(db, repo):
    """The lock is the pair's: a second section of the same pair waits for the first, another pair does not."""
    entered = threading.Event()
    release = threading.Event()
    order: list[str] = []

    def first() -> None:
        with repo.pair_locked(USER, FIGURE):
            entered.set()
            release.wait(5)
            order.append("first")

    def second() -> None:
        with repo.pair_locked(USER, FIGURE):
            order.append("second")

    holder = threading.Thread(target=first)
    holder.start()
    assert entered.wait(5)
    waiter = threading.Thread(target=second)
    waiter.start()
    with repo.pair_locked(USER, "andere-figur"):  # another pair is not held up
        order.append("other pair")
    release.set()
    holder.join(5)
    waiter.join(5)
    assert order == ["other pair", "first", "second"]


def test_issue10_s3_a_create_that_fails_midway_is_fehler_and_leaves_no_row(agent, repo, monkeypatch):
    """The database fails after the INSERT (at the read-back): `fehler`, nothing entered, the insert rolled back."""
    from novaberg.core.errors import DatabaseError

    def broken(self, *args):
        raise DatabaseError("timeline: die Verbindung riss ab")

    monkeypatch.setattr(TimelineRepository, "find_by_id", broken)
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    monkeypatch.undo()
    assert result.status == "fehler" and "nichts eingetragen" in result.answer
    assert repo.list(USER, FIGURE, active_only=False) == []
