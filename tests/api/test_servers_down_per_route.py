"""Every HTTP route answers 503 with the German message when the server it reads does not answer: PostgreSQL
(the pool's own error, and a driver error that escapes it) and Redis (a time-out and a lost connection) —
never a 500, never a traceback to the client. The fault is made in the client libraries (every command fails
the way a frozen or killed server makes it fail), so the test is deterministic and freezes no shared server."""

from __future__ import annotations

import uuid

import psycopg
import pytest
import redis
from fastapi.testclient import TestClient

from novaberg.api import texts
from novaberg.api.app import create_app
from novaberg.api.auth import COOKIE_NAME, PersonTokens
from novaberg.core.clock import FixedClock
from novaberg.core.errors import DatabaseError, DatabaseUnavailableError
from tests.support import berlin

TOKEN = "operator-token-servers-down-0123456789"
BASE = "http://127.0.0.1:8765"
NOW = berlin(2026, 11, 30, 10)
TURN = {"user_id": "anna", "character_id": "nova", "text": "Was steht morgen an?"}

DATABASE_ROUTES = [
    ("GET", "/api/me"), ("GET", "/api/history"), ("GET", f"/api/turns/{uuid.UUID(int=7)}/review"),
    ("GET", "/api/appointments"), ("GET", "/api/notes"), ("GET", "/api/roots"), ("GET", "/api/memory"),
    ("GET", "/api/calendar.ics"), ("GET", "/api/calendar/feed.ics?token=abc"), ("GET", "/api/calendar/token"),
    ("POST", "/api/calendar/token"), ("DELETE", "/api/calendar/token"), ("GET", "/api/due"), ("GET", "/api/export"),
    ("POST", "/turn"),
]
REDIS_ROUTES = [("GET", "/api/history"), ("GET", "/api/memory"), ("GET", "/api/export"), ("POST", "/turn")]

DATABASE_FAULTS = {
    "the pool says unavailable": lambda: DatabaseUnavailableError("the database did not answer a moment ago"),
    "a driver error escapes": lambda: psycopg.OperationalError("server closed the connection unexpectedly"),
    "a repository wraps the driver's error": lambda: _wrapped(),
}


def _wrapped() -> DatabaseError:
    err = DatabaseError("the repository's statement failed")
    err.__cause__ = psycopg.OperationalError("canceling statement due to statement timeout")
    return err

REDIS_FAULTS = {
    "a time-out": lambda: redis.TimeoutError("Timeout reading from socket"),
    "a lost connection": lambda: redis.ConnectionError("Connection reset by peer"),
}


@pytest.fixture
def persons(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    anna = tokens.create("anna", NOW)
    bob = tokens.create("bob", NOW)
    return app, {"anna": {"Authorization": f"Bearer {anna}"}, "bob": {"Authorization": f"Bearer {bob}"}}


def _ask(client: TestClient, method: str, path: str, headers: dict[str, str]):
    if path == "/turn":
        return client.request(method, path, headers=headers, json=TURN)
    return client.request(method, path, headers=headers)


def _database_down(monkeypatch, db, fault) -> None:
    def refuse() -> None:
        raise fault()

    monkeypatch.setattr(db, "_checkout", refuse)


def _redis_down(monkeypatch, fault) -> None:
    def refuse(self, *args, **kwargs) -> None:
        raise fault()

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", refuse)


@pytest.mark.parametrize("fault", DATABASE_FAULTS.values(), ids=DATABASE_FAULTS.keys())
@pytest.mark.parametrize(("method", "path"), DATABASE_ROUTES, ids=[f"{m} {p}" for m, p in DATABASE_ROUTES])
def test_a_database_that_does_not_answer_is_a_503_on_every_route(persons, db, monkeypatch, method, path, fault):
    app, headers = persons
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    _database_down(monkeypatch, db, fault)
    response = _ask(client, method, path, headers["anna"])
    assert response.status_code == 503, response.text
    assert response.json() == {"detail": texts.ERR_DATABASE}


@pytest.mark.parametrize("fault", REDIS_FAULTS.values(), ids=REDIS_FAULTS.keys())
@pytest.mark.parametrize(("method", "path"), REDIS_ROUTES, ids=[f"{m} {p}" for m, p in REDIS_ROUTES])
def test_a_redis_that_does_not_answer_is_a_503_on_every_route(persons, monkeypatch, method, path, fault):
    app, headers = persons
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    _redis_down(monkeypatch, fault)
    response = _ask(client, method, path, headers["anna"])
    assert response.status_code == 503, response.text
    assert response.json() == {"detail": texts.ERR_DATABASE}


@pytest.mark.parametrize("fault", DATABASE_FAULTS.values(), ids=DATABASE_FAULTS.keys())
def test_the_cookie_routes_answer_503_while_the_database_does_not_answer(persons, db, monkeypatch, fault):
    app, headers = persons
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    token = headers["anna"]["Authorization"].removeprefix("Bearer ")
    assert client.post("/login", data={"token": token}, headers={"Origin": BASE},
                       follow_redirects=False).status_code == 303
    assert client.cookies.get(COOKIE_NAME)
    _database_down(monkeypatch, db, fault)
    me = client.get("/api/me", headers={"X-Novaberg": "1"})
    assert (me.status_code, me.json()) == (503, {"detail": texts.ERR_DATABASE})
    logout = client.post("/logout", headers={"Origin": BASE}, follow_redirects=False)
    assert (logout.status_code, logout.json()) == (503, {"detail": texts.ERR_DATABASE})
    login = TestClient(app, base_url=BASE, raise_server_exceptions=False).post(
        "/login", data={"token": token}, headers={"Origin": BASE}, follow_redirects=False)
    assert login.status_code == 503 and texts.ERR_DATABASE in login.text


def test_one_persons_outage_answer_leaves_the_other_served_once_redis_is_back(persons, monkeypatch):
    app, headers = persons
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    with monkeypatch.context() as patch:
        _redis_down(patch, REDIS_FAULTS["a time-out"])
        assert client.get("/api/memory", headers=headers["anna"]).status_code == 503
    memory = client.get("/api/memory", headers=headers["bob"])
    assert memory.status_code == 200 and memory.json()["user_id"] == "bob"
