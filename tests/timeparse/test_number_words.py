"""Clock times as a speech recogniser writes them — *um zehn uhr dreißig*, *vierzehn uhr fünfundvierzig*,
*dreissig* without ß — read like their digits (*um 10 Uhr 30*). Expected moments are computed by arithmetic
here; the number words come from the tests' own speller (`tests.timeparse.oracle.number_word`), not the parser.

timeline.md §5.2 names *elf Uhr dreißig* among the doubts of the reschedule reading; that check (`read_time`)
is unchanged — only `parse`, which already read *10 Uhr 30*, reads the same clock time said in words.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest

from novaberg.text.words import fold_umlauts
from novaberg.timeparse import parse, read_time
from tests.timeparse.oracle import local_at, number_word
from tests.timeparse.support import at

WEDNESDAY_MORNING = at(2026, 11, 11, 9, 30)
DST_WEEK = at(2026, 10, 22, 9, 0)  # the clocks go back on Sunday 25.10.2026


@pytest.mark.parametrize("now", [WEDNESDAY_MORNING, DST_WEEK], ids=["november", "dst_week"])
def test_every_clock_time_said_in_words_is_read(now: datetime) -> None:
    """*morgen um ‹Stunde› uhr ‹Minute›* for every hour and every minute from ten up: the same moment as the
    digits, in the umlaut spelling and the ASCII one (*fünfundvierzig* / *fuenfundvierzig*)."""
    tomorrow = now.date() + timedelta(days=1)
    for hour in range(24):
        for minute in range(10, 60):
            said = f"morgen um {number_word(hour)} uhr {number_word(minute)}"
            expected = local_at(tomorrow, time(hour, minute))
            assert parse(said, now).moment == expected, said
            assert parse(fold_umlauts(said), now).moment == expected, fold_umlauts(said)
            assert parse(said, now).moment == parse(f"morgen um {hour} Uhr {minute:02d}", now).moment


def test_a_minute_below_ten_in_words_only_at_the_end() -> None:
    """*um zehn Uhr fünf* is 10:05; *um zehn Uhr zwei Personen* names no 10:02 (as *10 Uhr 2 Personen* does not)."""
    tomorrow = WEDNESDAY_MORNING.date() + timedelta(days=1)
    assert parse("morgen um zehn uhr fünf", WEDNESDAY_MORNING).moment == local_at(tomorrow, time(10, 5))
    assert parse("morgen um zehn uhr fuenf abends", WEDNESDAY_MORNING).moment == local_at(tomorrow, time(22, 5))
    assert parse("morgen um zehn uhr zwei personen", WEDNESDAY_MORNING).moment is None


@pytest.mark.parametrize("text", ["morgen um zehn uhr dreißig minuten", "morgen um zehn uhr siebzig",
                                  "morgen um zehn uhr dreißig oder vierzig", "um elf uhr dreissig stunden"])
def test_what_is_no_clock_time_in_words_stays_unread(text: str) -> None:
    """Never a guess: a unit after the minutes, minutes past 59, two choices give no moment."""
    assert parse(text, WEDNESDAY_MORNING).moment is None


def test_the_reschedule_reading_keeps_its_doubt() -> None:
    """§5.2: *elf Uhr dreißig* stays a doubt of the reschedule reading — a move to it asks, it never guesses."""
    reading = read_time("auf elf Uhr dreißig")
    assert reading.doubts and reading.clock_time() is None
