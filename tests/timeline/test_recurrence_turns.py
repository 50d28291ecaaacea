"""Series end to end through `Nova.turn` (offline model): a repetition said in German becomes
one series row with an RFC 5545 rule, and every reader sees its occurrences (timeline.md §4.2–§4.4, §8)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest

from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday


def _turn(nova, text, now=NOW, user=USER):
    return nova.turn(user, FIGURE, text, now)


def _series(nova, user=USER):
    return [(r["title"], r["rrule"], r["event_time"], r["precision"], r["recurring"])
            for r in nova.timeline.list(user, FIGURE)]


@pytest.mark.parametrize(("text", "title", "rule", "first", "precision"), [
    ("Trag bitte jeden Montag um 18 Uhr Volleyball ein", "Volleyball", "FREQ=WEEKLY;BYDAY=MO",
     berlin(2026, 11, 30, 18), "minute"),
    ("Trag jeden zweiten Dienstag Chor ein", "Chor", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
     berlin(2026, 12, 1, 0), "day"),
    ("Trag alle zwei Wochen freitags Putzen ein", "Putzen", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR",
     berlin(2026, 12, 4, 0), "day"),
    ("Trag jeden ersten Sonntag im Monat Brunch bei Oma ein", "Brunch bei Oma", "FREQ=MONTHLY;BYDAY=1SU",
     berlin(2026, 12, 6, 0), "day"),
    ("Trag werktags um 7 Laufen ein", "Laufen", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", berlin(2026, 12, 1, 7), "minute"),
    ("Trag jährlich am 3. März Hochzeitstag ein", "Hochzeitstag", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3",
     berlin(2027, 3, 3, 0), "day"),
    ("Trag jeden Montag um 18 Uhr bis Ende Juni Volleyball ein", "Volleyball",
     "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270630T215959Z", berlin(2026, 11, 30, 18), "minute"),
    ("Trag ab nächster Woche jeden Mittwoch um 19 Uhr Yoga ein", "Yoga", "FREQ=WEEKLY;BYDAY=WE",
     berlin(2026, 12, 9, 19), "minute"),
    ("Trag zehnmal jeden Donnerstag um 10 Uhr Physio ein", "Physio", "FREQ=WEEKLY;BYDAY=TH;COUNT=10",
     berlin(2026, 12, 3, 10), "minute"),
])
def test_each_phrasing_becomes_one_series_row(nova, text, title, rule, first, precision):
    result = _turn(nova, text)
    assert result.services[-1]["status"] == "abgeschlossen", result.answer
    assert result.answer.startswith(f"Eingetragen: „{title}“ ")
    assert _series(nova) == [(title, rule, first, precision, True)]


def test_volleyball_answer_says_the_rule_and_the_first_day(nova):
    result = _turn(nova, "Trag bitte jeden Montag um 18 Uhr Volleyball ein")
    assert result.answer == ("Eingetragen: „Volleyball“ jeden Montag um 18:00 Uhr, zum ersten Mal am Montag, "
                             "30.11.2026, 18:00 Uhr.")


def test_section8_a_birthday_is_yearly_by_its_type(nova):
    """§8: `geburtstag` repeats every year — *„Mein Sohn hat am 3. März Geburtstag, trag das bitte ein“*."""
    result = _turn(nova, "Mein Sohn hat am 3. März Geburtstag, trag das bitte ein")
    assert result.services[-1]["status"] == "abgeschlossen", result.answer
    [row] = nova.timeline.list(USER, FIGURE)
    assert (row["event_type"], row["rrule"], row["event_time"]) == (
        "geburtstag", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3", berlin(2027, 3, 3, 0))
    later = _turn(nova, "Was habe ich im März 2028?", now=berlin(2027, 6, 1, 9))
    assert "Freitag, 03.03.2028" in later.answer and "Geburtstag" in later.answer


def test_bad_input_jeden_31_februar_is_refused_in_german_and_writes_nothing(nova):
    result = _turn(nova, "Trag jeden 31. Februar Party ein")
    assert result.services[-1]["status"] == "fehler"
    assert result.answer == ("Die Wiederholung „jeden 31. Februar“ ergibt keinen einzigen Termin — so einen Tag gibt "
                             "es nicht, oder das Ende liegt vor dem Anfang. Es wurde nichts eingetragen und nichts "
                             "geändert.")
    assert nova.timeline.list(USER, FIGURE, active_only=False) == []


def test_week_overview_next_appointment_and_termine_block_see_the_series(nova):
    _turn(nova, "Trag bitte jeden Montag um 18 Uhr Volleyball ein")
    week = _turn(nova, "Was steht nächste Woche an?")
    assert week.answer == ("Deine Termine von Montag, 07.12.2026 bis Sonntag, 13.12.2026:\n"
                           "- Montag, 07.12.2026, 18:00 Uhr: Volleyball (in 7 Tagen)")
    month = _turn(nova, "Was habe ich im Dezember?")
    assert month.answer.count("Volleyball") == 4  # 7., 14., 21., 28.12.
    after = _turn(nova, "Was ist mein nächster Termin?", now=berlin(2026, 11, 30, 19))
    assert "Montag, 07.12.2026, 18:00 Uhr: Volleyball" in after.answer


def test_section4_4_a_series_occurrence_is_a_duplicate(nova):
    _turn(nova, "Trag bitte jeden Montag um 18 Uhr Volleyball ein")
    again = _turn(nova, "Trag mir am 14.12. um 18 Uhr Volleyball ein")
    assert again.answer.startswith("„Volleyball“ ist bereits eingetragen (Montag, 14.12.2026, 18:00 Uhr)")
    assert len(nova.timeline.list(USER, FIGURE, active_only=False)) == 1


@pytest.mark.parametrize(("now", "week_text", "before", "after"), [
    # last Sunday of March 2026 is the 29th: CET (UTC+1) before, CEST (UTC+2) after
    (berlin(2026, 3, 23, 9), "Was steht nächste Woche an?", datetime(2026, 3, 23, 17, tzinfo=UTC),
     datetime(2026, 3, 30, 16, tzinfo=UTC)),
    # last Sunday of October 2026 is the 25th: CEST before, CET after
    (berlin(2026, 10, 19, 9), "Was steht nächste Woche an?", datetime(2026, 10, 19, 16, tzinfo=UTC),
     datetime(2026, 10, 26, 17, tzinfo=UTC)),
])
def test_dst_a_weekly_18_oclock_stays_18_oclock(nova, db, now, week_text, before, after):
    _turn(nova, "Trag bitte jeden Montag um 18 Uhr Volleyball ein", now=now)
    read = _turn(nova, week_text, now=now)
    assert ", 18:00 Uhr: Volleyball" in read.answer
    rows = TimelineRepository(db).find_by_date_range(USER, FIGURE, now, now + timedelta(days=14), now.tzinfo)
    assert [r["event_time"] for r in rows][:2] == [before, after]


def test_two_persons_see_only_their_own_series(nova):
    _turn(nova, "Trag bitte jeden Montag um 18 Uhr Volleyball ein", user="anna")
    other = _turn(nova, "Was steht nächste Woche an?", user="ben")
    assert "Volleyball" not in other.answer
    assert nova.timeline.list("ben", FIGURE) == []
    assert [r["title"] for r in nova.timeline.list("anna", FIGURE)] == ["Volleyball"]


def test_parallel_turns_create_one_series(nova):
    text = "Trag bitte jeden Montag um 18 Uhr Volleyball ein"
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = [r.answer for r in pool.map(lambda _: _turn(nova, text), range(4))]
    assert len(nova.timeline.list(USER, FIGURE, active_only=False)) == 1, answers
    assert sum(a.startswith("Eingetragen:") for a in answers) == 1
