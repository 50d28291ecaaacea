"""`GET /api/memory` — the pair's memory as JSON, behind the app's sign-in, ids checked."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "test-token-0123456789abcdefghijklmnop"
BASE = "http://127.0.0.1:8765"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
NOW = berlin(2026, 12, 1, 10)


def _client(nova) -> TestClient:
    return TestClient(create_app(nova, FixedClock(NOW), token=TOKEN), base_url=BASE, raise_server_exceptions=False)


def test_memory_json_shows_short_and_long_term(nova):
    nova.turn("u1", "nova", "Meine Schwester heißt Lena.", NOW)
    nova.pixie.tick(NOW + timedelta(minutes=1))
    nova.turn("u1", "nova", "Ich bin heute ziemlich müde.", NOW + timedelta(minutes=2))
    response = _client(nova).get("/api/memory", params={"user_id": "u1", "character_id": "nova"}, headers=AUTH)
    assert response.status_code == 200
    body = response.json()
    assert [n["inhalt"] for n in body["langzeit"]] == ["Meine Schwester heißt Lena."]
    assert body["langzeit"][0]["aktiv"] is True
    assert [e["inhalt"] for e in body["kurzzeit"]] == ["Ich bin heute ziemlich müde."]
    assert body["kurzzeit"][0]["ttl_sekunden"] > 0
    assert "kzg:" not in response.text  # no Redis keys, no row ids


def test_memory_json_needs_the_token_and_valid_ids(nova):
    assert _client(nova).get("/api/memory", params={"user_id": "u1"}).status_code == 401
    bad = _client(nova).get("/api/memory", params={"user_id": "u\x00", "character_id": "nova"}, headers=AUTH)
    assert bad.status_code == 422


def test_another_pair_sees_nothing(nova):
    nova.turn("u1", "nova", "Meine Schwester heißt Lena.", NOW)
    nova.pixie.tick(NOW + timedelta(minutes=1))
    response = _client(nova).get("/api/memory", params={"user_id": "u2", "character_id": "nova"}, headers=AUTH)
    assert response.json()["langzeit"] == [] and response.json()["kurzzeit"] == []
