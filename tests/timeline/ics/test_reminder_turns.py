"""Issue 29 item 5 end to end through `Nova.turn`: the phrasings enter rows with a reminder offset, the feed
carries a VALARM (parsed with vobject), `GET /api/due` lists what is due for the signed-in person only, and
the answer says how the reminder reaches the person."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import vobject
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from novaberg.timeline.ics.feed import person_calendar
from novaberg.timeline.ics.store import CalendarStore
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin

NOW = berlin(2026, 3, 2, 10)  # Monday


def _rows(nova: Any, user: str = "anna") -> dict[str, dict[str, Any]]:
    return {row["title"]: row for row in CalendarStore(nova.stack.db).feed_rows(user)}


def _alarms(nova: Any, user: str = "anna") -> dict[str, timedelta]:
    calendar = vobject.readOne(person_calendar(nova.stack.db, user, nova.settings.zone, NOW).decode())
    return {event.summary.value: event.valarm.trigger.value
            for event in calendar.vevent_list if hasattr(event, "valarm")}


def test_reminder_row_from_erinnere_mich_am_freitag_um_8(nova):
    """Issue 29 item 5: „Erinnere mich am Freitag um 8 daran, die Mülltonne rauszustellen“ → type erinnerung,
    a VALARM at its moment; the answer names the app (no subscription yet)."""
    result = nova.turn("anna", "nova", "Erinnere mich am Freitag um 8 daran, die Mülltonne rauszustellen", NOW)
    row = _rows(nova)["Mülltonne rauszustellen"]
    assert (row["event_type"], row["erinnern_vorher_min"]) == ("erinnerung", 0)
    assert row["event_time"] == berlin(2026, 3, 6, 8)
    assert "App" in result.answer and "von selbst melde ich mich nicht" in result.answer
    assert _alarms(nova) == {"Mülltonne rauszustellen": timedelta(0)}


def test_appointment_with_und_erinner_mich_eine_stunde_vorher(nova):
    """Issue 29 item 5: „… und erinner mich eine Stunde vorher“ — entered as „Zahnarzt“ with TRIGGER -PT1H."""
    result = nova.turn("anna", "nova", "Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher", NOW)
    row = _rows(nova)["Zahnarzt"]
    assert (row["event_type"], row["erinnern_vorher_min"], row["event_time"]) == ("termin", 60, berlin(2026, 3, 3, 10))
    assert "eine Stunde vorher" in result.answer
    assert _alarms(nova) == {"Zahnarzt": timedelta(hours=-1)}


def test_a_subscribed_person_is_told_the_calendar_reminds(nova):
    CalendarStore(nova.stack.db).create_token("anna", NOW)
    result = nova.turn("anna", "nova", "Trag mir Donnerstag um 15 Uhr Friseur ein, erinnere mich 30 Minuten vorher",
                       NOW)
    assert _rows(nova)["Friseur"]["erinnern_vorher_min"] == 30
    assert "abonnierter Nova-Kalender" in result.answer and "30 Minuten vorher" in result.answer


def test_an_appointment_without_the_clause_has_no_alarm(nova):
    nova.turn("anna", "nova", "Trag mir morgen um 10 Uhr Zahnarzt ein", NOW)
    assert _rows(nova)["Zahnarzt"]["erinnern_vorher_min"] is None and _alarms(nova) == {}


def test_a_moved_appointment_keeps_its_reminder(nova):
    nova.turn("anna", "nova", "Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher", NOW)
    old = _rows(nova)["Zahnarzt"]
    TimelineRepository(nova.stack.db).verschieben("anna", "nova", old["id"], new_time=berlin(2026, 3, 4, 11),
                                                  precision="minute", now=NOW)  # §5.2: the successor row
    row = _rows(nova)["Zahnarzt"]
    assert row["id"] != old["id"]
    assert (row["event_time"], row["erinnern_vorher_min"]) == (berlin(2026, 3, 4, 11), 60)


def test_parallel_identical_orders_with_a_reminder_write_one_row(nova):
    """A write path under the pair's lock: two identical orders at once → one row, with its reminder."""
    text = "Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher"
    threads = [threading.Thread(target=nova.turn, args=("anna", "nova", text, NOW)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = CalendarStore(nova.stack.db).feed_rows("anna")
    assert [(r["title"], r["erinnern_vorher_min"]) for r in rows] == [("Zahnarzt", 60)]


def test_due_lists_what_is_due_for_the_signed_in_person_only(nova, tmp_path):
    """`GET /api/due`: before the reminder's moment nothing, from it on the row; bob never sees anna's."""
    nova.turn("anna", "nova", "Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher", NOW)
    nova.turn("bob", "nova", "Morgen um 10 Uhr Quellmalz und erinner mich eine Stunde vorher", NOW)
    tokens = PersonTokens(nova.stack.db)
    auth = {user: {"Authorization": f"Bearer {tokens.create(user, NOW)}"} for user in ("anna", "bob")}

    def due(at: Any, user: str) -> list[str]:
        client = TestClient(create_app(nova, FixedClock(at), token="operator-token-due-0123456789",
                                       person_tokens=tokens), base_url="http://127.0.0.1:8765")
        response = client.get("/api/due", headers=auth[user])
        assert response.status_code == 200
        return [item["titel"] for item in response.json()["faellig"]]

    assert due(berlin(2026, 3, 3, 8, 59), "anna") == []
    assert due(berlin(2026, 3, 3, 9, 0), "anna") == ["Zahnarzt"]
    assert due(berlin(2026, 3, 3, 11, 0), "anna") == ["Zahnarzt"]  # still today: opening the app later shows it
    assert due(berlin(2026, 3, 4, 9, 0), "anna") == []
    assert due(berlin(2026, 3, 3, 9, 30), "bob") == ["Quellmalz"]


def _due_client(nova: Any, tokens: PersonTokens) -> Any:
    def due(at: Any, user: str) -> list[tuple[str, str]]:
        client = TestClient(create_app(nova, FixedClock(at), token="operator-token-due-0123456789",
                                       person_tokens=tokens), base_url="http://127.0.0.1:8765")
        response = client.get("/api/due", headers={"Authorization": f"Bearer {auth[user]}"})
        assert response.status_code == 200
        return [(item["titel"], item["zeit"]) for item in response.json()["faellig"]]

    auth = {user: tokens.create(user, NOW) for user in ("anna", "bob")}
    return due


def test_due_sees_every_occurrence_of_a_weekly_series(nova, tmp_path):
    """Issue 29 item 5 with item 2 (*every reader sees the occurrences*): a weekly appointment with „… und
    erinner mich eine Stunde vorher“ is due on each of its days, not only on the first; a cancelled occurrence
    (exdate) is not; bob's series is his alone."""
    nova.turn("anna", "nova", "Trag jeden Dienstag um 10 Uhr Volleyball ein und erinner mich eine Stunde vorher", NOW)
    nova.turn("bob", "nova", "Trag jeden Mittwoch um 10 Uhr Chor ein und erinner mich eine Stunde vorher", NOW)
    series = _rows(nova)["Volleyball"]
    assert (series["rrule"] is not None, series["erinnern_vorher_min"]) == (True, 60)
    TimelineRepository(nova.stack.db).cancel_occurrence("anna", "nova", series["id"], berlin(2026, 3, 17, 10),
                                                        now=NOW, zone=nova.settings.zone)
    due = _due_client(nova, PersonTokens(nova.stack.db))

    assert due(berlin(2026, 3, 3, 9, 0), "anna") == [("Volleyball", "2026-03-03T10:00+01:00")]
    assert due(berlin(2026, 3, 10, 8, 59), "anna") == []
    assert due(berlin(2026, 3, 10, 9, 0), "anna") == [("Volleyball", "2026-03-10T10:00+01:00")]
    assert due(berlin(2026, 3, 10, 20, 0), "anna") == [("Volleyball", "2026-03-10T10:00+01:00")]
    assert due(berlin(2026, 3, 17, 9, 30), "anna") == []  # cancelled that week
    assert due(berlin(2026, 3, 31, 9, 0), "anna") == [("Volleyball", "2026-03-31T10:00+02:00")]  # after DST
    assert due(berlin(2026, 3, 11, 9, 0), "bob") == [("Chor", "2026-03-11T10:00+01:00")]
    assert due(berlin(2026, 3, 11, 9, 0), "anna") == []


def test_due_never_expands_a_series_beyond_the_window(nova):
    """Issue 29 *Bad input*: a series without end is expanded only up to now plus its offset, from today."""
    nova.turn("anna", "nova", "Trag jeden Dienstag um 10 Uhr Volleyball ein und erinner mich eine Stunde vorher", NOW)
    rows = CalendarStore(nova.stack.db).due_rows("anna", berlin(2027, 3, 2, 9, 30), berlin(2027, 3, 2, 0),
                                                 nova.settings.zone)
    assert [(r["title"], r["event_time"]) for r in rows] == [("Volleyball", berlin(2027, 3, 2, 10))]


def test_the_reminder_survives_the_time_question_of_a_create(nova):
    """Issue 29 item 5 with §5.2's time question: „Trag Zahnarzt ein und erinner mich eine Stunde vorher“ →
    „Wann …?“ → „Freitag um 10“ enters Zahnarzt with its reminder; the answer's turn never said it, so the
    offset waits in the pending state. Bob's create in between neither takes it nor loses his own."""
    asked = nova.turn("anna", "nova", "Trag Zahnarzt ein und erinner mich eine Stunde vorher", NOW)
    assert "Wann" in asked.answer and _rows(nova) == {}
    nova.turn("bob", "nova", "Trag Friseur ein", NOW)
    nova.turn("bob", "nova", "Donnerstag um 15 Uhr", NOW)
    done = nova.turn("anna", "nova", "Freitag um 10", NOW)
    row = _rows(nova)["Zahnarzt"]
    assert (row["event_time"], row["erinnern_vorher_min"]) == (berlin(2026, 3, 6, 10), 60)
    assert "eine Stunde vorher" in done.answer
    assert _alarms(nova) == {"Zahnarzt": timedelta(hours=-1)}
    assert _rows(nova, "bob")["Friseur"]["erinnern_vorher_min"] is None


def test_the_reminder_survives_the_half_of_day_question_of_a_create(nova):
    """The same through the half-of-day question (issue 18 §5): „… um 3 …“ → „… 03:00 oder 15:00?“ → „nachmittags“."""
    nova.turn("anna", "nova", "Trag Freitag um 3 Kino ein und erinner mich 30 Minuten vorher", NOW)
    assert _rows(nova) == {}
    nova.turn("anna", "nova", "nachmittags", NOW)
    row = _rows(nova)["Kino"]
    assert (row["event_time"], row["erinnern_vorher_min"]) == (berlin(2026, 3, 6, 15), 30)
