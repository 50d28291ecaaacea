"""The HTTP API (§6): token or signed-in page, Host allow-list, body limit, edge
validation with nothing stored, short 5xx without internals, no internal row ids in responses."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from novaberg.api.app import create_app, public_view
from novaberg.api.auth import COOKIE_NAME
from novaberg.core.clock import FixedClock
from novaberg.core.errors import DatabaseUnavailableError, ModelUnreachableError
from novaberg.core.settings import HTTP_BODY_MAX_BYTES, ID_MAX_CHARS, TEXT_MAX_CHARS
from tests.support import berlin

TOKEN = "test-token-0123456789abcdefghijklmnop"
BASE = "http://127.0.0.1:8765"
LOGIN_ORIGIN = {"Origin": BASE}  # /login needs a same-origin proof
AUTH = {"Authorization": f"Bearer {TOKEN}"}
TURN = {"user_id": "u", "character_id": "nova", "text": "Hallo"}
CHAT_PAGE = 'src="/web/app.js"'  # the chat page loads its module; the sign-in page does not


def _client(nova, **options) -> TestClient:
    options.setdefault("token", TOKEN)
    app = create_app(nova, FixedClock(berlin(2026, 11, 30, 10)), **options)
    return TestClient(app, base_url=BASE, raise_server_exceptions=False)


def _stored(db) -> tuple[int, int]:
    with db.transaction() as conn:
        turns = conn.execute("SELECT count(*) AS n FROM turns").fetchone()["n"]
        log = conn.execute("SELECT count(*) AS n FROM pipeline_log").fetchone()["n"]
    return turns, log


def test_post_turn_with_the_token(nova):
    """A bearer token runs the turn; the answer, services, verdict and turn_id come back."""
    response = _client(nova).post("/turn", json=TURN, headers=AUTH)
    assert response.status_code == 200
    assert set(response.json()) >= {"answer", "services", "verdict", "turn_id"}


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer falsch"}, {"Authorization": f"Basic {TOKEN}"},
                                     {"Authorization": "Bearer tökén".encode("latin-1")},
                                     {"Authorization": "Bearer \xff\xfe".encode("latin-1")}])
def test_no_or_wrong_token_is_401_and_nothing_runs(nova, db, headers):
    """Missing, wrong, other scheme, non-ASCII token → 401, no turn stored."""
    response = _client(nova).post("/turn", json=TURN, headers=headers)
    assert response.status_code == 401 and "Token" in response.json()["detail"]
    assert _stored(db) == (0, 0)


def test_default_app_needs_a_token_nobody_was_told(nova, db):
    """create_app(nova, clock) is safe by default: a random token, not an open door."""
    client = TestClient(create_app(nova, FixedClock(berlin(2026, 11, 30, 10))), base_url=BASE)
    assert client.post("/turn", json=TURN).status_code == 401
    token = client.app.state.api_token
    assert len(token) >= 32
    assert client.post("/turn", json=TURN, headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_invalid_json_without_token_is_still_401(nova):
    """A stranger learns nothing about the body's rules."""
    response = _client(nova).post("/turn", content=b"{kaputt", headers={"Content-Type": "application/json"})
    assert response.status_code == 401


@pytest.mark.parametrize("host", ["evil.example:8765", "evil.example", "127.0.0.1:9999", "localhost.evil:8765", ""])
def test_a_host_not_on_the_list_is_400(nova, db, host):
    """DNS rebinding — any Host but the served loopback names and port is refused before auth."""
    client = _client(nova, allowed_hosts=["127.0.0.1:8765", "localhost:8765", "[::1]:8765"])
    response = client.post("/turn", json=TURN, headers={**AUTH, "Host": host})
    assert response.status_code == 400 and "Host" in response.json()["detail"]
    assert client.get("/", headers={"Host": host}).status_code == 400
    assert _stored(db) == (0, 0)


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "LOCALHOST:8765", "[::1]:8765"])
def test_the_allowed_hosts_pass(nova, host):
    """The default list names 127.0.0.1, localhost and [::1] on the served port."""
    client = _client(nova, allowed_hosts=["127.0.0.1:8765", "localhost:8765", "[::1]:8765"])
    assert client.post("/turn", json=TURN, headers={**AUTH, "Host": host}).status_code == 200


def test_an_allowed_host_without_port_allows_any_port(nova):
    """`--allowed-host nova.lan` names the host; the port is whatever the proxy uses."""
    client = _client(nova, allowed_hosts=["nova.lan"])
    assert client.post("/turn", json=TURN, headers={**AUTH, "Host": "nova.lan:443"}).status_code == 200
    assert client.post("/turn", json=TURN, headers={**AUTH, "Host": "other.lan"}).status_code == 400


def test_a_body_over_the_limit_is_413_by_content_length(nova, db):
    """A body above HTTP_BODY_MAX_BYTES is refused by its Content-Length, nothing stored."""
    body = json.dumps({**TURN, "text": "x" * (HTTP_BODY_MAX_BYTES + 10)})
    response = _client(nova).post("/turn", content=body, headers={**AUTH, "Content-Type": "application/json"})
    assert response.status_code == 413
    assert _stored(db) == (0, 0)


def test_a_chunked_body_over_the_limit_is_413_while_it_streams(nova, db):
    """A chunked body has no Content-Length; the streamed bytes are counted."""
    def chunks():
        for _ in range(HTTP_BODY_MAX_BYTES // 1024 + 2):
            yield b"x" * 1024

    response = _client(nova).post("/turn", content=chunks(), headers={**AUTH, "Content-Type": "application/json"})
    assert response.status_code == 413
    assert _stored(db) == (0, 0)


def test_a_big_body_is_refused_before_the_token_check_reads_it(nova):
    """The limit protects even against strangers (no token needed to be refused with 413)."""
    response = _client(nova).post("/turn", content=b"x" * (HTTP_BODY_MAX_BYTES + 1))
    assert response.status_code == 413


@pytest.mark.parametrize(("body", "field"), [
    ('{"user_id": "u\\u0000", "character_id": "nova", "text": "Hallo"}', "user_id"),
    ('{"user_id": "u", "character_id": "nova\\ud800", "text": "Hallo"}', "character_id"),
    ('{"user_id": "u", "character_id": "nova", "text": "Hallo\\u0000"}', "text"),
    ('{"user_id": "u", "character_id": "nova", "text": "Hallo \\udc80"}', "text"),
    ('{"user_id": "u", "character_id": "nova", "text": NaN}', "text"),
    ('{"user_id": "u", "character_id": "nova", "text": Infinity}', "text"),
    ('{"user_id": "u", "character_id": "nova", "text": null}', "text"),
    ('{"user_id": 1, "character_id": "nova", "text": "Hallo"}', "user_id"),
    ('{"user_id": "u", "character_id": ["nova"], "text": "Hallo"}', "character_id"),
    (json.dumps({"user_id": "u" * (ID_MAX_CHARS + 1), "character_id": "nova", "text": "Hallo"}), "user_id"),
    (json.dumps({"user_id": "u" * 3000, "character_id": "nova", "text": "Hallo"}), "user_id"),
    (json.dumps({"user_id": "u", "character_id": "nova", "text": "x" * (TEXT_MAX_CHARS + 1)}), "text"),
    ('{"user_id": "u", "character_id": "nova", "text": "   "}', "text"),
    ('{"user_id": "u", "character_id": "nova"}', "text"),
])
def test_bad_fields_are_422_with_the_field_named_and_nothing_stored(nova, db, body, field):
    """NUL, lone surrogate, NaN/Infinity/null, wrong types, 201/3,000-char ids, 20,001-char
    text, empty text, missing field → 422 naming the field; no turn and no trace stored."""
    response = _client(nova).post("/turn", content=body, headers={**AUTH, "Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert field in response.json()["detail"]
    assert _stored(db) == (0, 0)
    assert nova.timeline.list("u", "nova", active_only=False) == []


@pytest.mark.parametrize(("body", "status"), [
    (b"{kaputt", 400), (b"\xff\xfe{}", 400), (b"[" * 100_000, 400), (b"", 400), (b"\"Hallo\"", 422), (b"[1, 2]", 422),
])
def test_broken_json_is_400_or_422_never_500(nova, db, body, status):
    """Invalid JSON, bad UTF-8, nesting too deep, empty body → 400; valid JSON but not an object → 422."""
    response = _client(nova).post("/turn", content=body, headers={**AUTH, "Content-Type": "application/json"})
    assert response.status_code == status, response.text
    assert _stored(db) == (0, 0)


def test_the_page_asks_for_sign_in_first(nova):
    """GET / without a valid cookie shows only the sign-in form, not the chat."""
    client = _client(nova)
    page = client.get("/")
    assert page.status_code == 200 and 'action="/login"' in page.text and CHAT_PAGE not in page.text
    client.cookies.set(COOKIE_NAME, "geraten")
    assert 'action="/login"' in client.get("/").text


def test_sign_in_sets_a_strict_httponly_cookie_and_the_page_can_post(nova):
    """POST /login with the token → HttpOnly, SameSite=Strict cookie (an HMAC, not the
    token), redirect to /; the page's fetch (cookie + X-Novaberg: 1) runs a turn."""
    client = _client(nova)
    response = client.post("/login", headers=LOGIN_ORIGIN, data={"token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"
    cookie = response.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert TOKEN not in cookie
    assert CHAT_PAGE in client.get("/").text
    turn = client.post("/turn", json=TURN, headers={"X-Novaberg": "1"})
    assert turn.status_code == 200 and turn.json()["answer"]
    same_origin = client.post("/turn", json=TURN, headers={"Origin": BASE})
    assert same_origin.status_code == 200


def test_a_wrong_sign_in_sets_no_cookie(nova):
    """A wrong token at /login → 401 with the form again, no cookie."""
    response = _client(nova).post("/login", headers=LOGIN_ORIGIN, data={"token": "falsch"}, follow_redirects=False)
    assert response.status_code == 401 and "set-cookie" not in response.headers
    assert 'action="/login"' in response.text


def test_a_cookie_post_without_same_origin_proof_is_refused(nova, db):
    """A cross-site form sends the cookie but neither X-Novaberg nor our Origin → 403,
    nothing stored; a forged cookie is 401."""
    client = _client(nova)
    client.post("/login", headers=LOGIN_ORIGIN, data={"token": TOKEN})
    assert client.post("/turn", json=TURN).status_code == 403
    assert client.post("/turn", json=TURN, headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.post("/turn", json=TURN, headers={"Referer": "https://evil.example/x"}).status_code == 403
    assert _stored(db) == (0, 0)
    forged = _client(nova)
    forged.cookies.set(COOKIE_NAME, "0" * 64)
    assert forged.post("/turn", json=TURN, headers={"X-Novaberg": "1"}).status_code == 401


def test_a_foreign_origin_is_refused_even_with_the_token_or_without_auth(nova, db):
    """With --no-auth a cross-site page could post; a foreign Origin is always refused."""
    evil = {"Origin": "https://evil.example"}
    assert _client(nova).post("/turn", json=TURN, headers={**AUTH, **evil}).status_code == 403
    open_client = _client(nova, auth=False, token=None)
    assert open_client.post("/turn", json=TURN, headers=evil).status_code == 403
    assert _stored(db) == (0, 0)
    assert open_client.post("/turn", json=TURN).status_code == 200
    assert CHAT_PAGE in open_client.get("/").text


def test_no_internal_row_ids_in_the_response(nova):
    """§6: an appointment's row id (termin_id, timeline_id) never leaves; turn_id stays."""
    client = _client(nova)
    response = client.post("/turn", headers=AUTH, json={**TURN, "text": "Trag mir morgen um 10 den Zahnarzt ein"})
    assert response.status_code == 200
    payload = response.json()
    assert payload["services"] and payload["turn_id"]
    text = json.dumps(payload)
    for key in ('"id"', '"termin_id"', '"timeline_id"', '"note_id"', '"notiz_id"', '"ids"', '"nachfolger_id"'):
        assert key not in text


def test_public_view_strips_ids_at_any_depth():
    """Every key `id`, `ids`, `*_id`, `*_ids` goes, except turn_id, user_id, character_id."""
    raw = {"turn_id": "t", "user_id": "u", "services": [{"steps": [{"notiz_id": 4, "ids": [1], "x": 1}],
                                                         "data": {"row_id": 3, "nachfolger_id": 2, "id": 1}}]}
    assert public_view(raw) == {"turn_id": "t", "user_id": "u", "services": [{"steps": [{"x": 1}], "data": {}}]}


def test_database_unavailable_is_503_short_without_url(nova, db, monkeypatch, caplog):
    """§6: DatabaseUnavailableError → 503 with a short message; the URL goes to the log only."""
    secret = "postgresql://nova:geheim@10.0.0.5:5432/nova (/var/lib/novaberg/pg)"

    def down(*_args, **_kwargs):
        raise DatabaseUnavailableError(f"database does not answer: {secret}")

    monkeypatch.setattr(nova, "turn", down)
    response = _client(nova).post("/turn", json=TURN, headers=AUTH)
    assert response.status_code == 503
    assert "geheim" not in response.text and "postgresql" not in response.text and "/var/" not in response.text
    assert "Datenbank" in response.json()["detail"]
    assert secret in caplog.text


def test_other_novaberg_errors_are_503_and_unexpected_ones_500_without_internals(nova, monkeypatch):
    """§6: a model error → 503 short; any other exception → 500 generic, no traceback, no path."""
    def model_down(*_args, **_kwargs):
        raise ModelUnreachableError("http://10.0.0.9:11434 did not answer")

    monkeypatch.setattr(nova, "turn", model_down)
    response = _client(nova).post("/turn", json=TURN, headers=AUTH)
    assert response.status_code == 503 and "10.0.0.9" not in response.text

    def broken(*_args, **_kwargs):
        raise RuntimeError("/home/nova/secret/path.py exploded")

    monkeypatch.setattr(nova, "turn", broken)
    response = _client(nova).post("/turn", json=TURN, headers=AUTH)
    assert response.status_code == 500
    assert "secret" not in response.text and "Traceback" not in response.text


def test_empty_text_is_422(nova):
    """Empty text stays a 422 with a clear message."""
    response = _client(nova).post("/turn", json={**TURN, "text": "  "}, headers=AUTH)
    assert response.status_code == 422 and "leer" in response.json()["detail"]


def test_no_docs_or_openapi_for_strangers(nova):
    """The API description is not served (it would be the one page without sign-in)."""
    client = _client(nova)
    assert client.get("/docs").status_code == 404 and client.get("/openapi.json").status_code == 404


def test_the_default_allow_list_is_loopback_on_the_port_plus_the_bind_host():
    """127.0.0.1, localhost, [::1] on the served port, and the bind host (IPv6 bracketed)."""
    from novaberg.api.auth import default_allowed_hosts

    assert default_allowed_hosts(8765) == ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"]
    assert default_allowed_hosts(8765, "::1") == ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"]
    assert default_allowed_hosts(80, "192.168.1.5")[-1] == "192.168.1.5:80"
