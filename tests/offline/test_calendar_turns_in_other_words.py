"""Calendar requests in other hands' words end to end through `Nova.turn` — the entry is
written with the title and the time said (timeline.md §3a: an explicit request creates), a second person's
calendar stays as it was, and a statement still writes nothing."""

from __future__ import annotations

import pytest

from tests.support import appointments_of, berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday


def _rows(nova, user="u1"):
    return appointments_of(nova, user)


@pytest.mark.parametrize(("sentence", "title", "moment"), [
    ("Benachrichtige mich über den Elternabend am Freitag um 19 Uhr", "Elternabend", "2026-11-13T19:00"),
    ("Füge eine neue Erinnerung Müll rausbringen für morgen 18 Uhr hinzu", "Müll rausbringen", "2026-11-12T18:00"),
    ("Füge einen Termin Zahnarzt am Freitag um 9 Uhr hinzu", "Zahnarzt", "2026-11-13T09:00"),
    ("Erstelle ein Ereignis Yoga am Montag um 19 Uhr", "Yoga", "2026-11-16T19:00"),
    ("Der Zahnarzt soll am Freitag um 9 Uhr eingetragen werden", "Zahnarzt", "2026-11-13T09:00"),
])
def test_a_request_in_other_words_enters_title_and_time(nova, sentence, title, moment):
    result = nova.turn("u1", "nova", sentence, NOW)
    assert _rows(nova) == [(title, moment)], result.answer
    assert _rows(nova, "u2") == []


def test_a_passive_order_to_move_is_classified_and_never_writes_a_wrong_time(nova):
    """*„Der Zahnarzt muss auf Montag verschoben werden"* is classified as the move of „Zahnarzt"; the
    write path reads the new time from the order without its passive frame (*verschieben Der Zahnarzt auf Montag*,
    timeline.md §5.2, both checks) and moves it — not only an imperative moves. The other
    person's appointment stays."""
    nova.turn("u1", "nova", "Trag mir am Freitag um 9 Uhr Zahnarzt ein", NOW)
    nova.turn("u2", "nova", "Trag mir am Freitag um 9 Uhr Zahnarzt ein", NOW)
    result = nova.turn("u1", "nova", "Der Zahnarzt muss auf Montag verschoben werden", NOW)
    assert result.answer.startswith("Verschoben: „Zahnarzt“"), result.answer
    assert _rows(nova) == [("Zahnarzt", "2026-11-16T09:00")]
    assert _rows(nova, "u2") == [("Zahnarzt", "2026-11-13T09:00")]
    kept = nova.turn("u1", "nova", "Der Zahnarzt muss auf 11 Uhr verschoben werden", NOW)
    assert "nichts" in kept.answer or kept.answer.endswith("?"), kept.answer  # §5.2: the half of day is asked
    assert _rows(nova) == [("Zahnarzt", "2026-11-16T09:00")]


def test_all_reminders_of_a_day_are_read_not_filtered_by_a_title(nova):
    """*„Zeige alle Erinnerungen für Freitag"* read the title „alle" and showed nothing: the whole day is read."""
    nova.turn("u1", "nova", "Trag mir am Freitag um 9 Uhr Zahnarzt ein", NOW)
    result = nova.turn("u1", "nova", "Zeige alle Erinnerungen für Freitag", NOW)
    assert "Zahnarzt" in result.answer
    asked = nova.turn("u1", "nova", "Gibt es am Freitag Termine?", NOW)
    assert "Zahnarzt" in asked.answer


def test_a_statement_about_a_reminder_writes_nothing(nova):
    nova.turn("u1", "nova", "Die Erinnerung ist morgen um 8 Uhr", NOW)
    assert _rows(nova) == []


@pytest.mark.parametrize("sentence", ["Trag den Zahnarzt am Freitag um 9 nicht ein",
                                      "Erinnere mich nicht an den Elternabend am Freitag um 19 Uhr",
                                      "Setz Milch nicht auf die Einkaufsliste", "Setz keine Milch auf die Einkaufsliste"])
def test_a_negated_order_writes_nothing(nova, sentence):
    """A negated order entered „Zahnarzt nicht“ / added „Milch nicht“: now nothing is written anywhere."""
    from novaberg.notes.repository import NotesRepository

    NotesRepository(nova.stack.db).insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.turn("u1", "nova", sentence, NOW)
    assert _rows(nova) == []
    assert [row["text"] for row in NotesRepository(nova.stack.db).list("u1")] == ["Brot"]
