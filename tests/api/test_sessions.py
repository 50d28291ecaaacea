"""§7 (the API's LOW items): web sessions expire and end on the server, /login and /logout
need a same-origin proof, reserved person ids get no token, the views' 422s are German, the access log
holds no query-string secret, and a turn's JSON carries no absolute server path."""

from __future__ import annotations

import hashlib
import logging
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from novaberg.api.app import create_app
from novaberg.api.auth import COOKIE_NAME, PersonTokens, ReservedPersonError
from novaberg.core.errors import ConfigError
from novaberg.core.settings import load_settings
from tests.support import LOCAL_BASE, MovingClock, berlin, local_client

TOKEN = "operator-token-sessions-0123456789"
BASE = LOCAL_BASE  # the base the shared client speaks to
ORIGIN = {"Origin": BASE}
PAGE = {"X-Novaberg": "1"}
NOW = berlin(2026, 11, 30, 10)


@pytest.fixture
def tokens(nova) -> PersonTokens:
    return PersonTokens(nova.stack.db)


def _client(nova, tokens, clock=None, **options: Any) -> TestClient:
    return local_client(create_app(nova, clock or MovingClock(NOW), token=TOKEN, person_tokens=tokens, **options))


def _signed_in(nova, tokens, token: str, clock=None, **options: Any) -> TestClient:
    return _log_in(_client(nova, tokens, clock, **options), token)


def _log_in(client: TestClient, token: str) -> TestClient:
    response = client.post("/login", data={"token": token}, headers=ORIGIN, follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


def _rows(db) -> list[dict[str, Any]]:
    with db.transaction() as conn:
        return list(conn.execute("SELECT * FROM web_sessions ORDER BY created_at, id_hash"))


def _copy(client: TestClient, nova, tokens, clock) -> TestClient:
    """Another browser holding a copy of `client`'s cookie."""
    copy = _client(nova, tokens, clock)
    copy.cookies.set(COOKIE_NAME, client.cookies[COOKIE_NAME])
    return copy


# --- §5: sessions expire and end on the server ------------------------------------------------------------

def test_a_session_expires_after_30_days_by_default(nova, tokens):
    """§5: the signed cookie carries an expiry (30 days by default); an expired session is refused like none."""
    clock = MovingClock(NOW)
    client = _client(nova, tokens, clock)
    login = client.post("/login", data={"token": tokens.create("anna", NOW)}, headers=ORIGIN,
                        follow_redirects=False)
    assert login.status_code == 303 and "max-age=2592000" in login.headers["set-cookie"].lower()
    expiry = int(client.cookies[COOKIE_NAME].split(".")[3])
    assert expiry == int((NOW + timedelta(days=30)).timestamp())
    clock.moment = NOW + timedelta(days=29, hours=23)
    assert client.get("/api/me", headers=PAGE).json()["user_id"] == "anna"
    clock.moment = NOW + timedelta(days=30, seconds=1)
    assert client.get("/api/me", headers=PAGE).status_code == 401
    assert 'action="/login"' in client.get("/").text


def test_the_table_decides_the_expiry_even_when_the_cookie_says_later(nova, db, tokens):
    """§5: the row's expiry is the authority (a cookie re-signed with a later date would need the key, but
    the table refuses it anyway); only the SHA-256 of the session id is stored."""
    clock = MovingClock(NOW)
    client = _signed_in(nova, tokens, tokens.create("anna", NOW), clock)
    session_id = client.cookies[COOKIE_NAME].split(".")[2]
    [row] = _rows(db)
    assert row["id_hash"] == hashlib.sha256(session_id.encode()).hexdigest() and row["user_id"] == "anna"
    assert session_id not in str(row)
    with db.transaction() as conn:
        conn.execute("UPDATE web_sessions SET expires_at = %s", (NOW + timedelta(hours=1),))
    clock.moment = NOW + timedelta(hours=2)
    assert client.get("/api/me", headers=PAGE).status_code == 401


def test_the_lifetime_is_a_setting_read_once(nova, tokens):
    """§5 "configurable": NOVABERG_SESSION_DAYS (whole days, 1–366), bad values stop the start loudly."""
    assert load_settings({}).session_days == 30
    assert load_settings({"NOVABERG_SESSION_DAYS": "2"}).session_days == 2
    for bad in ("0", "-1", "zwei", "1.5", "9999"):
        with pytest.raises(ConfigError, match="NOVABERG_SESSION_DAYS"):
            load_settings({"NOVABERG_SESSION_DAYS": bad})
    clock = MovingClock(NOW)
    client = _signed_in(nova, tokens, tokens.create("anna", NOW), clock, session_days=2)
    clock.moment = NOW + timedelta(days=1)
    assert client.get("/api/me", headers=PAGE).status_code == 200
    clock.moment = NOW + timedelta(days=2, minutes=1)
    assert client.get("/api/me", headers=PAGE).status_code == 401


def test_logout_revokes_the_session_so_a_copied_cookie_is_dead(nova, db, tokens):
    """§5: /logout ends the session on the server — a copy of the cookie taken before no longer signs in,
    also not for the operator's session."""
    clock = MovingClock(NOW)
    for token in (tokens.create("anna", NOW), TOKEN):
        client = _signed_in(nova, tokens, token, clock)
        copy = _copy(client, nova, tokens, clock)
        assert copy.get("/api/me", headers=PAGE).status_code == 200
        out = client.post("/logout", headers=ORIGIN, follow_redirects=False)
        assert out.status_code == 303 and COOKIE_NAME in out.headers["set-cookie"]
        assert copy.get("/api/me", headers=PAGE).status_code == 401
        assert copy.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"},
                         headers=PAGE).status_code == 401
    assert all(row["revoked_at"] is not None for row in _rows(db))


def test_one_persons_logout_leaves_the_other_signed_in(nova, tokens):
    """Two persons: anna's /logout ends anna's session only; bob stays signed in as bob."""
    clock = MovingClock(NOW)
    anna = _signed_in(nova, tokens, tokens.create("anna", NOW), clock)
    bob = _signed_in(nova, tokens, tokens.create("bob", NOW), clock)
    anna_copy = _copy(anna, nova, tokens, clock)
    assert anna.post("/logout", headers=ORIGIN, follow_redirects=False).status_code == 303
    assert bob.get("/api/me", headers=PAGE).json()["user_id"] == "bob"
    assert anna_copy.get("/api/me", headers=PAGE).status_code == 401


def test_a_sign_in_racing_a_new_token_is_bound_to_the_old_one_and_ends(nova, tokens, monkeypatch):
    """A session remembers the digest of the token it was opened with: when the operator replaces the person's
    token between the check of the old one and the session's start, the session ends at its next request."""
    clock = MovingClock(NOW)
    old = tokens.create("anna", NOW)
    found = tokens.find

    def find_then_replace(token):
        user = found(token)
        tokens.create("anna", NOW)  # the operator's `token create` lands right after the old token matched
        return user

    monkeypatch.setattr(tokens, "find", find_then_replace)
    client = _signed_in(nova, tokens, old, clock)
    assert client.get("/api/me", headers=PAGE).status_code == 401


def test_parallel_sign_ins_of_one_person_each_get_their_own_session(nova, db, tokens):
    """Parallel turns on one person: 12 sign-ins at once → 12 distinct live sessions; one logout ends one."""
    anna = tokens.create("anna", NOW)
    clock = MovingClock(NOW)
    # The apps are built one after another: FastAPI silences a pydantic warning while it builds a route with
    # warnings.catch_warnings(), which is not thread-safe — apps built in parallel threads let the warning
    # (UnsupportedFieldAttributeWarning, alias 'user_id'/'limit'/…) through at random. The sign-ins run in parallel.
    browsers = [_client(nova, tokens, clock) for _ in range(12)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        clients = list(pool.map(lambda browser: _log_in(browser, anna), browsers))
    assert len({c.cookies[COOKIE_NAME] for c in clients}) == 12 and len(_rows(db)) == 12
    clients[0].post("/logout", headers=ORIGIN)
    alive = [c.get("/api/me", headers=PAGE).status_code for c in clients]
    assert alive == [401] + [200] * 11


def test_revoking_the_token_ends_its_sessions_via_the_cli(nova, db, redis, tmp_path, tokens, monkeypatch):
    """§5: `novaberg token revoke` (another Nova on the same database, as beside a running server) ends that
    token's sessions."""
    from novaberg.cli import app

    socket_path = redis.connection_pool.connection_kwargs.get("path")
    if not socket_path:
        pytest.skip("needs the embedded Redis' socket")
    monkeypatch.setenv("NOVABERG_DATABASE_URL", db.url)
    monkeypatch.setenv("NOVABERG_REDIS_URL", f"unix://{socket_path}")
    clock = MovingClock(NOW)
    anna = _signed_in(nova, tokens, tokens.create("anna", NOW), clock)
    bob = _signed_in(nova, tokens, tokens.create("bob", NOW), clock)
    done = CliRunner().invoke(app, ["token", "revoke", "--user", "anna", "--data-dir", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert anna.get("/api/me", headers=PAGE).status_code == 401
    assert bob.get("/api/me", headers=PAGE).status_code == 200


# --- §5: same-origin proof on /login and /logout ----------------------------------------------------------

@pytest.mark.parametrize(("headers", "status"), [
    ({"Origin": BASE}, 303),
    ({"Referer": BASE + "/"}, 303),
    ({"Origin": "null"}, 403),
    ({"Origin": "null", "Referer": BASE + "/"}, 403),
    ({"Origin": "https://evil.example"}, 403),
    ({"Origin": "https://evil.example", "Referer": BASE + "/"}, 403),
    ({"Referer": "https://evil.example/login"}, 403),
    ({"Referer": "http://127.0.0.1:9999/"}, 403),
    ({}, 403),
    ({"X-Novaberg": "1"}, 403),
])
def test_login_needs_a_same_origin_proof(nova, db, tokens, headers, status):
    """§5: Origin equal to ours, or without Origin a Referer of ours; `Origin: null`, a foreign Referer or
    neither → 403 with no cookie and no session row."""
    response = _client(nova, tokens).post("/login", data={"token": TOKEN}, headers=headers, follow_redirects=False)
    assert response.status_code == status, response.text
    if status == 403:
        assert "set-cookie" not in response.headers and _rows(db) == []
        assert "eigener Seite" in response.text


@pytest.mark.parametrize("headers", [{}, {"Origin": "null"}, {"Referer": "https://evil.example/"},
                                     {"Origin": "https://evil.example"}, {"X-Novaberg": "1"}])
def test_logout_needs_a_same_origin_proof(nova, tokens, headers):
    """§5: a cross-site /logout is refused and changes nothing (the session stays alive)."""
    clock = MovingClock(NOW)
    client = _signed_in(nova, tokens, TOKEN, clock)
    response = client.post("/logout", headers=headers, follow_redirects=False)
    assert response.status_code == 403 and "set-cookie" not in response.headers
    assert client.get("/api/me", headers=PAGE).status_code == 200


def test_bearer_clients_need_no_login(nova, tokens):
    """Decision: /login and /logout are the browser's cookie flow; an API client sends its token on every
    request and is neither helped nor hindered by them."""
    anna = tokens.create("anna", NOW)
    client = _client(nova, tokens)
    assert client.get("/api/me", headers={"Authorization": f"Bearer {anna}"}).json()["user_id"] == "anna"
    assert client.post("/logout", headers={"Authorization": f"Bearer {anna}"}).status_code == 403


# --- §7: reserved person ids ------------------------------------------------------------------------------

def test_the_operators_own_person_gets_no_token(tmp_path, tokens):
    """§7: `novaberg token create --user ich` (the operator's person, default of `novaberg chat`) is refused
    with a clear message and writes nothing; so are its spellings."""
    from novaberg.cli import app
    from novaberg.cli.talk import chat

    default = chat.__defaults__ if chat.__defaults__ else ()
    assert any(getattr(option, "default", None) == "ich" for option in default)  # the CLI's own person
    runner = CliRunner()
    for user in ("ich", "Ich", " ich "):
        done = runner.invoke(app, ["token", "create", "--user", user, "--data-dir", str(tmp_path)])
        assert done.exit_code == 2 and "reserviert" in done.output and "Token für" not in done.output
    with pytest.raises(ReservedPersonError):
        tokens.create("ich", NOW)


def test_an_old_token_for_ich_signs_nobody_in(nova, db, tokens):
    """§7: a row written before the rule (or by hand) may hold `ich`; it neither signs in nor is a bearer."""
    tokens.create("anna", NOW)
    with db.transaction() as conn:
        conn.execute("INSERT INTO person_tokens (user_id, sha256, created_at) VALUES ('ich', %s, %s)",
                     (hashlib.sha256(b"alter-ich-token").hexdigest(), NOW))
    client = _client(nova, tokens)
    assert client.post("/login", data={"token": "alter-ich-token"}, headers=ORIGIN).status_code == 401
    assert client.get("/api/me", headers={"Authorization": "Bearer alter-ich-token"}).status_code == 401
    assert tokens.persons() == ["anna"]


# --- §7: German 422s ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("path", "expected"), [
    ("/api/history?limit=abc", "limit: muss eine ganze Zahl sein"),
    ("/api/history?limit=0", "limit: muss mindestens 1 sein"),
    ("/api/history?limit=100000", "limit: darf höchstens"),
    ("/api/appointments?date=gestern", "date: muss ein Datum sein (JJJJ-MM-TT)"),
    ("/api/appointments?view=jahr", "view: muss einer dieser Werte sein: woche oder monat"),
    ("/api/turns/kein-uuid/review", "turn_id: muss eine gültige Kennung (UUID) sein"),
])
def test_the_views_422_messages_are_german(nova, tokens, path, expected):
    """§7: FastAPI's validation errors become one German sentence per field, `{"detail": text}` like /turn."""
    response = _client(nova, tokens).get(path, headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and expected in detail, detail
    assert "Input should" not in detail and "Field required" not in detail


def test_two_bad_fields_give_one_sentence_each(nova, tokens):
    response = _client(nova, tokens).get("/api/appointments?view=jahr&date=gestern",
                                         headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.json()["detail"].split("; ") == ["view: muss einer dieser Werte sein: woche oder monat",
                                                     "date: muss ein Datum sein (JJJJ-MM-TT)"]


# --- §7: no query-string secret in the access log ------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_token_in_the_query_string_never_reaches_the_access_log(nova, tokens, caplog):
    """§7: uvicorn's access log (its own logging config, as `novaberg serve` runs it) keeps the path and the
    parameter names, never a value of the query string."""
    import uvicorn

    port = _free_port()
    app = create_app(nova, MovingClock(NOW), token=TOKEN, person_tokens=tokens,
                     allowed_hosts=[f"127.0.0.1:{port}"])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    caplog.set_level(logging.INFO, logger="uvicorn.access")
    logging.getLogger("uvicorn.access").addHandler(caplog.handler)
    try:
        thread.start()
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.02)
        assert server.started
        url = f"http://127.0.0.1:{port}/api/me?token={TOKEN}&user_id=geheim-anna"
        assert httpx.get(url).status_code == 401
        for _ in range(100):
            if any("/api/me" in record.getMessage() for record in caplog.records):
                break
            time.sleep(0.02)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        logging.getLogger("uvicorn.access").removeHandler(caplog.handler)
    lines = [record.getMessage() for record in caplog.records if record.name == "uvicorn.access"]
    assert any("/api/me?token=…&user_id=…" in line for line in lines), lines
    assert not any(TOKEN in line or "geheim-anna" in line for line in lines), lines


# --- §7: no server path in a turn's JSON ----------------------------------------------------------------------

def test_a_turns_json_carries_no_absolute_server_path(nova, tokens, tmp_path, caplog):
    """§7: whatever a service puts into its steps, the /turn response holds no absolute path; the operator's
    log names where one was found (so a regression is visible, not leaked)."""
    secret_dir = str(tmp_path / "daten" / "knowledge" / "anna")

    class Result:
        def as_dict(self) -> dict[str, Any]:
            return {"answer": "Erledigt.", "verdict": "ok", "reasons": [], "turn_id": "t-1",
                    "services": [{"service": "wissen", "data": {"wissen_datei": f"{secret_dir}/tagebuch.md",
                                                                "text": "/ oder nicht"},
                                  "steps": [{"datei": f"{secret_dir}/x/y.md"}]}]}

    nova.turn = lambda *args, **kwargs: Result()
    caplog.set_level(logging.ERROR, logger="novaberg.api")
    response = _client(nova, tokens).post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hi"},
                                          headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200
    assert str(tmp_path) not in response.text
    service = response.json()["services"][0]
    assert service["data"] == {"wissen_datei": "tagebuch.md", "text": "/ oder nicht"}
    assert service["steps"] == [{"datei": "y.md"}]
    assert any("services[0].data.wissen_datei" in r.getMessage() for r in caplog.records)
