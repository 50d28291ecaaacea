"""Issue 29 item 4: the person's calendar over HTTP — `GET /api/calendar.ics` behind the sign-in and the
subscription URL with its own revocable token; parsed back with vobject (an independent library). Two persons:
bob's appointments never reach anna's feed, a foreign, revoked or replaced subscription token sees nothing (404)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import vobject
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from novaberg.timeline.ics.store import CalendarStore
from novaberg.timeline.repository import NewRow, TimelineRepository
from tests.support import berlin

TOKEN = "operator-token-calendar-0123456789"
NOW = berlin(2026, 3, 2, 10)  # Monday


def _add(nova: Any, user: str, title: str, when: datetime, *, character: str = "nova", kind: str = "termin",
         precision: str = "minute") -> int:
    return TimelineRepository(nova.stack.db).insert(
        user, character, NewRow.for_type(kind, title=title, event_time=when, precision=precision), NOW)


@pytest.fixture
def setup(nova: Any, tmp_path: Any) -> tuple[TestClient, dict[str, dict[str, str]]]:
    tokens = PersonTokens(nova.stack.db)
    auth = {user: {"Authorization": f"Bearer {tokens.create(user, NOW)}"} for user in ("anna", "bob")}
    client = TestClient(create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens),
                        base_url="http://127.0.0.1:8765", raise_server_exceptions=False)
    return client, auth


def _events(body: str) -> dict[str, Any]:
    calendar = vobject.readOne(body)
    return {event.summary.value: event for event in getattr(calendar, "vevent_list", [])}


def test_calendar_ics_shows_the_persons_active_rows_only(nova, setup):
    """§5.2/§5.3: a moved row (nachfolger_id) and a deleted row leave the feed; the successor is in it;
    anchors and events of others are no appointments; bob's rows never appear."""
    client, auth = setup
    repo = TimelineRepository(nova.stack.db)
    moved = _add(nova, "anna", "Zahnarzt", berlin(2026, 3, 10, 9))
    repo.verschieben("anna", "nova", moved, new_time=berlin(2026, 3, 11, 9), precision="minute", now=NOW)
    deleted = _add(nova, "anna", "Friseur", berlin(2026, 3, 12, 9))
    repo.invalidate("anna", "nova", deleted, NOW)
    _add(nova, "anna", "Omas Geburtstag", berlin(2026, 3, 14, 0), kind="geburtstag", precision="day")
    _add(nova, "anna", "Theater mit Luna", berlin(2026, 3, 20, 19), character="luna")
    _add(nova, "anna", "Anker", berlin(2026, 3, 3, 9), kind="erinnerungs_anker")
    _add(nova, "bob", "Quellmalz", berlin(2026, 3, 10, 9))
    response = client.get("/api/calendar.ics", headers=auth["anna"])
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/calendar")
    events = _events(response.text)
    assert sorted(events) == ["Omas Geburtstag", "Theater mit Luna", "Zahnarzt"]
    assert events["Zahnarzt"].dtstart.value.astimezone(UTC) == datetime(2026, 3, 11, 8, 0, tzinfo=UTC)
    assert "Quellmalz" not in response.text
    only_nova = _events(client.get("/api/calendar.ics?character_id=nova", headers=auth["anna"]).text)
    assert sorted(only_nova) == ["Omas Geburtstag", "Zahnarzt"]
    assert sorted(_events(client.get("/api/calendar.ics", headers=auth["bob"]).text)) == ["Quellmalz"]
    assert client.get("/api/calendar.ics?user_id=anna", headers=auth["bob"]).status_code == 403
    assert client.get("/api/calendar.ics").status_code == 401


def test_uids_are_stable_across_exports(nova, setup):
    client, auth = setup
    _add(nova, "anna", "Zahnarzt", berlin(2026, 3, 10, 9))
    first = client.get("/api/calendar.ics", headers=auth["anna"]).text
    later = TestClient(create_app(nova, FixedClock(NOW + timedelta(days=3)), token=TOKEN,
                                  person_tokens=PersonTokens(nova.stack.db)),
                       base_url="http://127.0.0.1:8765").get("/api/calendar.ics?user_id=anna",
                                                              headers={"Authorization": f"Bearer {TOKEN}"}).text
    assert _events(first)["Zahnarzt"].uid.value == _events(later)["Zahnarzt"].uid.value


def test_subscription_url_create_use_revoke_and_foreign_tokens_see_nothing(nova, setup):
    """A feed token of another person shows that person's calendar only; a revoked or replaced one is 404
    (not 403); tokens are stored as SHA-256 only."""
    client, auth = setup
    _add(nova, "anna", "Zahnarzt", berlin(2026, 3, 10, 9))
    _add(nova, "bob", "Quellmalz", berlin(2026, 3, 10, 9))
    assert client.get("/api/calendar/token", headers=auth["anna"]).json()["aktiv"] is False
    created = client.post("/api/calendar/token", headers=auth["anna"]).json()
    url = created["url"]
    assert url.startswith("http://127.0.0.1:8765/api/calendar/feed.ics?token=")
    token = url.split("token=", 1)[1]
    with nova.stack.db.transaction() as conn:
        stored = conn.execute("SELECT token_sha256 FROM kalender_abos WHERE user_id = 'anna'").fetchone()
    assert stored["token_sha256"] != token and len(stored["token_sha256"]) == 64
    feed = client.get(url.removeprefix("http://127.0.0.1:8765"))  # no header at all: a calendar app
    assert feed.status_code == 200 and sorted(_events(feed.text)) == ["Zahnarzt"]
    assert client.get("/api/calendar/token", headers=auth["anna"]).json()["aktiv"] is True
    bob_url = client.post("/api/calendar/token", headers=auth["bob"]).json()["url"]
    assert sorted(_events(client.get(bob_url.removeprefix("http://127.0.0.1:8765")).text)) == ["Quellmalz"]
    for wrong in ("", "x", token[:-1], token + "x"):
        assert client.get(f"/api/calendar/feed.ics?token={wrong}").status_code == 404
    replaced = client.post("/api/calendar/token", headers=auth["anna"]).json()["url"]
    assert client.get(f"/api/calendar/feed.ics?token={token}").status_code == 404
    assert client.get(replaced.removeprefix("http://127.0.0.1:8765")).status_code == 200
    assert client.delete("/api/calendar/token", headers=auth["anna"]).json()["widerrufen"] is True
    assert client.get(replaced.removeprefix("http://127.0.0.1:8765")).status_code == 404
    assert client.get(bob_url.removeprefix("http://127.0.0.1:8765")).status_code == 200  # bob's stays


def test_store_finds_a_token_only_by_its_own_hash(db):
    store = CalendarStore(db)
    anna = store.create_token("anna", NOW)
    bob = store.create_token("bob", NOW)
    assert (store.person_of_token(anna), store.person_of_token(bob)) == ("anna", "bob")
    assert store.person_of_token(None) is None and store.person_of_token("") is None
    assert store.revoke_token("anna") is True and store.revoke_token("anna") is False
    assert store.person_of_token(anna) is None and store.person_of_token(bob) == "bob"
