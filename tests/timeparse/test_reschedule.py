"""`reschedule_target` pins every row of the §5.2 table (timeline.md, *Verschieben mit einer Uhrzeit
allein*) and the rule *„Geschrieben wird nur, was zwei unabhängige Prüfungen ergeben“*.

The old appointment is Friday 16 October 2026, 09:30; "now" is Wednesday 14 October 2026, 09:00.
"""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from novaberg.timeparse import REASONS, TimeReading, raw_time_form, reschedule_target
from novaberg.timeparse.reading import StatedHour
from tests.timeparse.support import WEDNESDAY, at

NOW = WEDNESDAY
OLD = at(2026, 10, 16, 9, 30)
TITLE = "Zahnarzt"


def _moved(text: str, expected: datetime, *, title: str = TITLE, old: datetime = OLD, **kw: str) -> None:
    result = reschedule_target(text, old, NOW, title=title, **kw)
    assert (result.moment, result.reason) == (expected, None), text
    assert result.ok


def _asks(text: str, reason: str, *, title: str = TITLE, old: datetime = OLD, **kw: str) -> None:
    result = reschedule_target(text, old, NOW, title=title, **kw)
    assert (result.moment, result.reason) == (None, reason), text
    assert not result.ok and result.reason in REASONS


# Row: nur eine Uhrzeit (*„auf 15 Uhr“*, *„auf elf Uhr vormittags“*, *„auf 15.30“*, *„auf 4 Uhr nachmittags“*)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verschieb den Zahnarzt auf 15 Uhr", at(2026, 10, 16, 15)),
        ("Verschieb den Zahnarzt auf elf Uhr vormittags", at(2026, 10, 16, 11)),
        ("Verschieb den Zahnarzt auf 15.30", at(2026, 10, 16, 15, 30)),
        ("Verschieb den Zahnarzt auf 15.30.", at(2026, 10, 16, 15, 30)),  # dotted_clock_times
        ("Verschieb den Zahnarzt auf 4 Uhr nachmittags", at(2026, 10, 16, 16)),
        ("auf 15 Uhr", at(2026, 10, 16, 15)),
    ],
)
def test_row_only_a_clock_time_keeps_the_day(text: str, expected: datetime) -> None:
    """§5.2 row *nur eine Uhrzeit*: der Tag des Termins bleibt, die Uhrzeit wird die genannte —
    nur, wenn die Stunde ihre Tageshälfte trägt (0, 13 bis 23 oder eine Tageszeit an ihr)."""
    _moved(text, expected)
    assert reschedule_target(text, OLD, NOW, title=TITLE).clock_named


# Row: zwei Uhrzeiten in der Form *„von X auf Y“* oder *„von X nach Y“*
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verschieb den Zahnarzt von 10 Uhr auf 15 Uhr", at(2026, 10, 16, 15)),
        ("Verschieb den Zahnarzt von 10 auf 15:30", at(2026, 10, 16, 15, 30)),
        ("Verschieb den Zahnarzt von 10 nach 15:30", at(2026, 10, 16, 15, 30)),
    ],
)
def test_row_von_x_auf_y_takes_y(text: str, expected: datetime) -> None:
    """§5.2 row *zwei Uhrzeiten … in der Form „von X auf Y“*: Y, nur wenn Y seine Tageshälfte trägt."""
    _moved(text, expected)


def test_row_von_x_auf_y_asks_when_y_has_no_half_of_day() -> None:
    """§5.2: *„von 10 auf 11:30“ fragt*."""
    _asks("Verschieb den Zahnarzt von 10 auf 11:30", "tageshaelfte_offen")


# Row: zwei Uhrzeiten in jeder anderen Form
@pytest.mark.parametrize(
    "text",
    [
        "Verschieb den Zahnarzt zwischen 10 und 11 Uhr",
        "Verschieb den Zahnarzt von 10 bis 12 Uhr",
        "Verschieb den Zahnarzt auf 10 oder 11 Uhr",
        "Verschieb den Zahnarzt auf 11, nicht auf 10 Uhr",
    ],
)
def test_row_two_clock_times_in_any_other_form_ask(text: str) -> None:
    """§5.2 row *zwei Uhrzeiten in jeder anderen Form*: die Rückfrage (`_no_new_time`)."""
    _asks(text, "keine_neue_uhrzeit")


# Row: nur einen Tag
def test_row_only_a_day_keeps_the_clock_time() -> None:
    """§5.2 row *nur einen Tag*: die Uhrzeit des Termins bleibt."""
    _moved("Verschieb den Zahnarzt auf Montag", at(2026, 10, 19, 9, 30))
    result = reschedule_target("Verschieb den Zahnarzt auf Montag", OLD, NOW, title=TITLE)
    assert not result.clock_named  # the caller keeps the old precision


def test_row_only_a_day_own_weekday_means_next_week() -> None:
    """§5.2 row *nur einen Tag*: nennt der Text den eigenen Wochentag des Termins, gilt die nächste Woche."""
    _moved("Verschieb den Zahnarzt auf Freitag", at(2026, 10, 23, 9, 30))
    _moved("Verschieb den Zahnarzt auf nächsten Freitag", at(2026, 10, 23, 9, 30))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verschieb den Zahnarzt auf morgen", at(2026, 10, 15, 9, 30)),
        ("Verschieb den Zahnarzt auf den 20.", at(2026, 10, 20, 9, 30)),
        ("Verschieb den Zahnarzt auf den 20.10.", at(2026, 10, 20, 9, 30)),
        ("Verschieb den Zahnarzt auf den zwanzigsten", at(2026, 10, 20, 9, 30)),
    ],
)
def test_row_only_a_day_in_the_day_forms(text: str, expected: datetime) -> None:
    """§5.2: ‹Tag› ein Wochentag, *heute*, *morgen*, *übermorgen*, ein Datum mit Punkt oder eine Ordinalzahl."""
    _moved(text, expected)


# Row: einen Tag und eine Uhrzeit
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verschieb den Zahnarzt auf Freitag um 4 Uhr nachmittags", at(2026, 10, 23, 16)),
        ("Verschieb den Zahnarzt auf Freitag von 10 auf 15 Uhr", at(2026, 10, 23, 15)),
        ("Verschieb den Zahnarzt auf den 20. um 16 Uhr", at(2026, 10, 20, 16)),
        ("Verschieb den Zahnarzt auf Montag nachmittags um 4", at(2026, 10, 19, 16)),
    ],
)
def test_row_day_and_clock_time(text: str, expected: datetime) -> None:
    """§5.2 row *einen Tag und eine Uhrzeit*: der genannte Tag, die Uhrzeit aus der Lesung —
    bei *„von X auf Y“* also Y; nur wenn die Uhrzeit ihre Tageshälfte trägt."""
    _moved(text, expected)


# Row: eine neue Stunde von 1 bis 12 ohne Tageszeit an ihr
@pytest.mark.parametrize(
    ("text", "hour", "choices"),
    [
        ("Verschieb den Zahnarzt auf 4 Uhr", 4, (time(4), time(16))),
        ("Verschieb den Zahnarzt auf 4:30", 4, (time(4, 30), time(16, 30))),
        ("Verschieb den Zahnarzt auf 12 Uhr", 12, (time(12), time(0))),
        ("Verschieb den Zahnarzt auf Freitag um 11", 11, (time(11), time(23))),
        ("Verschieb den Zahnarzt auf 11 Uhr", 11, (time(11), time(23))),  # also for a morning appointment
        ("Verschieb den Zahnarzt auf den 20. um 11 Uhr", 11, (time(11), time(23))),
    ],
)
def test_row_hour_one_to_twelve_without_daypart_asks_the_half_of_day(
    text: str, hour: int, choices: tuple[time, time]
) -> None:
    """§5.2 row *eine neue Stunde von 1 bis 12 ohne Tageszeit an ihr*: die Rückfrage nach der
    Tageshälfte mit Stunde und beiden Lesarten, Ausgang `tageshaelfte_offen`, ohne `verschieben`;
    unabhängig von der Uhrzeit des Termins."""
    result = reschedule_target(text, OLD, NOW, title=TITLE)
    assert (result.moment, result.reason, result.hour, result.choices) == (None, "tageshaelfte_offen", hour, choices)


def test_row_half_of_day_asks_even_when_only_the_models_expression_drops_the_daypart() -> None:
    """§5.2: *auch wenn nur der Zeitausdruck des Modells die Tageszeit des Satzes weglässt*."""
    text = "Verschieb den Zahnarzt auf 4 Uhr nachmittags"
    _asks(text, "tageshaelfte_offen", expression="4 Uhr")
    _moved(text, at(2026, 10, 16, 16), expression="4 Uhr nachmittags")
    _moved(text, at(2026, 10, 16, 16), expression="16 Uhr")


def test_row_half_of_day_does_not_depend_on_the_old_clock_time() -> None:
    _asks("auf 4 Uhr", "tageshaelfte_offen", old=at(2026, 10, 16, 15, 30))
    _moved("auf 16 Uhr", at(2026, 10, 16, 16), old=at(2026, 10, 16, 15, 30))


# Row: eine Stunde mit einer Tageszeit als eigenem Wort an ihr
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verschieb den Zahnarzt nachmittags um 4", at(2026, 10, 16, 16)),
        ("Verschieb den Zahnarzt auf 4 Uhr nachmittags", at(2026, 10, 16, 16)),
        ("Verschieb den Zahnarzt um 8 abends", at(2026, 10, 16, 20)),
        ("Verschieb den Zahnarzt auf 6 Uhr früh", at(2026, 10, 16, 6)),
        ("Verschieb den Zahnarzt auf 12 Uhr mittags", at(2026, 10, 16, 12)),
        ("Verschieb den Zahnarzt auf 12 Uhr nachts", at(2026, 10, 16, 0)),
        ("Verschieb den Zahnarzt auf Montag um 8 abends", at(2026, 10, 19, 20)),
    ],
)
def test_row_hour_with_a_daypart_word(text: str, expected: datetime) -> None:
    """§5.2 row *eine Stunde mit einer Tageszeit als eigenem Wort an ihr, davor mit um oder dahinter*:
    (16:00, 16:00, 20:00, 06:00); an der 12 sind *mittags* und *nachts* 12:00 und 00:00."""
    _moved(text, expected)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Verschieb den Zahnarzt auf 2 Uhr mittags", "tageshaelfte_offen"),
        ("Verschieb den Zahnarzt auf 3 Uhr nachts", "tageshaelfte_offen"),
        ("Verschieb den Zahnarzt auf 16 Uhr morgens", "tageszeit_widerspricht"),
        ("Verschieb den Zahnarzt auf 9 Uhr abends", None),
    ],
)
def test_row_daypart_that_does_not_decide_or_contradicts_asks(text: str, reason: str | None) -> None:
    """§5.2: *mittags und nachts an 1 bis 11 fragen*; *eine Tageszeit, die einer Stunde 0 oder 13 bis
    23 widerspricht („16 Uhr morgens“), fragt*. The twin: *9 Uhr abends* is 21:00."""
    if reason is None:
        _moved(text, at(2026, 10, 16, 21))
    else:
        _asks(text, reason)


def test_row_daypart_only_in_the_title_does_not_count() -> None:
    """§5.2: *eine Tageszeit nur im Titel („Nachmittagskaffee“) zählt nicht*."""
    _asks("Verschieb den Nachmittagskaffee auf 4 Uhr", "tageshaelfte_offen", title="Nachmittagskaffee")


# Row: einen anderen Tag als den des Termins, ohne dass eine Form einen Tag nennt
def test_row_another_day_without_a_named_day_asks() -> None:
    """§5.2 row *einen anderen Tag … ohne dass eine Form einen Tag nennt*: `keine_eindeutige_zeit` mit
    einem Datum des Parsers, `kein_datum` ohne; the model read *morgens* as *morgen*."""
    text = "Verschieb den Kaffee auf 4 Uhr morgens"
    _asks(text, "keine_eindeutige_zeit", title="Kaffee", expression="morgen 4 Uhr morgens")
    _asks(text, "kein_datum", title="Kaffee", expression="morgen am Montag 4 Uhr")


def test_row_another_day_falling_on_the_appointments_day_is_written_there() -> None:
    """§5.2: *fällt das Datum des Parsers auf den Tag des Termins, wird dort geschrieben*."""
    old = at(2026, 10, 15, 9, 30)  # tomorrow
    _moved(
        "Verschieb den Kaffee auf 4 Uhr morgens",
        at(2026, 10, 15, 4),
        title="Kaffee",
        old=old,
        expression="morgen 4 Uhr morgens",
    )


def test_morgens_is_read_as_a_daypart_here() -> None:
    """*morgens* is a daypart, never the day *morgen* — so *4 Uhr morgens* is 04:00 on the
    appointment's day, where the spec's parser (which read *morgen*) had to ask."""
    _moved("Verschieb den Kaffee auf 4 Uhr morgens", at(2026, 10, 16, 4), title="Kaffee")
    _moved("Verschieb den Kaffee morgens um 6", at(2026, 10, 16, 6), title="Kaffee")


# Row: eine Zeit außerhalb der fünf Formen oder ein nicht zugelassenes Wort außerhalb der Form
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Verschieb den Zahnarzt auf halb so spät", "keine_neue_uhrzeit"),  # the reading doubts *halb so*
        ("Verschieb den Zahnarzt auf 11h", "form_unbekannt"),
        ("Verschieb den Zahnarzt auf Fr. um 11 Uhr", "kein_datum"),  # the parser refuses *Fr.* before a time
        ("Verschieb den Zahnarzt um 11 Uhr vorm.", "form_unbekannt"),
        ("Verschieb den Zahnarzt auf Freitag nachmittag", "form_unbekannt"),
        ("Verschieb den Zahnarzt auf nächste Woche um 11 Uhr", "form_unbekannt"),
        ("Verschieb den Zahnarzt in drei Tagen um 10 Uhr", "form_unbekannt"),
        ("Verschieb den Zahnarzt auf 15 Uhr, danke dir sehr", "form_unbekannt"),
    ],
)
def test_row_outside_the_five_forms_asks(text: str, reason: str) -> None:
    """§5.2 row *eine Zeit außerhalb der fünf Formen oder ein nicht zugelassenes Wort außerhalb der
    Form*: die Rückfrage, ohne `verschieben`. *Eine Tageszeit allein ist keine Uhrzeit.* The reason
    code says which check stopped first; none of them writes."""
    _asks(text, reason)


# Row: weder Tag noch Uhrzeit, eine unmögliche Uhrzeit, ein Tag, der sich widerspricht
@pytest.mark.parametrize(
    "text",
    [
        "Verschieb den Zahnarzt",
        "Verschieb den Zahnarzt auf 27 Uhr",
        "Verschieb den Zahnarzt auf morgen am Mittwoch",  # tomorrow is Thursday
        "Verschieb den Zahnarzt auf den 30.2.",
    ],
)
def test_row_nothing_impossible_or_contradicting_is_an_error_with_question(text: str) -> None:
    """§5.2 row *weder Tag noch Uhrzeit, eine unmögliche Uhrzeit, ein Tag, der sich widerspricht*."""
    _asks(text, "kein_datum")


# "Geschrieben wird nur, was zwei unabhängige Prüfungen ergeben"


def test_two_independent_checks_a_disagreeing_reading_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the reading names another hour than the positive form, nothing is written."""
    fake = TimeReading(hours=(StatedHour(14, 0, True, True, None, "14 uhr"),))
    monkeypatch.setattr("novaberg.timeparse.reschedule.read_time", lambda _text: fake)
    _asks("Verschieb den Zahnarzt auf 15 Uhr", "form_lesung_uneinig")


def test_two_independent_checks_no_form_time_means_no_reading_time_either() -> None:
    """§5.2: *nennt keine Form eine Uhrzeit („auf Freitag“), darf auch die Lesung keine nennen*."""
    _moved("auf Freitag", at(2026, 10, 23, 9, 30))


@pytest.mark.parametrize(
    ("text", "title", "ok"),
    [
        ("Verschieb den Zahnarzttermin auf 15 Uhr", "Zahnarzt", True),
        ("Verschieb den Zahnarztstermin auf 15 Uhr", "Zahnarzt", True),
        ("Kannst du den Zahnarzt bitte auf 15 Uhr verschieben?", "Zahnarzt", True),
        ("Leg das Mittagessen mit Anna auf 13 Uhr", "Mittagessen mit Anna", True),
        ("Verschieb den Geburtstag auf 15 Uhr", "Geburtstag", False),  # ends in *tag*
        ("Verschieb den Dienst auf 14 Uhr", "Dienst", False),  # begins *dienstag*
        ("Verschieb den Kaffee mit Mona auf 15 Uhr", "Kaffee mit Mona", False),  # *monat*
        ("Verschieb die Zahnarzttermine auf 15 Uhr", "Zahnarzt", False),  # an inflected compound
        ("Verschieb Zimmer 12 auf 15 Uhr", "Zimmer 12", False),  # a number in the title
        ("Verschieb den Zahnarzt auf 15 Uhr", None, False),  # without a title nothing is admitted
    ],
)
def test_positive_form_admits_verb_fillers_and_title_words(text: str, title: str | None, ok: bool) -> None:
    """§5.2 *Außerhalb der Form darf nur Zugelassenes stehen*: das Verb, Füllwörter, über den Titel
    ein ganzes Inhaltswort oder genau *Inhaltswort + termin* / *+ s + termin*; Zeitwörter im Titel
    zählen nicht (*Grenzen: Zeitwörter im Titel*), *Mittagessen* ist kein *Mittag* und zählt."""
    assert raw_time_form(text, title).matched is ok
    result = reschedule_target(text, OLD, NOW, title=title)
    assert result.ok is ok


def test_the_models_expression_cannot_add_what_the_person_did_not_say() -> None:
    """Stricter than §5.2 (*ob ein genannter Tag der geschriebene ist, vergleicht die Prüfung nicht*):
    a clock time or another day found only in the model's expression is not written."""
    _asks("Verschieb den Zahnarzt auf Freitag", "form_lesung_uneinig", expression="Freitag 16 Uhr")
    _asks(
        "Verschieb den Zahnarzt auf Samstag um 16 Uhr", "keine_eindeutige_zeit", expression="Freitag um 16 Uhr"
    )
    _moved("Verschieb den Zahnarzt auf Samstag um 16 Uhr", at(2026, 10, 17, 16), expression="Samstag um 16 Uhr")


def test_positive_form_reports_its_parts() -> None:
    form = raw_time_form("Verschieb den Zahnarzt auf Freitag von 10 auf 4 Uhr nachmittags", "Zahnarzt")
    assert (form.form, form.hour, form.minute, form.half, form.day_named) == ("tag_von_auf", 4, 0, "pm", True)
    assert form.time() == time(16)
    assert raw_time_form("auf 11.").day_named  # §5.2 *Was die Positivform als Tag liest: „auf 11.“*
    assert raw_time_form("Freitag um 16 Uhr").form == "tag_uhrzeit"  # the model's expression drops *auf*


def test_old_appointment_in_utc_is_turned_into_local_time() -> None:
    """§5.2 *Tag und Uhrzeit in Ortszeit*: *„11 Uhr“* is 11:00 local, not 11:00Z; a day-only
    appointment (00:00 local, 22:00Z the day before) keeps its local day."""
    old_utc = datetime(2026, 10, 16, 7, 30, tzinfo=UTC)  # 09:30 in Berlin
    _moved("auf 15 Uhr", at(2026, 10, 16, 15), old=old_utc)
    day_only = datetime(2026, 10, 15, 22, 0, tzinfo=UTC)  # 16.10. 00:00 in Berlin
    _moved("auf 15 Uhr", at(2026, 10, 16, 15), old=day_only)
    _moved("auf Montag", at(2026, 10, 19, 0, 0), old=day_only)


def test_dst_gap_and_fold_ask_instead_of_shifting() -> None:
    """29.03.2026 02:30 does not exist, 25.10.2026 02:30 exists twice: ask, never shift."""
    _asks("auf 2:30 Uhr früh", "keine_eindeutige_zeit", old=at(2026, 3, 29, 10))
    _asks("auf 2:30 Uhr früh", "keine_eindeutige_zeit", old=at(2026, 10, 25, 10))
    _moved("auf 3:30 Uhr früh", at(2026, 3, 29, 3, 30), old=at(2026, 3, 29, 10))


def test_type_errors() -> None:
    with pytest.raises(TypeError):
        reschedule_target(None, OLD, NOW)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        reschedule_target("auf 15 Uhr", OLD, NOW, expression=15)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        raw_time_form(None)  # type: ignore[arg-type]
