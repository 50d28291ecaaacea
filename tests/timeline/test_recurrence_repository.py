"""Series in the repository: every read sees the occurrences, only inside the window asked for,
in the person's zone; the tribunal's inventory check is covered by a series (tribunal.md „Der Bestandsabgleich“)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from novaberg.timeline.recurrence import RuleError
from novaberg.timeline.repository import NewRow
from novaberg.tribunal.claims import find_storage_claims
from novaberg.tribunal.const import INVENTORY_FOUND, INVENTORY_NOT_FOUND
from novaberg.tribunal.inventory import check_inventory
from tests.support import BERLIN, berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # Monday


MONDAY_18 = berlin(2026, 11, 30, 18)


def _series(repo, rule="FREQ=WEEKLY;BYDAY=MO", start=MONDAY_18, title="Volleyball", user=USER):
    row = NewRow.for_type("termin", title=title, event_time=start, precision="minute", rrule=rule)
    return repo.insert(user, FIGURE, row, NOW, BERLIN)


def test_a_series_needs_the_zone_and_a_possible_rule(repo):
    row = NewRow.for_type("termin", title="X", event_time=NOW, precision="minute", rrule="FREQ=WEEKLY;BYDAY=MO")
    with pytest.raises(ValueError, match="zone"):
        repo.insert(USER, FIGURE, row, NOW)
    impossible = NewRow.for_type("termin", title="X", event_time=NOW, precision="day",
                                 rrule="FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31")
    with pytest.raises(RuleError):
        repo.insert(USER, FIGURE, impossible, NOW, BERLIN)
    assert repo.list(USER, FIGURE, active_only=False) == []


def test_an_endless_daily_series_is_expanded_only_inside_the_window(repo):
    _series(repo, rule="FREQ=DAILY", title="Tabletten")
    rows = repo.find_by_date_range(USER, FIGURE, berlin(2030, 1, 7, 0), berlin(2030, 1, 13, 23, 59), BERLIN)
    assert [r["event_time"].astimezone(BERLIN).day for r in rows] == [7, 8, 9, 10, 11, 12, 13]
    assert {r["event_time"].astimezone(BERLIN).hour for r in rows} == {18}


def test_next_keyword_and_moment_reads_see_the_series(repo):
    series_id = _series(repo)
    assert [r["event_time"] for r in repo.find_next(USER, FIGURE, berlin(2026, 11, 30, 19), BERLIN, limit=2)] == [
        berlin(2026, 12, 7, 18), berlin(2026, 12, 14, 18)]
    forward = repo.find_by_keyword(USER, FIGURE, "Volley", limit=5, direction="forward", now=berlin(2026, 12, 2, 9),
                                   zone=BERLIN)
    backward = repo.find_by_keyword(USER, FIGURE, "Volley", limit=5, direction="backward", now=berlin(2026, 12, 2, 9),
                                    zone=BERLIN)
    assert [(r["id"], r["event_time"]) for r in forward] == [(series_id, berlin(2026, 12, 7, 18))]
    assert [(r["id"], r["event_time"]) for r in backward] == [(series_id, berlin(2026, 11, 30, 18))]
    assert [r["id"] for r in repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 7, 18), BERLIN)] == [series_id]
    assert repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 7, 19), BERLIN) == []
    assert repo.find_at_moment("ben", FIGURE, berlin(2026, 12, 7, 18), BERLIN) == []  # another person


def test_inventory_a_claim_about_next_mondays_volleyball_is_covered_by_the_series(repo):
    """tribunal.md „Der Bestandsabgleich“ with a series: the claim names the appointment at that minute."""
    series_id = _series(repo)

    def lookup(moment):
        return repo.find_at_moment(USER, FIGURE, moment, BERLIN)

    claims = find_storage_claims("Volleyball am Montag um 18 Uhr ist eingetragen.")
    monday = berlin(2026, 12, 7, 18)
    assert check_inventory(claims, [monday], lookup, NOW.date(), BERLIN).outcome == INVENTORY_FOUND
    assert repo.cancel_occurrence(USER, FIGURE, series_id, monday, now=NOW, zone=BERLIN)
    assert check_inventory(claims, [monday], lookup, NOW.date(), BERLIN).outcome == INVENTORY_NOT_FOUND


def test_cancel_and_move_belong_to_the_pair_and_to_a_real_occurrence(repo):
    series_id = _series(repo)
    monday = berlin(2026, 12, 7, 18)
    assert not repo.cancel_occurrence("ben", FIGURE, series_id, monday, now=NOW, zone=BERLIN)
    assert not repo.cancel_occurrence(USER, FIGURE, series_id, monday + timedelta(hours=1), now=NOW, zone=BERLIN)
    with pytest.raises(LookupError):
        repo.move_occurrence("ben", FIGURE, series_id, monday, new_time=monday + timedelta(days=1),
                             precision="minute", now=NOW, zone=BERLIN)
    assert repo.find_by_id(USER, FIGURE, series_id)["exdates"] == []
    moved = repo.move_occurrence(USER, FIGURE, series_id, monday, new_time=monday + timedelta(days=1),
                                 precision="minute", now=NOW, zone=BERLIN)
    row = repo.find_by_id(USER, FIGURE, moved)
    assert (row["serie_id"], row["serie_original"]) == (series_id, datetime(2026, 12, 7, 17, tzinfo=UTC))
    week = repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 7, 0), berlin(2026, 12, 13, 23, 59), BERLIN)
    assert [(r["id"], r["event_time"]) for r in week] == [(moved, berlin(2026, 12, 8, 18))]
