"""„Lösch Volleyball“ names a series but not which of it — the question waits (`pending_agent:{user}`)
and its short answer is resumed: „ganz“, „die ganze Serie“, „nur nächsten Montag“. timeline.md §10 (Resume-TTL):
„eine Antwort zählt nur im ersten Menschenturn nach der Frage“ — an unrelated next sentence never answers it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from novaberg.agents.pending import load_pending
from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday; Volleyball is today at 18:00 and next Monday, 07.12.
VOLLEYBALL = "Trag bitte jeden Montag um 18 Uhr Volleyball ein"
OTHER = "ben"


def _turn(nova, text, user=USER):
    return nova.turn(user, FIGURE, text, NOW)


def _series(nova, user=USER):
    assert _turn(nova, VOLLEYBALL, user).services[-1]["status"] == "abgeschlossen"
    return nova.timeline.list(user, FIGURE)[0]["id"]


def _rows(nova, user=USER):
    return {r["id"]: r for r in nova.timeline.list(user, FIGURE, active_only=False)}


def _asked(nova, text="Lösch Volleyball", user=USER):
    result = _turn(nova, text, user)
    assert result.services[-1]["status"] == "rueckfrage", result.answer
    return result


@pytest.mark.parametrize("answer", ["ganz", "die ganze Serie", "Ja, die ganze Serie bitte", "alle"])
def test_the_answer_whole_deletes_the_series(nova, answer):
    series = _series(nova)
    question = _asked(nova)
    assert "Soll nur ein Termin ausfallen oder die ganze Serie weg?" in question.answer
    assert "„nur nächsten Montag“ oder „die ganze Serie“" in question.answer
    assert load_pending(nova.stack.redis, USER, FIGURE, NOW)["state"]["kind"] == "serie"
    result = _turn(nova, answer)
    assert result.answer == "Gelöscht: die ganze Serie „Volleyball“ (jeden Montag um 18:00 Uhr)."
    assert result.services[-1]["status"] == "abgeschlossen"
    assert not _rows(nova)[series]["aktiv"] and nova.timeline.list(USER, FIGURE) == []
    assert load_pending(nova.stack.redis, USER, FIGURE, NOW) is None


@pytest.mark.parametrize(("answer", "day"), [("nur nächsten Montag", 7), ("Nur den am 7.12.", 7),
                                             ("nur den nächsten", 30)])
def test_the_answer_naming_one_occurrence_cancels_only_that_one(nova, answer, day):
    series = _series(nova)
    _asked(nova)
    result = _turn(nova, answer)
    assert result.answer == (f"Abgesagt: „Volleyball“ am Montag, {day:02d}.{'12' if day == 7 else '11'}.2026, "
                             "18:00 Uhr. Die Serie bleibt (jeden Montag um 18:00 Uhr).")
    row = _rows(nova)[series]
    moment = datetime(2026, 12, 7, 17, tzinfo=UTC) if day == 7 else datetime(2026, 11, 30, 17, tzinfo=UTC)
    assert row["aktiv"] and row["exdates"] == [moment]


def test_an_unrelated_sentence_never_answers_and_ends_the_question(nova):
    """„Ich hab heute Kuchen gebacken“ names today — a Volleyball day — and must not cancel it; the question is
    over after it, so a later „ganz“ deletes nothing either."""
    series = _series(nova)
    before = _rows(nova)
    _asked(nova)
    unrelated = _turn(nova, "Ich hab heute Kuchen gebacken")
    assert "Abgesagt" not in unrelated.answer and "Gelöscht" not in unrelated.answer
    assert _rows(nova) == before
    assert load_pending(nova.stack.redis, USER, FIGURE, NOW) is None
    late = _turn(nova, "ganz")
    assert "Gelöscht" not in late.answer
    assert _rows(nova)[series]["aktiv"] and _rows(nova)[series]["exdates"] == []


def test_an_answer_without_a_choice_asks_again_then_the_choice_counts(nova):
    series = _series(nova)
    _asked(nova)
    again = _turn(nova, "nur einen")
    assert again.services[-1]["status"] == "rueckfrage"
    assert "Soll nur ein Termin ausfallen oder die ganze Serie weg?" in again.answer
    _turn(nova, "nur nächsten Montag")
    assert _rows(nova)[series]["exdates"] == [datetime(2026, 12, 7, 17, tzinfo=UTC)]


def test_a_refusal_ends_the_question_and_writes_nothing(nova):
    _series(nova)
    before = _rows(nova)
    _asked(nova)
    result = _turn(nova, "Nein, lass mal")
    assert result.services[-1]["status"] == "dismissed"
    assert _rows(nova) == before and load_pending(nova.stack.redis, USER, FIGURE, NOW) is None


def test_two_persons_each_answer_only_their_own_question(nova):
    """Anna is asked; Ben's „ganz“ answers nothing of hers and deletes nothing of his; Anna's „ganz“ deletes only
    her series."""
    anna, ben = _series(nova), _series(nova, OTHER)
    _asked(nova)
    assert load_pending(nova.stack.redis, OTHER, FIGURE, NOW) is None
    _turn(nova, "ganz", OTHER)
    assert _rows(nova)[anna]["aktiv"] and _rows(nova, OTHER)[ben]["aktiv"]
    _turn(nova, "ganz")
    assert not _rows(nova)[anna]["aktiv"]
    assert _rows(nova, OTHER)[ben]["aktiv"] and _rows(nova, OTHER)[ben]["exdates"] == []


def test_a_reschedule_question_is_answered_with_the_occurrence_and_keeps_the_new_time(nova):
    """„Verschieb Volleyball auf Dienstag“ → which? → „nur nächsten Montag“: the 07.12. moves to Tuesday 08.12.,
    18:00; „die ganze Serie“ asks for the new rule in a sentence and writes nothing."""
    series = _series(nova)
    question = _asked(nova, "Verschieb Volleyball auf Dienstag")
    assert "Soll sich nur ein Termin ändern oder die ganze Serie?" in question.answer
    result = _turn(nova, "nur nächsten Montag")
    assert result.answer.startswith("Verschoben: „Volleyball“ von Montag, 07.12.2026, 18:00 Uhr auf Dienstag, "
                                    "08.12.2026, 18:00 Uhr")
    moved = [r for r in _rows(nova).values() if r["serie_id"] == series]
    assert [(r["event_time"], r["aktiv"]) for r in moved] == [(berlin(2026, 12, 8, 18), True)]
    before = _rows(nova)
    _asked(nova, "Verschieb Volleyball auf Mittwoch")
    whole = _turn(nova, "die ganze Serie")
    assert whole.services[-1]["status"] == "rueckfrage" and "ab jetzt immer" in whole.answer
    assert _rows(nova) == before


@pytest.mark.parametrize("answer", ["ganz", "nur nächsten Montag"])
def test_parallel_answers_to_the_series_question_write_once(nova, answer):
    """Every write path under parallel turns on one person: the answer sent four times at once — the waiting
    question is taken once, so the series goes (or one occurrence is cancelled) exactly once, nothing else."""
    from concurrent.futures import ThreadPoolExecutor

    series = _series(nova)
    _asked(nova)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: _turn(nova, answer), range(4)))
    done = [r for r in results if r.services and r.services[-1]["status"] == "abgeschlossen"]
    assert len(done) == 1, [r.answer for r in results]
    rows = _rows(nova)
    if answer == "ganz":
        assert not rows[series]["aktiv"] and nova.timeline.list(USER, FIGURE) == []
    else:
        assert rows[series]["aktiv"] and len(rows[series]["exdates"]) == 1
    assert load_pending(nova.stack.redis, USER, FIGURE, NOW) is None
