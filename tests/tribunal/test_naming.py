"""Witnesses of „Die Nennung“ and „Die Nennung, geschärft“ (tribunal.md), each with its twin.

`names_appointment` returns the ways a sentence names a row; `names` decides: the hour or a title word, a day
only together with one of them, never against a stated other day or hour (stricter).
"""

from __future__ import annotations

from datetime import date

import pytest

from novaberg.tribunal.naming import (
    WAY_CONTRADICTION,
    WAY_DAY,
    WAY_TIME,
    WAY_TITLE,
    names,
    names_appointment,
    title_words,
)
from tests.support import BERLIN, berlin

TODAY = date(2026, 11, 30)  # a Monday
FRIDAY_11 = berlin(2026, 12, 4, 11)


def row(title="Physiotherapie", moment=FRIDAY_11, kind="termin", precision="minute"):
    return {"id": 1, "title": title, "event_time": moment, "event_type": kind, "precision": precision}


def named(sentence, target):
    return names(names_appointment(sentence, target, TODAY, BERLIN))


# (witness, sentence, row, names?) — every rule as a pair: the witness and its twin.
PAIRS = [
    # Weg `uhrzeit`: an hour of the sentence is the appointment's
    ("uhrzeit 11 Uhr", "Um 11 Uhr ist es eingetragen.", row(), True),
    ("zwilling 12 Uhr", "Um 12 Uhr ist es eingetragen.", row(), False),
    ("uhrzeit als Zahlwort", "Um elf ist es eingetragen.", row(), True),
    ("zwilling anderes Zahlwort", "Um zwölf ist es eingetragen.", row(), False),
    ("uhrzeit 11:00", "Eingetragen für 11:00.", row(), True),
    ("zwilling 11:30", "Eingetragen für 11:30.", row(), False),
    ("zwölf-stunden-lesung nennt nicht", "Um elf ist es eingetragen.", row(moment=berlin(2026, 12, 4, 23)), False),
    ("zwilling 23 Uhr", "Um 23 Uhr ist es eingetragen.", row(moment=berlin(2026, 12, 4, 23)), True),
    # Weg `tag`: never alone since the second build
    ("tag allein: morgen", "Ich habe notiert, dass du morgen Mehl kaufen willst.",
     row(moment=berlin(2026, 12, 1, 10)), False),
    ("zwilling morgen um 10", "Ich habe morgen um 10 Uhr notiert.", row(moment=berlin(2026, 12, 1, 10)), True),
    ("tag allein: Wochentag", "Am Freitag ist es notiert.", row(), False),
    ("zwilling Wochentag mit Titel", "Die Physiotherapie am Freitag ist notiert.", row(), True),
    ("tag allein: Ziffern", "Für den 04.12. ist es notiert.", row(), False),
    ("zwilling Ziffern mit Uhrzeit", "Für den 04.12. um 11 Uhr ist es notiert.", row(), True),
    # Weg `titel`: forward, reverse from 7 letters, the kind cut
    ("titel Genitiv vorwärts", "Der Termin des Zahnarztes ist eingetragen.", row("Zahnarzt Dr. Berger"), True),
    ("zwilling fremdes Wort", "Der Termin beim Hautarzt ist eingetragen.", row("Zahnarzt Dr. Berger"), False),
    ("titel Kompositum", "Dein Zahnarzttermin ist eingetragen.", row("Zahnarzt"), True),
    ("zwilling Gegenrichtung unter 7", "Der Zahn ist eingetragen.", row("Zahnarzttermin"), False),
    ("titel Name", "Der Termin bei Bergers ist eingetragen.", row("Zahnarzt Dr. Berger"), True),
    ("zwilling Dr zu kurz", "Der Termin bei Dr. Müller ist eingetragen.", row("Zahnarzt Dr. Berger"), False),
    ("art nennt nicht", "Ich habe den Termin beim Friseur eingetragen.", row("Termin beim Zahnarzt"), False),
    ("zwilling Name statt Art", "Ich habe den Termin beim Zahnarzt eingetragen.", row("Termin beim Zahnarzt"), True),
    ("Floskel Klar nennt nicht rückwärts", "Klar, notiert.", row("Klarinettenunterricht"), False),
    ("zwilling Gegenrichtung ab 7", "Die Klarinette ist notiert.", row("Klarinettenunterricht"), True),
    ("Physio unter 7 nennt nicht", "Die Physio ist eingetragen.", row(), False),
    ("zwilling ganzes Wort", "Die Physiotherapie ist eingetragen.", row(), True),
    ("Tageswort trägt keinen Titel", "Ich habe notiert, dass du Mittwoch Mehl kaufen willst.",
     row("Yoga Mittwoch", berlin(2026, 12, 2, 18)), False),
    ("zwilling Kompositum ist kein Tageswort", "Das Mittwochstraining ist notiert.",
     row("Yoga Mittwoch", berlin(2026, 12, 2, 18)), True),
    ("Sonntag gegen Sonntagsbrunch", "Am Sonntag ist es notiert.", row("Sonntagsbrunch", berlin(2026, 12, 6, 11)),
     False),
    ("zwilling Sonntagsbrunch", "Der Sonntagsbrunch ist notiert.", row("Sonntagsbrunch", berlin(2026, 12, 6, 11)),
     True),
    ("Fugen-s fällt mit der Art", "Die Feier ist eingetragen.", row("Geburtstagsfeier", kind="geburtstag"), True),
    ("zwilling Art allein rückwärts", "Der Geburtstag ist eingetragen.", row("Geburtstagsfeier", kind="geburtstag"),
     False),
    ("ganzes Wort vorwärts", "Die Terminabsprache ist eingetragen.", row("Terminabsprache"), True),
    ("zwilling bloßes Termin", "Der Termin ist eingetragen.", row("Terminabsprache"), False),
    ("Arbeit nennt Arbeitstermin", "Nach der Arbeit ist es eingetragen.", row("Arbeitstermin"), True),
    ("zwilling Büro", "Im Büro ist es eingetragen.", row("Arbeitstermin"), False),
    # beyond the spec: a stated other day or hour does not name
    ("anderer Tag", "Ich habe die Physiotherapie auf Montag umgelegt.", row(), False),
    ("zwilling derselbe Tag", "Ich habe die Physiotherapie auf Freitag umgelegt.", row(), True),
    ("andere Uhrzeit", "Die Physiotherapie um 15 Uhr ist eingetragen.", row(), False),
    ("zwilling dieselbe Uhrzeit", "Die Physiotherapie um 11 Uhr ist eingetragen.", row(), True),
]


@pytest.mark.parametrize(("witness", "sentence", "target", "expected"), PAIRS, ids=[p[0] for p in PAIRS])
def test_die_nennung_witness_and_twin(witness, sentence, target, expected):
    """tribunal.md „Die Nennung“ / „Die Nennung, geschärft“: one sentence per rule, with its twin."""
    assert named(sentence, target) is expected, (witness, names_appointment(sentence, target, TODAY, BERLIN))


def test_the_witnesses_come_in_pairs():
    assert len(PAIRS) >= 35 and len(PAIRS) % 2 == 0
    assert all(PAIRS[i][3] != PAIRS[i + 1][3] for i in range(0, len(PAIRS), 2))


def test_ways_are_reported_the_day_beside_the_hour():
    """The day stands beside the hour in the ways (the debug log), and alone it is only a way, no naming."""
    ways = names_appointment("Am Freitag um 11 Uhr ist es notiert.", row(), TODAY, BERLIN)
    assert WAY_TIME in ways and WAY_DAY in ways and names(ways)
    alone = names_appointment("Am Freitag ist es notiert.", row(), TODAY, BERLIN)
    assert alone == (WAY_DAY,) and not names(alone)


def test_a_row_without_kind_is_named_by_its_hour_only(caplog):
    """„Eine Zeile ohne Art wird laut gemeldet und trägt kein Titelwort“ — twin: with its kind the title names."""
    bare = {**row(), "event_type": None}
    assert names_appointment("Die Physiotherapie ist eingetragen.", bare, TODAY, BERLIN) == ()
    assert "no event_type" in caplog.text
    assert names_appointment("Um 11 Uhr ist es eingetragen.", bare, TODAY, BERLIN) == (WAY_TIME,)
    assert WAY_TITLE in names_appointment("Die Physiotherapie ist eingetragen.", row(), TODAY, BERLIN)


def test_title_words_cut_the_kind_and_keep_the_whole_word_forward():
    words = title_words("Geburtstagsfeier bei Anna", "geburtstag")
    assert words.stems == {"feier", "anna"} and words.whole == {"geburtstagsfeier"}
    assert title_words("Termin", "termin").stems == frozenset()  # the bare kind names nothing
    assert title_words("Terminsache", "termin").stems == {"ache"}  # a named cheap flaw: the s of the word falls
    with pytest.raises(ValueError):
        title_words(42, "termin")  # a title that is no text is loud


def test_an_hour_of_day_precision_row_is_never_named_by_the_hour():
    """A row without a clock time has no minute to name; the twin with a clock time is named."""
    day_row = row(precision="day")
    assert WAY_TIME not in names_appointment("Um 11 Uhr ist es eingetragen.", day_row, TODAY, BERLIN)
    assert WAY_CONTRADICTION not in names_appointment("Um 11 Uhr ist es eingetragen.", day_row, TODAY, BERLIN)
    assert WAY_TIME in names_appointment("Um 11 Uhr ist es eingetragen.", row(), TODAY, BERLIN)
