"""The web app's week and month views show a series as its occurrences (GET /api/appointments)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "operator-token-recurrence-0123456789"
NOW = berlin(2026, 11, 30, 10)  # Monday
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def _starts(nova, path):
    client = TestClient(create_app(nova, FixedClock(NOW), token=TOKEN), base_url="http://127.0.0.1:8765")
    response = client.get(path, headers=AUTH)
    assert response.status_code == 200, response.text
    return [(a["title"], a["start"], a["status"]) for a in response.json()["appointments"]]


def test_week_and_month_views_show_each_occurrence_of_a_series(nova):
    nova.turn("ich", "nova", "Trag bitte jeden Montag um 18 Uhr Volleyball ein", NOW)
    nova.turn("ich", "nova", "Diesen Montag fällt Volleyball aus", NOW)
    week = _starts(nova, "/api/appointments?view=woche&date=2026-12-08&user_id=ich&character_id=nova")
    assert week == [("Volleyball", "2026-12-07T18:00+01:00", "aktiv")]
    month = _starts(nova, "/api/appointments?view=monat&date=2026-12-01&user_id=ich&character_id=nova")
    assert [start[:10] for _, start, _ in month] == ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"]
    november = _starts(nova, "/api/appointments?view=woche&date=2026-11-30&user_id=ich&character_id=nova")
    assert november == []  # the cancelled Monday is not shown
