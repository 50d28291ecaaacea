"""A forged session cookie is a bad cookie: numbers out of range (an expiry of thousands of digits, digits
that are no ASCII) sign nobody in — 401 on every route, /logout answers without a 500 — with one WARNING line
and no traceback in the log."""

from __future__ import annotations

import base64
import logging

import pytest
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import COOKIE_NAME, PersonTokens
from novaberg.api.sessions import read_session_cookie
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "operator-token-forged-cookie-0123456789"
BASE = "http://127.0.0.1:8765"
NOW = berlin(2026, 11, 30, 10)
BOB = base64.urlsafe_b64encode(b"bob").decode().rstrip("=")
FORGED = {  # what a client can send in a Cookie header
    "an expiry of 5,000 digits": f"s.{BOB}.x.{'9' * 5000}.y",
    "an expiry of 4,301 digits": f"s.{BOB}.x.{'1' * 4301}.y",
    "an expiry of 13 digits": f"s.{BOB}.x.{'9' * 13}.y",
}


@pytest.fixture
def client(nova, tmp_path) -> TestClient:
    tokens = PersonTokens(nova.stack.db)
    tokens.create("anna", NOW)
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    return TestClient(app, base_url=BASE, raise_server_exceptions=False)


@pytest.mark.parametrize("cookie", [*FORGED.values(), f"s.{BOB}.x.\u00b2\u00b3.y"],
                         ids=[*FORGED.keys(), "an expiry in superscript digits"])
def test_a_forged_cookie_expiry_is_no_session(cookie):
    assert read_session_cookie(cookie, TOKEN, NOW) is None


@pytest.mark.parametrize("cookie", FORGED.values(), ids=FORGED.keys())
def test_a_forged_cookie_expiry_is_a_bad_cookie_on_every_route(client, cookie, caplog):
    client.cookies.set(COOKIE_NAME, cookie)
    headers = {"X-Novaberg": "1", "Origin": BASE}
    with caplog.at_level(logging.DEBUG):
        me = client.get("/api/me", headers=headers)
        turn = client.post("/turn", headers=headers, json={"user_id": "bob", "character_id": "nova", "text": "Hallo"})
        logout = client.post("/logout", headers=headers, follow_redirects=False)
        page = client.get("/")
    assert me.status_code == 401, me.text
    assert turn.status_code == 401, turn.text
    assert logout.status_code == 303, logout.text  # the cookie is dropped, nothing on the server to end
    assert page.status_code == 200 and "login" in page.text.lower()
    for response in (me, turn):
        assert response.json()["detail"].startswith("Anmeldung ungültig")
    records = [r for r in caplog.records if r.name.startswith("novaberg")]
    assert all(r.exc_info is None for r in records), [r.getMessage() for r in records if r.exc_info]
    assert all(r.levelno < logging.ERROR for r in records), [r.getMessage() for r in records]
    warnings = [r for r in records if r.levelno == logging.WARNING and "cookie" in r.getMessage()]
    assert len(warnings) == 4  # one line per request that carried the cookie
    assert all("\n" not in r.getMessage() and len(r.getMessage()) < 300 for r in warnings)


def test_a_forged_cookie_of_one_person_leaves_the_other_signed_in(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    anna_token = tokens.create("anna", NOW)
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    forger = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    anna = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    assert anna.post("/login", data={"token": anna_token}, headers={"Origin": BASE},
                     follow_redirects=False).status_code == 303
    forger.cookies.set(COOKIE_NAME, FORGED["an expiry of 5,000 digits"])
    assert forger.get("/api/me", headers={"X-Novaberg": "1"}).status_code == 401
    me = anna.get("/api/me", headers={"X-Novaberg": "1"})
    assert me.status_code == 200 and me.json()["user_id"] == "anna"
