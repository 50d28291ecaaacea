"""The window the turn reads for `[TERMINE]` (timeline.md §4a *Fenster*, §4.2)."""

from __future__ import annotations

import logging

import pytest

from novaberg.timeline.reading import appointment_window, period_of
from tests.support import BERLIN, berlin

NOW = berlin(2026, 11, 30, 9, 30)  # Monday


def test_section4a_range_query_of_the_router():
    window, asked = appointment_window({"timeline_query": {"art": "range", "from": "2026-12-01", "to": "2026-12-03",
                                                           "direction": "forward"}}, "egal", NOW, BERLIN)
    assert asked and window.kind == "range" and window.direction == "forward"
    assert (window.start, window.end) == (berlin(2026, 12, 1, 0), berlin(2026, 12, 3, 23, 59).replace(second=59))


def test_section4a_search_query_default_limit_5_at_most_10():
    window, _ = appointment_window({"timeline_query": {"art": "search", "keyword": "Zahnarzt"}}, "", NOW, BERLIN)
    assert (window.kind, window.keyword, window.limit, window.direction) == ("search", "Zahnarzt", 5, "both")
    window, _ = appointment_window({"timeline_query": {"art": "search", "keyword": "Zahnarzt", "limit": 50}}, "", NOW,
                                   BERLIN)
    assert window.limit == 10


@pytest.mark.parametrize("query", [{"art": "kalender"}, {"art": "range", "from": "gestern"},
                                   {"art": "search", "keyword": ""}, "range", {"art": "range", "from": "2026-12-01",
                                                                              "to": "2026-12-02", "direction": "up"}])
def test_section4a_an_unreadable_query_is_loud_and_reads_the_proactive_window(query, caplog):
    with caplog.at_level(logging.ERROR):
        window, asked = appointment_window({"timeline_query": query}, "", NOW, BERLIN)
    assert window.kind == "proactive" and window.note and asked
    assert "timeline_query" in caplog.text


@pytest.mark.parametrize("text,kind,start,end", [
    ("Was steht diese Woche an?", "range", berlin(2026, 11, 30, 0), berlin(2026, 12, 6, 23, 59)),
    ("Habe ich im Dezember Termine?", "range", berlin(2026, 12, 1, 0), berlin(2026, 12, 31, 23, 59)),
    ("Habe ich am Wochenende Termine?", "range", berlin(2026, 12, 5, 0), berlin(2026, 12, 6, 23, 59)),
    ("Habe ich morgen Termine?", "range", berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23, 59)),
])
def test_section4_2_a_question_with_a_period_reads_the_whole_period(text, kind, start, end):
    window, asked = appointment_window({}, text, NOW, BERLIN)
    assert asked and window.kind == kind
    assert window.start == start and window.end.replace(second=0) == end


def test_section4a_a_question_with_a_title_searches_with_a_direction():
    window, asked = appointment_window({}, "Wann ist der Zahnarzt?", NOW, BERLIN)
    assert (window.kind, window.keyword, window.direction, window.limit, asked) == ("search", "Zahnarzt",
                                                                                    "forward", 5, True)
    window, _ = appointment_window({}, "Wann war der Zahnarzt?", NOW, BERLIN)
    assert window.direction == "backward"


def test_section4a_no_question_reads_the_proactive_window_unasked():
    window, asked = appointment_window({}, "Hallo Nova", NOW, BERLIN)
    assert window.kind == "proactive" and not asked
    assert (window.start, window.end.date()) == (berlin(2026, 11, 27, 0), berlin(2026, 12, 14).date())


def test_section4_2_period_of_a_day_and_of_nothing():
    assert period_of("am Freitag", NOW, BERLIN)[0] == berlin(2026, 12, 4, 0)
    assert period_of("irgendwann", NOW, BERLIN) is None
