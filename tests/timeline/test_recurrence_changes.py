"""Series changes end to end through `Nova.turn`: one occurrence or the whole series changes; a sentence that
does not say which gets a question; every write is read back (§7.4) and history kept (§5.2 `nachfolger_id`)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest

from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday
VOLLEYBALL = "Trag bitte jeden Montag um 18 Uhr Volleyball ein"


def _turn(nova, text, user=USER):
    return nova.turn(user, FIGURE, text, NOW)


@pytest.fixture
def volleyball(nova):
    assert _turn(nova, VOLLEYBALL).services[-1]["status"] == "abgeschlossen"
    return nova.timeline.list(USER, FIGURE)[0]["id"]


def _rows(nova, user=USER):
    return {r["id"]: r for r in nova.timeline.list(user, FIGURE, active_only=False)}


def test_diesen_montag_faellt_volleyball_aus_is_an_exdate(nova, volleyball):
    result = _turn(nova, "Diesen Montag fällt Volleyball aus")
    assert result.answer == ("Abgesagt: „Volleyball“ am Montag, 30.11.2026, 18:00 Uhr. Die Serie bleibt (jeden Montag "
                             "um 18:00 Uhr).")
    assert result.services[-1]["status"] == "abgeschlossen"
    series = _rows(nova)[volleyball]
    assert series["aktiv"] and series["exdates"] == [datetime(2026, 11, 30, 17, tzinfo=UTC)]
    today = _turn(nova, "Was steht heute an?")
    assert "Volleyball" not in today.answer
    assert "Montag, 07.12.2026, 18:00 Uhr: Volleyball" in _turn(nova, "Was steht nächste Woche an?").answer


def test_verschieb_volleyball_naechste_woche_auf_dienstag_moves_one_occurrence(nova, volleyball):
    result = _turn(nova, "Verschieb Volleyball nächste Woche auf Dienstag")
    assert result.answer == ("Verschoben: „Volleyball“ von Montag, 07.12.2026, 18:00 Uhr auf Dienstag, 08.12.2026, "
                             "18:00 Uhr — nur dieser eine Termin, die Serie bleibt (jeden Montag um 18:00 Uhr).")
    rows = _rows(nova)
    [moved] = [r for r in rows.values() if r["id"] != volleyball]
    assert (moved["serie_id"], moved["serie_original"], moved["event_time"], moved["rrule"]) == (
        volleyball, datetime(2026, 12, 7, 17, tzinfo=UTC), berlin(2026, 12, 8, 18), None)
    assert rows[volleyball]["exdates"] == [datetime(2026, 12, 7, 17, tzinfo=UTC)]
    week = _turn(nova, "Was steht nächste Woche an?")
    assert week.answer == ("Deine Termine von Montag, 07.12.2026 bis Sonntag, 13.12.2026:\n"
                           "- Dienstag, 08.12.2026, 18:00 Uhr: Volleyball (in 8 Tagen)")


@pytest.mark.parametrize(("text", "question"), [
    ("Lösch Volleyball", "Soll nur ein Termin ausfallen oder die ganze Serie weg?"),
    ("Verschieb Volleyball auf Dienstag", "Soll sich nur ein Termin ändern oder die ganze Serie?"),
])
def test_a_sentence_that_does_not_say_which_asks_and_writes_nothing(nova, volleyball, text, question):
    before = _rows(nova)
    result = _turn(nova, text)
    assert result.services[-1]["status"] == "rueckfrage"
    assert question in result.answer and "nichts eingetragen und nichts geändert" in result.answer
    assert _rows(nova) == before


def test_ab_jetzt_immer_dienstags_changes_the_whole_series_with_history(nova, volleyball):
    _turn(nova, "Verschieb Volleyball nächste Woche auf Dienstag")
    result = _turn(nova, "Volleyball ist ab jetzt immer dienstags")
    assert result.answer == ("Geändert: „Volleyball“ ist ab Dienstag, 01.12.2026, 18:00 Uhr jeden Dienstag um 18:00 Uhr "
                             "(vorher jeden Montag um 18:00 Uhr).")
    rows = _rows(nova)
    old = rows[volleyball]
    new = rows[old["nachfolger_id"]]  # §5.2: the old series is retired with its successor
    assert not old["aktiv"] and new["aktiv"] and new["rrule"] == "FREQ=WEEKLY;BYDAY=TU"
    assert [r["title"] for r in nova.timeline.list(USER, FIGURE)] == ["Volleyball"]  # the moved Monday ended too
    week = _turn(nova, "Was steht nächste Woche an?")
    assert week.answer.endswith("- Dienstag, 08.12.2026, 18:00 Uhr: Volleyball (in 8 Tagen)")


def test_loesch_volleyball_ganz_deletes_the_series_and_its_moved_occurrences(nova, volleyball):
    _turn(nova, "Verschieb Volleyball nächste Woche auf Dienstag")
    result = _turn(nova, "Lösch Volleyball ganz")
    assert result.answer == "Gelöscht: die ganze Serie „Volleyball“ (jeden Montag um 18:00 Uhr)."
    assert nova.timeline.list(USER, FIGURE) == []
    assert len(_rows(nova)) == 2  # soft delete (§5.3): both rows kept, inactive
    assert "Volleyball" not in _turn(nova, "Was steht nächste Woche an?").answer


def test_another_person_cannot_touch_the_series(nova, volleyball):
    other = _turn(nova, "Lösch Volleyball ganz", user="ben")
    assert other.services[-1]["status"] == "fehler"
    assert _rows(nova)[volleyball]["aktiv"]


def test_parallel_cancellations_write_one_exdate(nova, volleyball):
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda _: _turn(nova, "Diesen Montag fällt Volleyball aus"), range(4)))
    assert _rows(nova)[volleyball]["exdates"] == [datetime(2026, 11, 30, 17, tzinfo=UTC)]
