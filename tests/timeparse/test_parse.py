"""`parse` → `ZeitVektor` (timeline.md §6, §3a), with a fixed clock in Europe/Berlin.

"now" is Wednesday 14 October 2026, 09:00 unless a test says otherwise.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from novaberg.timeparse import ZeitVektor, parse
from tests.timeparse.support import BERLIN, WEDNESDAY, at

NOW = WEDNESDAY


def _day(text: str, expected: datetime, mode: str = "absolut", now: datetime = NOW) -> None:
    v = parse(text, now)
    assert v.moment == expected, text
    assert v.moment is not None and v.moment.tzinfo is not None
    assert (v.precision, v.tag_erkannt, v.uhrzeit_erkannt, v.referenz_modus) == ("day", True, False, mode), text


def _minute(text: str, expected: datetime, tag: bool, now: datetime = NOW, mode: str = "absolut") -> None:
    v = parse(text, now)
    assert v.moment == expected, text
    assert (v.precision, v.tag_erkannt, v.uhrzeit_erkannt, v.referenz_modus) == ("minute", tag, True, mode), text


def _nothing(text: str, now: datetime = NOW) -> None:
    v = parse(text, now)
    assert v == ZeitVektor(), text
    assert v.moment is None and v.precision is None and not v.tag_erkannt and not v.uhrzeit_erkannt


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("heute", at(2026, 10, 14)),
        ("morgen", at(2026, 10, 15)),
        ("übermorgen", at(2026, 10, 16)),
        ("uebermorgen", at(2026, 10, 16)),
        ("gestern", at(2026, 10, 13)),
        ("vorgestern", at(2026, 10, 12)),
    ],
)
def test_day_words(text: str, expected: datetime) -> None:
    """Day words *heute*, *morgen*, *übermorgen*, *gestern*, *vorgestern*."""
    _day(text, expected)


@pytest.mark.parametrize(
    ("text", "expected", "mode"),
    [
        ("Freitag", at(2026, 10, 16), "relativ"),
        ("am Freitag", at(2026, 10, 16), "relativ"),
        ("Mittwoch", at(2026, 10, 21), "relativ"),  # today excluded: the next occurrence
        ("nächsten Freitag", at(2026, 10, 16), "relativ"),  # §6.3: nächsten = relativ, like Freitag
        ("kommenden Montag", at(2026, 10, 19), "relativ"),
        ("diesen Freitag", at(2026, 10, 16), "absolut"),  # §6.3: this week's, absolute to today
        ("diesen Montag", at(2026, 10, 12), "absolut"),
        ("diesen Mittwoch", at(2026, 10, 14), "absolut"),
        ("letzten Freitag", at(2026, 10, 9), "relativ_rueckwaerts"),
        ("nächste Woche Freitag", at(2026, 10, 23), "absolut"),
        ("Dienstag nächste Woche", at(2026, 10, 20), "absolut"),
    ],
)
def test_weekdays_and_their_prefixes(text: str, expected: datetime, mode: str) -> None:
    """Weekdays are the next occurrence, today excluded; *diesen Freitag* is this week's.
    §6.3 Referenz-Modus: *diesen* absolut, *nächsten*/bare relativ, *letzten* relativ_rueckwaerts."""
    _day(text, expected, mode)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3.3.2027", at(2027, 3, 3)),
        ("am 3.3.27", at(2027, 3, 3)),
        ("am 17.11.", at(2026, 11, 17)),
        ("am 14.10.", at(2026, 10, 14)),  # without a year: the next such date, today included
        ("am 13.10.", at(2027, 10, 13)),
        ("am 17.11", at(2026, 11, 17)),
        ("17. November", at(2026, 11, 17)),
        ("den 3. März", at(2027, 3, 3)),
        ("am 3. März 2026", at(2026, 3, 3)),
        ("17. Nov.", at(2026, 11, 17)),
        ("am 5. Jänner", at(2027, 1, 5)),
        ("am zweiten April", at(2027, 4, 2)),
        ("am dritten November", at(2026, 11, 3)),
        ("am ersten", at(2026, 11, 1)),
        ("am 17.", at(2026, 10, 17)),
        ("2026-12-24", at(2026, 12, 24)),
        ("am 29.2.", at(2028, 2, 29)),
    ],
)
def test_dates_written_and_in_digits(text: str, expected: datetime) -> None:
    """Dates with and without year, written dates (*17. November*, *den 3. März*), ordinals."""
    _day(text, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("um 10", at(2026, 10, 14, 10)),
        ("um 10 Uhr", at(2026, 10, 14, 10)),
        ("10:30", at(2026, 10, 14, 10, 30)),
        ("10.30", at(2026, 10, 14, 10, 30)),
        ("um 11.30", at(2026, 10, 14, 11, 30)),  # §5.2 dotted_clock_times: 11.30 is 11:30
        ("11.30 Uhr", at(2026, 10, 14, 11, 30)),
        ("10.00", at(2026, 10, 14, 10)),
        ("um elf", at(2026, 10, 14, 11)),
        ("elf Uhr", at(2026, 10, 14, 11)),
        ("um zwölf Uhr", at(2026, 10, 14, 12)),
        ("gegen 15 Uhr", at(2026, 10, 14, 15)),
        ("um 9", at(2026, 10, 14, 9)),  # this very minute still counts as today
        ("um 8", at(2026, 10, 15, 8)),  # a clock time without a day: the next occurrence
        ("10 Uhr 30", at(2026, 10, 14, 10, 30)),
        ("um 24 Uhr", at(2026, 10, 15, 0)),
    ],
)
def test_clock_times_without_a_day(text: str, expected: datetime) -> None:
    """§3a: *um 10*, *um 10 Uhr*, *10:30*, *10.30*, number words with and without *Uhr*.
    §6.2 row "15 Uhr": tag_erkannt nein, uhrzeit_erkannt ja."""
    _minute(text, expected, tag=False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("morgen um 10", at(2026, 10, 15, 10)),  # §3a: the hour after *um* is a clock time
        ("übermorgen um 10 Uhr", at(2026, 10, 16, 10)),
        ("Freitag um 10 Uhr", at(2026, 10, 16, 10)),
        ("am 17. November um 14:30", at(2026, 11, 17, 14, 30)),
        ("morgen 10 Uhr", at(2026, 10, 15, 10)),
        ("Trag mir morgen um 10 den Zahnarzt ein", at(2026, 10, 15, 10)),
        ("heute um 8", at(2026, 10, 14, 8)),  # said with a day, a past hour stays on that day
        ("in vier Tagen um 10", at(2026, 10, 18, 10)),
    ],
)
def test_day_and_clock_time(text: str, expected: datetime) -> None:
    """§6.2 row "Freitag um 10 Uhr": tag_erkannt ja, uhrzeit_erkannt ja — komplett neu."""
    v = parse(text, NOW)
    assert v.moment == expected and v.precision == "minute" and v.tag_erkannt and v.uhrzeit_erkannt


@pytest.mark.parametrize(
    ("text", "expected", "tag"),
    [
        ("4 Uhr nachmittags", at(2026, 10, 14, 16), False),
        ("nachmittags um 4", at(2026, 10, 14, 16), False),
        ("um 8 abends", at(2026, 10, 14, 20), False),
        ("6 Uhr früh", at(2026, 10, 15, 6), False),
        ("morgens um 6", at(2026, 10, 15, 6), False),  # *morgens* is a daypart, never the day *morgen*
        ("6 Uhr morgens", at(2026, 10, 15, 6), False),
        ("morgen früh um 8", at(2026, 10, 15, 8), True),
        ("heute Morgen um 8", at(2026, 10, 14, 8), True),  # *morgen* after a day is the morning
        ("heute Abend um 8", at(2026, 10, 14, 20), True),
        ("morgen abends um 7", at(2026, 10, 15, 19), True),
        ("am Montagmorgen um 9", at(2026, 10, 19, 9), True),
        ("Freitagabend um 8", at(2026, 10, 16, 20), True),
        ("um 12 Uhr mittags", at(2026, 10, 14, 12), False),
        ("von 2 bis 4 Uhr nachmittags", at(2026, 10, 14, 14), False),
    ],
)
def test_hour_with_a_daypart(text: str, expected: datetime, tag: bool) -> None:
    """*4 Uhr nachmittags* 16:00, *um 8 abends* 20:00, *6 Uhr früh* 06:00;
    *morgens* is a daypart, never the day *morgen* (§5.2 row *eine Stunde mit einer Tageszeit*)."""
    mode = "relativ" if text.lower().startswith(("am montag", "freitag")) else "absolut"
    _minute(text, expected, tag=tag, mode=mode)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in vier Tagen", at(2026, 10, 18)),
        ("in 2 Wochen", at(2026, 10, 28)),
        ("in einem Monat", at(2026, 11, 14)),
        ("vor 3 Tagen", at(2026, 10, 11)),
    ],
)
def test_relative_days(text: str, expected: datetime) -> None:
    """Relative distances (*in vier Tagen*)."""
    _day(text, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in 3 Stunden", at(2026, 10, 14, 12)),
        ("in 45 Minuten", at(2026, 10, 14, 9, 45)),
        ("in einer Stunde", at(2026, 10, 14, 10)),
    ],
)
def test_relative_hours_and_minutes(text: str, expected: datetime) -> None:
    """*in 3 Stunden*, *in 45 Minuten*."""
    _minute(text, expected, tag=True)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("von 10 bis 12 Uhr", at(2026, 10, 14, 10), at(2026, 10, 14, 12)),
        ("zwischen 9 und 11 Uhr", at(2026, 10, 14, 9), at(2026, 10, 14, 11)),
        ("morgen von 14 bis 15:30 Uhr", at(2026, 10, 15, 14), at(2026, 10, 15, 15, 30)),
        ("10-12 Uhr", at(2026, 10, 14, 10), at(2026, 10, 14, 12)),
        ("Freitag 18:00–19:30", at(2026, 10, 16, 18), at(2026, 10, 16, 19, 30)),
        ("morgen von 22 bis 2 Uhr", at(2026, 10, 15, 22), at(2026, 10, 16, 2)),
    ],
)
def test_spans_give_an_end(text: str, start: datetime, end: datetime) -> None:
    """"Seit dem 18.09.2026 — Spannen": *von … bis …* gets `event_ende`; the start is read without
    the end part. Spans also as *zwischen 9 und 11 Uhr*."""
    v = parse(text, NOW)
    assert (v.moment, v.end, v.precision) == (start, end, "minute")


def test_a_text_without_a_span_has_no_end() -> None:
    assert parse("morgen um 10", NOW).end is None


def test_context_decides_a_dotted_pair() -> None:
    """*am 10.12* is a date, *um 10.12* a clock time; a lone *10.12* is neither (see abstentions)."""
    assert parse("am 10.12 um 10.12", NOW).moment == at(2026, 12, 10, 10, 12)


@pytest.mark.parametrize(
    "text",
    [
        "morgen am Mittwoch",  # tomorrow is Thursday (§3a: Tageswort gegen Wochentag)
        "Montag, den 3.3.2026",  # a Tuesday
        "übermorgen am 5.12.",
        "heute am Freitag",
        "Freitag, den 17.10.",  # a Saturday
        "Montag und Dienstag",
        "morgen oder übermorgen",
        "um 10 Uhr, um 11 Uhr",
        "in 3 Stunden um 10 Uhr",
        "Fr. 17.11.",  # 17.11.2026 is a Tuesday
    ],
)
def test_a_text_that_contradicts_itself_gives_no_date(text: str) -> None:
    """§3a: a day word contradicting a weekday, or either contradicting a date, gives no date."""
    _nothing(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("morgen am Donnerstag", at(2026, 10, 15)),
        ("Dienstag, den 3.3.2026", at(2026, 3, 3)),
        ("übermorgen am 16.10.", at(2026, 10, 16)),
        ("Fr., 16.10.", at(2026, 10, 16)),
        ("am Freitag, den 16.", at(2026, 10, 16)),
    ],
)
def test_agreeing_day_statements_give_the_day(text: str, expected: datetime) -> None:
    """The twins of the contradictions: the same words, naming one day."""
    v = parse(text, NOW)
    assert v.moment == expected and v.tag_erkannt


@pytest.mark.parametrize(
    "text",
    ["30. Februar", "am 31.4.", "am 30.2.2027", "um 27 Uhr", "25:00", "10:75", "am 32.", "am 0.5.", "13.13.2026"],
)
def test_impossible_dates_and_hours_give_none(text: str) -> None:
    """An impossible date (*30. Februar*, *um 27 Uhr*) gives none."""
    _nothing(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "Zahnarzt",
        "Ich komme später",
        "um die Ecke",
        "Wie geht es dir?",
        "morgens",  # a daypart alone is no day
        "nächste Woche",  # a period (named_period), not a moment
        "im November",
        "am Wochenende",
    ],
)
def test_a_text_without_a_time_gives_no_moment_never_now(text: str) -> None:
    """A text without a time gives `moment=None`, never "now"."""
    _nothing(text)


@pytest.mark.parametrize(
    "text",
    [
        "nach 10 Uhr",
        "vor 10 Uhr",
        "nicht morgen",
        "Ende März",
        "montags um 10",
        "in ein paar Tagen um 10",
        "auf 11.",
        "elf Uhr siebzig",  # *elf Uhr dreißig* is 11:30 (tests/timeparse/test_number_words.py)
        "um 3 Stunden",
        "morgen 10",
        "bis 10",
        "10.12",  # the tenth of December or 10:12

        "in 1,5 Stunden",
        "17/11",
        "heute Nacht um 12",
        "morgen früh um 15 Uhr",
        "Mach das so. 10 Uhr ist gut",  # *so.* or *So.* (Sunday)?
        "Termin bei Fr. Müller morgen um 10",  # *Fr.* before a name is a Frau, not a Friday
        "Fr 10 Uhr",
        "Sonntagsbrunch um 11",
        "am dritten Advent um 10",
        "am 3. Advent um 10",
        "um 10 Uhr 2 Personen",
        "morgendlich um 10",
        # still never a guess
        "halb so wild",
        "ein Viertel der Torte",
        "Ostereier suchen",
        "Anfang der Woche",
        "Mitte der Woche",
        "Ende der Woche",
        "demnächst",
        "bald",
        "fünf vor halb drei",  # 2:25 — a form not read
        "drei viertel zehn",
        "nach Viertel nach zehn",
        "45 nach 10",
        "halb eins nachts",  # the midnight before or after the day
        "letztes Ostern",
        "an Weihnachten",
    ],
)
def test_where_german_is_ambiguous_the_parser_abstains(text: str) -> None:
    """Right where it answers, abstain where German is ambiguous — never a guess."""
    _nothing(text)


# --- §6.2 Kombination: neuer Tag + alte Uhrzeit (oder umgekehrt), with the old appointment as reference

OLD = at(2026, 10, 16, 9, 30)  # Friday 16 October 2026, 09:30


def test_combination_day_only_takes_the_old_clock_time() -> None:
    """§6.2 row "Freitag": tag_erkannt ja, uhrzeit_erkannt nein → Tag neu, Uhrzeit vom alten Termin.
    The old appointment is itself on a Friday: the next Friday after it (§5.2 *eigener Wochentag*)."""
    v = parse("Freitag", NOW, reference=OLD)
    assert (v.tag_erkannt, v.uhrzeit_erkannt) == (True, False)
    assert v.moment == at(2026, 10, 23, 9, 30)


def test_combination_clock_only_keeps_the_old_day() -> None:
    """§6.2 row "15 Uhr": tag_erkannt nein, uhrzeit_erkannt ja → Tag vom alten Termin, Uhrzeit neu."""
    v = parse("15 Uhr", NOW, reference=OLD)
    assert (v.tag_erkannt, v.uhrzeit_erkannt) == (False, True)
    assert v.moment == at(2026, 10, 16, 15)


def test_combination_day_and_clock_is_completely_new() -> None:
    """§6.2 row "Freitag um 10 Uhr": ja, ja → komplett neu."""
    v = parse("Freitag um 10 Uhr", NOW, reference=OLD)
    assert (v.tag_erkannt, v.uhrzeit_erkannt) == (True, True)
    assert v.moment == at(2026, 10, 23, 10)


def test_combination_without_any_time_gives_nothing() -> None:
    assert parse("Zahnarzt", NOW, reference=OLD) == ZeitVektor()


@pytest.mark.parametrize(
    ("text", "expected", "mode"),
    [
        ("diesen Freitag", at(2026, 10, 16, 9, 30), "absolut"),  # heute: this week's Friday
        ("nächsten Freitag", at(2026, 10, 23, 9, 30), "relativ"),  # counted from the old appointment
        ("Freitag", at(2026, 10, 23, 9, 30), "relativ"),
        ("letzten Freitag", at(2026, 10, 9, 9, 30), "relativ_rueckwaerts"),
        ("Montag", at(2026, 10, 19, 9, 30), "relativ"),
        ("morgen", at(2026, 10, 15, 9, 30), "absolut"),  # day words count from today
    ],
)
def test_reference_modes_choose_the_base_of_phase_two(text: str, expected: datetime, mode: str) -> None:
    """§6.3 Referenz-Modus and §6.1 Zwei-Phasen-Parsing: absolut → heute, relativ → alter Termin,
    relativ_rueckwaerts → alter Termin, Vergangenheit bevorzugt."""
    v = parse(text, NOW, reference=OLD)
    assert (v.moment, v.referenz_modus) == (expected, mode)


def test_reference_in_utc_is_turned_into_local_time_first() -> None:
    """§5.2 *Tag und Uhrzeit in Ortszeit*: an old appointment delivered in UTC keeps its local day."""
    from datetime import UTC

    old_day_only = datetime(2026, 10, 15, 22, 0, tzinfo=UTC)  # 16.10.2026 00:00 in Berlin
    assert parse("15 Uhr", NOW, reference=old_day_only).moment == at(2026, 10, 16, 15)
    old_at_eleven = datetime(2026, 10, 16, 9, 0, tzinfo=UTC)  # 11:00 in Berlin
    assert parse("Montag", NOW, reference=old_at_eleven).moment == at(2026, 10, 19, 11)


# --- the clock of a run: DST days, 23:30, month ends


def test_dst_spring_day_skipped_hour_gives_none() -> None:
    """29.03.2026: 02:00–03:00 does not exist in Berlin; the parser abstains instead of shifting."""
    now = at(2026, 3, 29, 10)
    assert parse("heute um 2:30", now).moment is None
    assert parse("heute um 15 Uhr", now).moment == at(2026, 3, 29, 15)
    assert parse("heute um 15 Uhr", now).moment.utcoffset().total_seconds() == 7200  # type: ignore[union-attr]
    assert parse("heute", now).moment.utcoffset().total_seconds() == 3600  # type: ignore[union-attr]


def test_relative_hours_keep_minute_precision() -> None:
    now = datetime(2026, 10, 14, 9, 0, 42, 123456, tzinfo=BERLIN)
    assert parse("in 45 Minuten", now).moment == at(2026, 10, 14, 9, 45)


def test_dst_spring_relative_hours_cross_the_change_in_real_time() -> None:
    now = at(2026, 3, 29, 1, 30)  # CET
    assert parse("in 1 Stunde", now).moment == at(2026, 3, 29, 3, 30)  # CEST: one real hour later


def test_dst_autumn_day_doubled_hour_gives_none() -> None:
    """25.10.2026: 02:00–03:00 happens twice; which one is not decided, so no moment."""
    now = at(2026, 10, 25, 10)
    assert parse("heute um 2:30", now).moment is None
    assert parse("heute um 3:30", now).moment == at(2026, 10, 25, 3, 30)
    assert parse("morgen um 2:30", at(2026, 10, 24, 12)).moment is None


def test_dst_autumn_relative_hours_cross_the_change_in_real_time() -> None:
    now = datetime(2026, 10, 25, 1, 30, tzinfo=BERLIN)  # CEST
    moment = parse("in 3 Stunden", now).moment
    assert moment is not None and moment.isoformat() == "2026-10-25T03:30:00+01:00"


def test_late_evening_and_month_end() -> None:
    now = at(2026, 10, 31, 23, 30)  # Saturday, last day of October
    assert parse("morgen", now).moment == at(2026, 11, 1)
    assert parse("um 10", now).moment == at(2026, 11, 1, 10)
    assert parse("Sonntag", now).moment == at(2026, 11, 1)
    assert parse("am 31.", now).moment == at(2026, 10, 31)  # today included
    assert parse("am 30.", now).moment == at(2026, 11, 30)
    assert parse("in einem Monat", at(2026, 1, 31, 12)).moment is None  # no 31 February: no clamp


def test_now_in_another_zone_is_read_in_local_time() -> None:
    """`now` may come in UTC; the day of *morgen* is the local one (23:30 Berlin = 21:30Z)."""
    from datetime import UTC

    now = datetime(2026, 10, 14, 21, 30, tzinfo=UTC)
    v = parse("morgen", now)
    assert v.moment == at(2026, 10, 15) and v.moment.tzinfo is not None
    assert v.moment.utcoffset() == at(2026, 10, 15).utcoffset()


# --- bad input


@pytest.mark.parametrize("bad", [None, 42, b"morgen", ["morgen"], 3.5])
def test_a_non_string_raises_type_error(bad: object) -> None:
    with pytest.raises(TypeError):
        parse(bad, NOW)  # type: ignore[arg-type]


def test_a_naive_now_is_refused() -> None:
    with pytest.raises(ValueError):
        parse("morgen", datetime(2026, 10, 14, 9))


@pytest.mark.parametrize("text", ["morgen\x00um 10", "morgen um 10\x07", "\x1b[31mmorgen", "morgen\u200bum 10"])
def test_control_characters_give_no_moment(text: str) -> None:
    _nothing(text)


def test_line_breaks_are_whitespace() -> None:
    assert parse("morgen\num 10", NOW).moment == at(2026, 10, 15, 10)
