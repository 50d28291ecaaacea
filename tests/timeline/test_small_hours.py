"""End to end through `nova.turn` (offline model): no appointment in the small hours by accident.

The clock is Wednesday 11.11.2026, 09:15 (the tries of a new user); *Donnerstag* is computed from it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.agents.pending import pending_key
from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 11, 9, 15)
THURSDAY = NOW.date() + timedelta(days=(3 - NOW.weekday()) % 7 or 7)


def _at(hour: int, minute: int = 0):
    return berlin(THURSDAY.year, THURSDAY.month, THURSDAY.day, hour, minute)


def _turn(nova, text):
    return nova.turn(USER, FIGURE, text, NOW)


def test_halb_drei_nachmittags_is_written_at_14_30(nova):
    """Done when: *Donnerstag um halb drei nachmittags* → 14:30, without a question."""
    result = _turn(nova, "Trag mir Donnerstag um halb drei nachmittags den Friseur ein")
    assert result.services[0]["status"] == "abgeschlossen"
    assert [r["event_time"] for r in nova.timeline.list(USER, FIGURE)] == [_at(14, 30)]


def test_um_3_asks_the_half_of_day_and_only_the_answer_writes(nova, redis):
    """Done when: *Donnerstag um 3* asks (no row), *nachmittags* writes 15:00."""
    question = _turn(nova, "Trag mir Donnerstag um 3 den Friseur ein")
    assert question.services[0]["status"] == "rueckfrage"
    assert "03:00" in question.answer and "15:00" in question.answer and "nachts" in question.answer
    assert nova.timeline.list(USER, FIGURE, active_only=False) == []
    assert redis.get(pending_key(USER)) is not None

    answered = _turn(nova, "nachmittags")
    assert answered.services[0]["status"] == "abgeschlossen"
    rows = nova.timeline.list(USER, FIGURE)
    assert [(r["title"], r["event_time"], r["precision"]) for r in rows] == [("Friseur", _at(15), "minute")]
    assert answered.services[0]["data"]["timeline_id"] == rows[0]["id"]
    assert redis.get(pending_key(USER)) is None


@pytest.mark.parametrize(("text", "answer", "expected"), [
    ("Trag mir Donnerstag um halb vier den Friseur ein", "nachts", (3, 30)),
    ("Trag mir Donnerstag um 5 Uhr den Friseur ein", "abends", (17, 0)),
    ("Trag mir Donnerstag um 6 den Friseur ein", "15 Uhr", None),  # not one of the two readings: asks again
    ("Trag mir Donnerstag um 6 den Friseur ein", "18 Uhr", (18, 0)),
])
def test_small_hours_answer_picks_one_of_the_two_readings(nova, text, answer, expected):
    """An hour 1–6 without a daypart (*um 5 Uhr*, *halb vier*) asks; the answer picks one of
    the two readings offered, by a daypart word or by naming it; anything else asks again and writes nothing."""
    assert _turn(nova, text).services[0]["status"] == "rueckfrage"
    result = _turn(nova, answer)
    rows = nova.timeline.list(USER, FIGURE)
    if expected is None:
        assert result.services[0]["status"] == "rueckfrage" and rows == []
    else:
        assert [r["event_time"] for r in rows] == [_at(*expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Trag mir Donnerstag um 7 den Friseur ein", (7, 0)),  # 7–12 keep today's reading
    ("Trag mir Donnerstag um 3 Uhr nachts den Friseur ein", None),  # *nachts* at 3: the parser abstains (§5.2)
    ("Trag mir Donnerstag um 3 Uhr morgens den Friseur ein", (3, 0)),  # a daypart decides
    ("Trag mir Donnerstag um 15 Uhr den Friseur ein", (15, 0)),  # 13–23 are unambiguous
    ("Trag mir Donnerstag um Viertel nach zehn den Friseur ein", (10, 15)),
])
def test_hours_outside_1_to_6_or_with_a_daypart_write_without_the_question(nova, text, expected):
    """Hours 7–12 keep today's reading, 0 and 13–23 are unambiguous, a daypart decides."""
    result = _turn(nova, text)
    rows = nova.timeline.list(USER, FIGURE)
    if expected is None:
        assert rows == [] and result.services[0]["status"] != "abgeschlossen"
    else:
        assert result.services[0]["status"] == "abgeschlossen"
        assert [r["event_time"] for r in rows] == [_at(*expected)]


@pytest.mark.parametrize(("said", "small"), [
    ("morgen um 3", [3, 0]),
    ("morgen um halb vier", [3, 30]),
    ("morgen um 3 Uhr nachmittags", None),
    ("morgen um 15 Uhr", None),
    ("morgen um 9", None),
])
def test_the_offer_path_asks_the_same_question(said, small):
    """The offer/consent path carries the time as a date (*am 12.11.2026 um 03:00 Uhr*, end of
    timeline.md *Zustimmung*); an hour 1–6 said without a daypart still asks before the write."""
    from novaberg.timeline.agent.classify import carry_resolved_date
    from novaberg.timeline.agent.search import create_plan

    expression = carry_resolved_date(said, NOW)
    plan = create_plan({"target": "Friseur", "zeitausdruck": expression, "event_type": "termin"}, "ja", NOW)
    assert isinstance(plan, dict)
    assert plan.get("small_hour") == small, expression


def _following(weekday: int, nth: int):
    days = [NOW.date() + timedelta(days=n) for n in range(1, 22) if (NOW.date() + timedelta(days=n)).weekday() == weekday]
    return days[nth - 1]


@pytest.mark.parametrize(("text", "title", "day", "clock"), [
    ("Trag mir in acht Tagen um 9 den Friseur ein", "Friseur", NOW.date() + timedelta(days=8), (9, 0)),
    ("Trag mir morgen um Viertel nach zehn den Friseur ein", "Friseur", NOW.date() + timedelta(days=1), (10, 15)),
    ("Trag mir übernächsten Montag um 10 den Friseur ein", "Friseur", _following(0, 2), (10, 0)),
    ("Trag mir heute in einer Woche um elf den Friseur ein", "Friseur", NOW.date() + timedelta(days=7), (11, 0)),
    ("Trag mir Heiligabend um 18 Uhr die Bescherung ein", "Bescherung", NOW.date().replace(month=12, day=24), (18, 0)),
    ("Trag mir in vierzehn Tagen um zehn nach elf den Friseur ein", "Friseur", NOW.date() + timedelta(days=14),
     (11, 10)),
])
def test_the_everyday_requests_of_a_new_user_are_written(nova, text, title, day, clock):
    """The tries of a new user: *in acht Tagen um 9*, *morgen um Viertel nach zehn*, *übernächsten
    Montag*, *heute in einer Woche*, *Heiligabend* — written as said, no refusal."""
    result = _turn(nova, text)
    assert result.services[0]["status"] == "abgeschlossen", result.answer
    rows = nova.timeline.list(USER, FIGURE)
    assert [(r["title"], r["event_time"]) for r in rows] == [(title, berlin(day.year, day.month, day.day, *clock))]
