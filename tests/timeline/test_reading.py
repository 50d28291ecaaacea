"""The reading path and its line format (timeline.md §4, §4a; §5.5 *Lesen, Kennzeichnen, Klären*)."""

from __future__ import annotations

import logging

import pytest

from novaberg.timeline.presentation import EVENTS_HEADER, FAILED_SENTENCE, block_text
from novaberg.timeline.reading import (
    ReadingError,
    proactive_window,
    range_window,
    read_appointments,
    search_window,
)
from novaberg.timeline.types import ANCHOR_TYPE, MONTH_PRECISION, OCCURRENCE_TYPE
from tests.support import BERLIN, berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # Monday


def _read(repo, window, now=NOW, figure=FIGURE):
    return read_appointments(repo, USER, figure, window, now, BERLIN)


def _lines(reading, now=NOW):
    return block_text(reading, now).splitlines()


def test_section4a_lines_with_weekday_date_local_time_title_and_relation(repo, add):
    add("Zahnarzt", berlin(2026, 11, 30, 10))
    add("Friseur", berlin(2026, 12, 1), timed=False)
    add("Elternabend", berlin(2026, 12, 3, 19, 30))
    add("Yoga", berlin(2026, 11, 29, 18))
    add("Frühstück", berlin(2026, 11, 30, 8))
    reading = _read(repo, proactive_window(NOW, BERLIN))
    assert _lines(reading) == [
        "[TERMINE]",
        "Nach Terminen wurde nicht gezielt gefragt. Gelesen: die Tage von Freitag, 27.11.2026 bis Montag, "
        "14.12.2026.",
        "- Sonntag, 29.11.2026, 18:00 Uhr: Yoga (vergangen, vor 1 Tag)",
        "- Montag, 30.11.2026, 08:00 Uhr: Frühstück (heute, schon vorbei)",
        "- Montag, 30.11.2026, 10:00 Uhr: Zahnarzt (heute)",
        "- Dienstag, 01.12.2026, ohne Uhrzeit: Friseur (morgen)",
        "- Donnerstag, 03.12.2026, 19:30 Uhr: Elternabend (in 3 Tagen)",
    ]


def test_section4a_local_time_on_the_daylight_saving_day(repo, add):
    """§9: UTC in the database, Europe/Berlin for people — 25.10.2026 (clocks go back) reads 10:00 local."""
    add("Brunch", berlin(2026, 10, 25, 10))
    now = berlin(2026, 10, 24, 12)
    reading = _read(repo, range_window(berlin(2026, 10, 25, 0), berlin(2026, 10, 25, 23, 59)), now)
    assert _lines(reading, now)[2] == "- Sonntag, 25.10.2026, 10:00 Uhr: Brunch (morgen)"


def test_section4a_empty_window_says_keine_with_the_window(repo):
    reading = _read(repo, range_window(berlin(2026, 12, 7, 0), berlin(2026, 12, 13, 23, 59)))
    assert _lines(reading)[-1] == "keine Termine vom Montag, 07.12.2026 bis Sonntag, 13.12.2026"


def test_section4a_failure_says_the_failure_never_keine():
    text = block_text(None, NOW)
    assert FAILED_SENTENCE in text and "keine Termine" not in text


def test_section4_anchors_never_appear_in_reading(repo, add):
    """§4/§8: an anchor is left out in the query, in every mode — range, search, proactive."""
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Zahnarzt heiß", berlin(2026, 12, 1, 11), ANCHOR_TYPE)
    for window in (proactive_window(NOW, BERLIN), range_window(berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23)),
                   search_window("Zahnarzt", "both", 1), search_window("Zahnarzt", "forward", 5)):
        reading = _read(repo, window)
        assert [a.title for a in reading.appointments] == ["Zahnarzt"], window
        assert "heiß" not in block_text(reading, NOW)


def test_section4a_an_anchor_that_still_arrives_is_dropped_loudly(caplog):
    class LeakyRepo:
        def find_window_outline(self, *args, **kwargs):
            return [{"id": 1, "event_type": ANCHOR_TYPE, "title": "Anker", "event_time": NOW, "precision": "day",
                     "event_ende": None, "details": None}]

    with caplog.at_level(logging.ERROR):
        reading = read_appointments(LeakyRepo(), USER, FIGURE, proactive_window(NOW, BERLIN), NOW, BERLIN)
    assert reading.appointments == () and reading.discarded == 1
    assert "anchor" in caplog.text


def test_section4a_a_row_outside_the_window_fails_the_reading():
    class WrongRepo:
        def find_window_outline(self, *args, **kwargs):
            return [{"id": 1, "event_type": "termin", "title": "X", "event_time": berlin(2027, 1, 1),
                     "precision": "minute", "event_ende": None, "details": None}]

    with pytest.raises(ReadingError):
        read_appointments(WrongRepo(), USER, FIGURE, proactive_window(NOW, BERLIN), NOW, BERLIN)


def test_section4a_more_rows_than_the_limit_fails_the_reading():
    class Overfull:
        def find_by_keyword(self, *args, **kwargs):
            row = {"id": 1, "event_type": "termin", "title": "X", "event_time": NOW, "precision": "minute",
                   "event_ende": None, "details": None}
            return [row, row]

    with pytest.raises(ReadingError):
        read_appointments(Overfull(), USER, FIGURE, search_window("X", "both", 1), NOW, BERLIN)


def test_section4a_forward_leaves_out_the_past_backward_the_future(repo, add):
    add("Yoga", berlin(2026, 11, 30, 8))
    add("Zahnarzt", berlin(2026, 11, 30, 10))
    window = range_window(berlin(2026, 11, 30, 0), berlin(2026, 11, 30, 23, 59))
    forward = _read(repo, range_window(window.start, window.end, "forward"))
    backward = _read(repo, range_window(window.start, window.end, "backward"))
    assert [a.title for a in forward.appointments] == ["Zahnarzt"]
    assert [a.title for a in backward.appointments] == ["Yoga"]
    assert "nur kommende Termine" in block_text(forward, NOW)


def test_section4a_events_of_other_persons_stand_after_the_appointments(repo, add):
    add("Umzug nach Kassel", berlin(2026, 12, 1), OCCURRENCE_TYPE, precision=MONTH_PRECISION, details="Lena")
    add("Hochzeit", berlin(2026, 12, 5), OCCURRENCE_TYPE, timed=False, details="Tom")
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    lines = _lines(_read(repo, proactive_window(NOW, BERLIN)))
    assert lines[2:] == [
        "- Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)",
        EVENTS_HEADER,
        "- Ereignis (Lena): Umzug nach Kassel — Dezember 2026 (nächsten Monat)",
        "- Ereignis (Tom): Hochzeit — Samstag, 05.12.2026, ohne Uhrzeit (in 5 Tagen)",
    ]


def test_section4a_an_event_alone_still_says_keine_termine_first(repo, add):
    add("Umzug", berlin(2026, 12, 1), OCCURRENCE_TYPE, precision=MONTH_PRECISION, details="Lena")
    lines = _lines(_read(repo, range_window(berlin(2026, 12, 10, 0), berlin(2026, 12, 20, 23, 59))))
    assert lines[2] == "keine Termine vom Donnerstag, 10.12.2026 bis Sonntag, 20.12.2026"
    assert lines[3] == EVENTS_HEADER and "Umzug" in lines[4]


def test_section5_5_a_month_event_is_not_past_until_the_month_ends(repo, add):
    """§4a/§5.5: on 05.11. the November event is not past and stands in the window 10.–20.11."""
    add("Umzug nach Kassel", berlin(2026, 11, 1), OCCURRENCE_TYPE, precision=MONTH_PRECISION, details="Lena")
    add("Friseur", berlin(2026, 11, 1), timed=False)
    now = berlin(2026, 11, 5, 12)
    reading = _read(repo, range_window(berlin(2026, 11, 10, 0), berlin(2026, 11, 20, 23, 59), "forward"), now)
    assert [e.title for e in reading.events] == ["Umzug nach Kassel"] and reading.appointments == ()
    assert "(diesen Monat)" in block_text(reading, now)
    later = berlin(2026, 12, 2, 12)
    assert "vergangen, letzten Monat" in block_text(_read(repo, proactive_window(later, BERLIN), later), later)


def test_section9_another_figure_reads_nothing(repo, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    reading = _read(repo, proactive_window(NOW, BERLIN), figure="anna")
    assert reading.appointments == ()
    assert _read(repo, proactive_window(NOW, BERLIN)).appointments != ()  # the twin


def test_section4_search_reads_all_words_of_the_title(repo, add):
    add("Zahnarzt Dr. Müller", berlin(2026, 12, 1, 10))
    add("Kaffee mit Mona", berlin(2026, 12, 2, 10))
    assert [a.title for a in _read(repo, search_window("Zahnarzttermin Müller", "both", 5)).appointments] == [
        "Zahnarzt Dr. Müller"]
    assert _read(repo, search_window("Kaffee mit Tom", "both", 5)).appointments == ()


def test_section4a_reading_log_counts(repo, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    reading = _read(repo, proactive_window(NOW, BERLIN))
    assert reading.log == {"art": "proactive", "richtung": "both", "gelesen": 1, "geliefert": 1, "verworfen": 0,
                           "weitere": 0}


@pytest.mark.parametrize("bound", ["0001-01-01", "9999-12-31T23:00:00", "2300-01-01", "10000-01-01"])
def test_a_router_range_outside_the_years_is_unreadable_not_an_overflow(bound):
    """A bound outside 1900–2199 from a model is no date: the query is unreadable (the
    proactive window with the note), never an OverflowError."""
    from novaberg.timeline.reading import appointment_window

    route = {"timeline_query": {"art": "range", "from": bound, "to": bound}}
    window, asked = appointment_window(route, "Was steht an?", berlin(2026, 11, 11, 9, 15), BERLIN)
    assert asked and window.note
