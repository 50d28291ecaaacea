"""The HTTP API: one turn per POST; empty text is a 422 with a clear message."""

from __future__ import annotations

from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.core.clock import FixedClock
from tests.support import berlin


def test_post_turn_and_page(nova):
    client = TestClient(create_app(nova, FixedClock(berlin(2026, 11, 30, 10))))
    response = client.post("/turn", json={"user_id": "u", "character_id": "nova", "text": "Hallo"})
    assert response.status_code == 200
    assert set(response.json()) >= {"answer", "services", "verdict"}
    assert "Nova" in client.get("/").text


def test_empty_text_is_422(nova):
    client = TestClient(create_app(nova, FixedClock(berlin(2026, 11, 30, 10))))
    response = client.post("/turn", json={"user_id": "u", "character_id": "nova", "text": "  "})
    assert response.status_code == 422 and "empty" in response.json()["detail"]
