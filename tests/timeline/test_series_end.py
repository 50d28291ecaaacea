"""`serie_ende` (the read target; schema timeline/006): the start of a series' last occurrence, written by
every writer of `rrule`, so that a window read leaves out in SQL every series that ended before the window."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from importlib import resources
from zoneinfo import ZoneInfo

import pytest
from dateutil.rrule import rrulestr

from novaberg.timeline import recurrence
from novaberg.timeline import repository as repository_module
from novaberg.timeline.ics.importer import import_calendar
from novaberg.timeline.repository import NewRow
from tests.support import BERLIN, berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 10, 5, 9, 30)  # Monday, before the October change of 2026 (25.10.)


def _series(repo, rule, start, title="Volleyball", user=USER):
    row = NewRow.for_type("termin", title=title, event_time=start, precision="minute", rrule=rule)
    return repo.insert(user, FIGURE, row, NOW, BERLIN)


def _end(repo, row_id, user=USER):
    return repo.find_by_id(user, FIGURE, row_id)["serie_ende"]


def _expanded_ids(monkeypatch):
    """The ids of the series rows that reach the expansion in Python (what the SQL let through)."""
    seen: list[int] = []
    original = recurrence.expand

    def spy(rows, start, end, zone):
        rows = list(rows)
        seen.extend(row["id"] for row in rows if row.get("rrule"))
        return original(rows, start, end, zone)

    monkeypatch.setattr(repository_module.recurrence, "expand", spy)
    return seen


def test_count_and_until_give_the_last_start_across_the_dst_change(repo):
    """Weekly Monday 18:00 from 12.10.2026, four times: the last is 02.11. at 18:00 CET (17:00 UTC, not 16:00);
    until 30.03.2027: the last is 29.03. at 18:00 CEST (16:00 UTC), the day after the March change."""
    counted = _series(repo, "FREQ=WEEKLY;BYDAY=MO;COUNT=4", berlin(2026, 10, 12, 18))
    assert _end(repo, counted) == datetime(2026, 11, 2, 17, 0, tzinfo=UTC)
    until = _series(repo, "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270330T000000Z", berlin(2027, 3, 1, 18), title="Chor")
    assert _end(repo, until) == datetime(2027, 3, 29, 16, 0, tzinfo=UTC)
    endless = _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 10, 12, 18), title="Skat")
    assert _end(repo, endless) is None
    one_off = repo.insert(USER, FIGURE, NewRow.for_type("termin", title="Zahnarzt", event_time=NOW,
                                                        precision="minute"), NOW)
    assert _end(repo, one_off) is None


def test_a_series_that_ended_before_the_window_is_not_read(repo, monkeypatch):
    """The ended series never leaves the database; the open one and the one ending inside the window are read
    and expanded — and a person's series never reach another's read."""
    ended = _series(repo, "FREQ=WEEKLY;BYDAY=MO;COUNT=3", berlin(2026, 1, 5, 18), title="Kurs alt")
    ending = _series(repo, "FREQ=WEEKLY;BYDAY=TU;COUNT=3", berlin(2026, 11, 24, 19), title="Kurs neu")
    open_ended = _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 1, 5, 18))
    _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 1, 5, 18), title="Bens Chor", user="ben")
    seen = _expanded_ids(monkeypatch)
    rows = repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 7, 0), berlin(2026, 12, 13, 23, 59), BERLIN)
    assert sorted(seen) == sorted([ending, open_ended])
    assert [(r["title"], r["event_time"]) for r in rows] == [
        ("Volleyball", berlin(2026, 12, 7, 18)), ("Kurs neu", berlin(2026, 12, 8, 19))]
    seen.clear()
    later = repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 14, 0), berlin(2026, 12, 20, 23, 59), BERLIN)
    assert [r["title"] for r in later] == ["Volleyball"]
    assert ending not in seen and ended not in seen


def test_the_last_occurrence_itself_is_still_read(repo):
    """A window that starts at the last occurrence shows it (`serie_ende` is inclusive)."""
    _series(repo, "FREQ=WEEKLY;BYDAY=TU;COUNT=3", berlin(2026, 11, 24, 19), title="Kurs")
    last = berlin(2026, 12, 8, 19)
    rows = repo.find_by_date_range(USER, FIGURE, last, last + timedelta(hours=1), BERLIN)
    assert [(r["title"], r["event_time"]) for r in rows] == [("Kurs", last)]


def test_next_and_moment_reads_leave_out_an_ended_series(repo, monkeypatch):
    _series(repo, "FREQ=WEEKLY;BYDAY=MO;COUNT=2", berlin(2026, 1, 5, 18), title="Kurs alt")
    open_ended = _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 1, 5, 18))
    assert [r["id"] for r in repo.find_next(USER, FIGURE, NOW, BERLIN, limit=3)] == [open_ended] * 3
    assert [r["id"] for r in repo.find_at_moment(USER, FIGURE, berlin(2026, 10, 5, 18), BERLIN)] == [open_ended]


def test_a_changed_rule_and_a_moved_count_rule_update_serie_ende(repo):
    """The whole-series change writes the successor's end: a new COUNT counts from the new start, an open rule
    has none, and a COUNT rule moved to a later start ends later."""
    first = _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 10, 12, 18))
    counted = repo.verschieben(USER, FIGURE, first, new_time=berlin(2026, 10, 13, 18), precision="minute", now=NOW,
                               rrule="FREQ=WEEKLY;BYDAY=TU;COUNT=3", zone=BERLIN)
    assert _end(repo, counted) == berlin(2026, 10, 27, 18)  # after the change to CET
    moved = repo.verschieben(USER, FIGURE, counted, new_time=berlin(2026, 11, 3, 18), precision="minute", now=NOW,
                             zone=BERLIN)
    assert _end(repo, moved) == berlin(2026, 11, 17, 18)
    opened = repo.verschieben(USER, FIGURE, moved, new_time=berlin(2026, 11, 3, 18), precision="minute", now=NOW,
                              rrule="FREQ=WEEKLY;BYDAY=TU", zone=BERLIN)
    assert _end(repo, opened) is None
    one_off = repo.verschieben(USER, FIGURE, opened, new_time=berlin(2026, 11, 4, 18), precision="minute", now=NOW,
                               rrule=None, zone=BERLIN)
    assert _end(repo, one_off) is None


def test_the_calendar_import_writes_serie_ende(db):
    data = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Example//Phone//EN\r
BEGIN:VEVENT\r
UID:kurs@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;TZID=Europe/Berlin:20260316T180000\r
RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\r
SUMMARY:Kurs\r
END:VEVENT\r
END:VCALENDAR\r
"""
    import_calendar(db, "anna", "nova", data, "kurs.ics", BERLIN, NOW)
    with db.transaction() as conn:
        row = conn.execute("SELECT serie_ende FROM timeline WHERE user_id = 'anna' AND title = 'Kurs'").fetchone()
    assert row["serie_ende"] == berlin(2026, 3, 30, 18)


def test_the_migration_fills_serie_ende_of_older_until_rows(repo, db):
    """Rows written before timeline/006 get UNTIL as their end; a COUNT rule stays NULL (read as without end)."""
    until = _series(repo, "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261201T000000Z", berlin(2026, 10, 12, 18))
    counted = _series(repo, "FREQ=WEEKLY;BYDAY=MO;COUNT=3", berlin(2026, 10, 12, 18), title="Kurs")
    with db.transaction() as conn:
        conn.execute("UPDATE timeline SET serie_ende = NULL")
    sql = (resources.files("novaberg.store") / "schema" / "timeline" / "006_serie_ende.sql").read_text()
    backfill = sql[sql.index("UPDATE timeline"):]
    with db.transaction() as conn:
        conn.execute("SET LOCAL TimeZone = 'America/New_York'")  # the result must not depend on the session zone
        conn.execute(backfill)
    assert _end(repo, until) == datetime(2026, 12, 1, 0, 0, tzinfo=UTC)
    assert _end(repo, counted) is None
    assert _end(repo, until) >= recurrence.series_end(repo.find_by_id(USER, FIGURE, until), BERLIN)


def test_a_series_read_in_another_zone_is_not_cut_by_the_margin(repo):
    """`serie_ende` is computed in the writer's zone. Written in New York (13:00 EDT from 20.10.2026, twice: the last
    on 27.10. at 17:00 UTC, New York changes on 01.11.) and read in Berlin (changed on 25.10.), the last occurrence
    is 27.10. at 19:00 CET = 18:00 UTC — an hour after the stored end, and still read."""
    new_york = ZoneInfo("America/New_York")
    row = NewRow.for_type("termin", title="Kurs", event_time=datetime(2026, 10, 20, 13, 0, tzinfo=new_york),
                          precision="minute", rrule="FREQ=WEEKLY;BYDAY=TU;COUNT=2")
    row_id = repo.insert(USER, FIGURE, row, NOW, new_york)
    assert _end(repo, row_id) == datetime(2026, 10, 27, 17, 0, tzinfo=UTC)
    last = berlin(2026, 10, 27, 19)
    rows = repo.find_by_date_range(USER, FIGURE, last - timedelta(minutes=15), last + timedelta(minutes=15), BERLIN)
    assert [(r["title"], r["event_time"]) for r in rows] == [("Kurs", last)]


def test_the_next_appointments_agree_with_walking_each_series(repo):
    """`find_next` takes the coming weeks from the expansion and walks on only a series with fewer there: the
    result is the one of walking every series (a monthly rule, an ending daily one, a cancelled Monday)."""
    weekly = _series(repo, "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 9, 7, 18))
    _series(repo, "FREQ=MONTHLY;BYDAY=1SU", berlin(2026, 9, 6, 10), title="Brunch")
    _series(repo, "FREQ=DAILY;COUNT=3", berlin(2026, 10, 4, 8), title="Tabletten")
    repo.cancel_occurrence(USER, FIGURE, weekly, berlin(2026, 10, 12, 18), now=NOW, zone=BERLIN)
    series = [r for r in repo.list(USER, FIGURE) if r["rrule"]]
    for limit in (1, 2, 3, 5):
        walked = sorted((o for row in series for o in recurrence.next_occurrences(row, NOW, BERLIN, limit)),
                        key=lambda o: (o["event_time"], o["id"]))[:limit]
        got = repo.find_next(USER, FIGURE, NOW, BERLIN, limit=limit)
        assert [(r["title"], r["event_time"]) for r in got] == [(r["title"], r["event_time"]) for r in walked], limit
    assert [(r["title"], r["event_time"]) for r in repo.find_next(USER, FIGURE, NOW, BERLIN, limit=5)] == [
        ("Volleyball", berlin(2026, 10, 5, 18)), ("Tabletten", berlin(2026, 10, 6, 8)),
        ("Volleyball", berlin(2026, 10, 19, 18)), ("Volleyball", berlin(2026, 10, 26, 18)),
        ("Brunch", berlin(2026, 11, 1, 10))]
    # a birthday months ahead is no occurrence of the coming week: it is walked to
    birthday = NewRow.for_type("geburtstag", title="Geburtstag Lena", event_time=berlin(2020, 12, 24, 0),
                               precision="day", rrule="FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24")
    repo.insert("ben", FIGURE, birthday, NOW, BERLIN)
    assert [(r["title"], r["event_time"]) for r in repo.find_next("ben", FIGURE, NOW, BERLIN, limit=1)] == [
        ("Geburtstag Lena", berlin(2026, 12, 24, 0))]


RULES = ["FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "FREQ=MONTHLY",
         "FREQ=MONTHLY;BYDAY=1SU", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=5", "FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3",
         "FREQ=DAILY;UNTIL=20270401T000000Z", "FREQ=DAILY;INTERVAL=3;COUNT=40", "FREQ=MONTHLY;BYMONTHDAY=31"]
STARTS = [berlin(2026, 3, 27, 18), berlin(2026, 10, 23, 7, 45), berlin(2024, 2, 29, 0), berlin(2026, 1, 31, 23, 30)]


@pytest.mark.parametrize("rule", RULES)
def test_a_rule_parsed_once_equals_one_parsed_with_its_start(rule):
    """The expansion parses a rule's text once and anchors it at each series' start (`rrule.replace`): the
    occurrences of two years are those of the text parsed with that start — defaults such as weekday, day of
    month and clock time come from the real start, across both DST changes."""
    recurrence.clear_caches()
    for start in STARTS:
        direct = rrulestr(rule, dtstart=start)
        first, last = start, start + timedelta(days=730)
        row = {"id": 1, "rrule": rule, "event_time": start.astimezone(UTC), "exdates": []}
        expected = [moment.astimezone(UTC) for moment in direct.between(first, last, inc=True)]
        assert recurrence.occurrences(row, first, last, BERLIN) == expected, (rule, start)
