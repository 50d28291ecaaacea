"""A new appointment without a time is a question, not a failure (timeline.md §2.2 „ein Fehler mit Rückfrage“,
§4.4, §5.1's open point „Trag den Zahnarzt ein“): „Wann soll X sein?“ — nothing is written until the
answer names a day or a clock time; the answer goes through the same duplicate check and half-of-day question
as any create."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from novaberg.timeline.agent import const
from tests.support import berlin
from tests.timeline.agent.conftest import steps_of
from tests.timeline.conftest import FIGURE, USER


def test_create_without_time_asks_when_and_writes_nothing(agent, repo):
    result = agent.run("Trag den Zahnarzt ein")
    assert result.status == "rueckfrage" and "Wann soll „Zahnarzt“ sein?" in result.answer
    assert result.pending["kind"] == const.PENDING_TIME and result.pending["reason"] == "zeit_fehlt"
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_the_answer_with_day_and_clock_writes_once(agent, repo):
    agent.run("Trag mir bitte den Zahnarzt ein")
    result = agent.answer("Am Freitag um 10")
    assert result.status == "abgeschlossen", result.answer
    assert [(r["title"], r["event_time"], r["precision"]) for r in repo.list(USER, FIGURE)] == [
        ("Zahnarzt", berlin(2026, 12, 4, 10), "minute")]
    assert steps_of(result, const.NODE_RESUME)[0]["ausgang"] == "zeit_genannt"


def test_a_day_alone_is_an_answer(agent, repo):
    agent.run("Trag die Physio ein")
    assert agent.answer("nächsten Montag").status == "abgeschlossen"
    assert [(r["title"], r["precision"]) for r in repo.list(USER, FIGURE)] == [("Physio", "day")]


def test_a_small_hour_in_the_answer_asks_the_half_of_day(agent, repo):
    """No appointment in the small hours by accident holds for the answer too: „Donnerstag um 3“ asks nachts or nachmittags."""
    agent.run("Trag die Physio ein")
    half = agent.answer("Donnerstag um 3")
    assert half.status == "rueckfrage" and "15:00" in half.answer and repo.count(USER, FIGURE) == 0
    assert agent.answer("nachmittags").status == "abgeschlossen"
    assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 3, 15)


def test_an_answer_without_a_time_asks_again_and_writes_nothing(agent, repo):
    agent.run("Trag den Zahnarzt ein")
    again = agent.answer("hm, da muss ich erst nachschauen")
    assert again.status == "rueckfrage" and "Zahnarzt" in again.answer
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_a_refusal_ends_the_question(agent, repo):
    agent.run("Trag den Zahnarzt ein")
    assert agent.answer("Nein, lass mal").status == "dismissed"
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_the_answer_finds_a_duplicate_and_writes_nothing(agent, repo):
    """§4.4: the completed order is a create like any other — a duplicate is reported, not written twice."""
    agent.run("Trag mir am Freitag um 10 den Zahnarzt ein")
    agent.run("Trag den Zahnarzt ein")
    result = agent.answer("Freitag um 10")
    assert result.status == "abgeschlossen" and "bereits eingetragen" in result.answer
    assert repo.count(USER, FIGURE, active_only=False) == 1


def test_unreadable_time_asks_with_the_expression(scripted, repo):
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "irgendwann demnächst"})
    result = runner.run("Trag mir den Zahnarzt irgendwann demnächst ein")
    assert result.status == "rueckfrage" and "irgendwann demnächst" in result.answer
    assert runner.answer("am Dienstag um 11").status == "abgeschlossen"
    assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 11)  # NOW is Monday 30.11.


def test_parallel_identical_answers_write_once(agent, repo):
    """Two identical answers to the same question at once (a double send): one row, never two."""
    question = agent.run("Trag den Zahnarzt ein")
    pending = question.pending

    def answer(_: int):
        return agent.run("Am Freitag um 10", action="resume", pending=pending)

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(answer, range(6)))
    assert all(r.status == "abgeschlossen" for r in results), [r.answer for r in results]
    assert repo.count(USER, FIGURE, active_only=False) == 1
