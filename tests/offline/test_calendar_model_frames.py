"""The fourth external source (Bot Framework Solutions' German Calendar model): calendar orders in frames
the request grammar did not know, end to end through `Nova.turn` (timeline.md §3a: an explicit request creates;
§4: a question reads). A planning verb enters, the calendar named as the place is no part of the title and no move,
a clock time without a list makes an addition an appointment, a look at the calendar reads — and a second person's
calendar stays as it was, a list command stays the notes'."""

from __future__ import annotations

import pytest

from novaberg.notes.repository import NotesRepository
from tests.support import appointments_of, berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday


def _rows(nova, user="u1"):
    return appointments_of(nova, user)


@pytest.mark.parametrize(("sentence", "title", "moment"), [
    ("Plane die Mechanikerprüfung am Freitag um 12 Uhr", "Mechanikerprüfung", "2026-11-13T12:00"),
    ("Vereinbare einen Tierarzttermin um 9 Uhr am Samstag", "Tierarzttermin", "2026-11-14T09:00"),
    ("Setze Tanz auf meinen Kalender für Montag 19 Uhr", "Tanz", "2026-11-16T19:00"),
    ("Füge Zahnarzttermin meinem Kalender am Freitag um 15 Uhr hinzu", "Zahnarzttermin", "2026-11-13T15:00"),
    ("Füge Tanz am Dienstag um 16 Uhr hinzu", "Tanz", "2026-11-17T16:00"),
])
def test_s3a_a_calendar_frame_enters_title_and_time(nova, db, sentence, title, moment):
    result = nova.turn("u1", "nova", sentence, NOW)
    assert _rows(nova) == [(title, moment)], result.answer
    assert _rows(nova, "u2") == []
    assert NotesRepository(db).list("u1") == []


@pytest.mark.parametrize("sentence", ["Prüfe meinen Kalender", "Zeig mir das Treffen mit Paul",
                                      "Schlage meinen nächsten Termin für mich nach"])
def test_a_look_at_the_calendar_reads_and_writes_nothing(nova, sentence):
    nova.turn("u1", "nova", "Trag mir am Freitag um 9 Uhr Zahnarzt ein", NOW)
    result = nova.turn("u1", "nova", sentence, NOW)
    assert any(s.get("name") == "timeline" and s.get("status") == "abgeschlossen" for s in result.services), result.answer
    assert _rows(nova) == [("Zahnarzt", "2026-11-13T09:00")]


def test_a_list_command_with_the_same_verbs_stays_the_notes(nova, db):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.turn("u1", "nova", "Setze Käse auf die Einkaufsliste", NOW)
    assert _rows(nova) == []
    assert [row["text"] for row in NotesRepository(db).list("u1")] == ["Brot\nKäse"]


def test_minutes_in_words_never_become_a_create_by_a_frame(nova):
    """*„Plane Abendessen morgen um 18 Uhr dreißig"*: the minute word never stays in the title at 18:00 (a wrong write
    is worse than none) — since the time reader takes minutes in words after *Uhr* (voice forms) the entry is
    the one meant, Abendessen at 18:30."""
    nova.turn("u1", "nova", "Plane Abendessen morgen um 18 Uhr dreißig", NOW)
    assert _rows(nova) == [("Abendessen", "2026-11-12T18:30")]


@pytest.mark.parametrize("sentence", ["Plane Ben für Samstagabend", "Vereinbare mir einen Termin für zehn vierzig am Montag"])
def test_a_time_the_reader_cannot_take_never_becomes_a_create_by_a_frame(nova, sentence):
    """*Samstagabend* (a day and its part in one word) and *zehn vierzig* (minutes in words) stayed in the title of an
    entry without the time said — the frame leaves such a sentence alone."""
    nova.turn("u1", "nova", sentence, NOW)
    assert _rows(nova) == []
