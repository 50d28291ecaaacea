"""Issue 17 §3: per-person sign-in — a token an operator creates with the CLI, kept as a hash, an HttpOnly
SameSite=Strict cookie bound to it; one person never sees or acts for another; the OpenAPI description
only for signed-in callers."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from novaberg.api.app import create_app
from novaberg.api.auth import COOKIE_NAME, PersonTokens
from novaberg.api.sessions import Session, session_cookie
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "operator-token-0123456789abcdefghij"
BASE = "http://127.0.0.1:8765"
LOGIN_ORIGIN = {"Origin": BASE}  # issue 24 §5: /login needs a same-origin proof
PAGE = {"X-Novaberg": "1"}
NOW = berlin(2026, 11, 30, 10)


@pytest.fixture
def tokens(nova) -> PersonTokens:
    return PersonTokens(nova.stack.db)


def _client(nova, tokens) -> TestClient:
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    return TestClient(app, base_url=BASE, raise_server_exceptions=False)


def _signed_in(nova, tokens, token: str) -> TestClient:
    client = _client(nova, tokens)
    response = client.post("/login", headers=LOGIN_ORIGIN, data={"token": token}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


def _turns(db) -> list[tuple[str, str]]:
    with db.transaction() as conn:
        return [(r["user_id"], r["text"]) for r in conn.execute("SELECT user_id, text FROM turns ORDER BY id")]


def test_a_person_token_signs_in_as_that_person_with_a_strict_httponly_cookie(nova, tokens):
    """§3: the cookie is HttpOnly, SameSite=Strict, holds neither the token nor its hash; /api/me names the person."""
    anna = tokens.create("anna", NOW)
    client = _client(nova, tokens)
    response = client.post("/login", headers=LOGIN_ORIGIN, data={"token": anna}, follow_redirects=False)
    cookie = response.headers["set-cookie"]
    assert response.status_code == 303 and "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert anna not in cookie and tokens.digest_of("anna") not in cookie
    me = client.get("/api/me", headers=PAGE).json()
    assert me["user_id"] == "anna" and me["operator"] is False
    assert 'data-user="anna"' in client.get("/").text


def test_only_the_hash_is_stored(tokens, db):
    anna = tokens.create("anna", NOW)
    with db.transaction() as conn:
        stored = [tuple(row.values()) for row in conn.execute("SELECT * FROM person_tokens")]
    assert stored and all(anna not in str(value) for row in stored for value in row)
    assert tokens.find(anna) == "anna" and tokens.find("falsch") is None and tokens.find("") is None


def test_a_person_cannot_run_a_turn_for_another_person(nova, db, tokens):
    """§3 "one person never sees another's data": cookie or bearer of anna, user_id bob → 403, nothing stored."""
    anna = tokens.create("anna", NOW)
    client = _signed_in(nova, tokens, anna)
    turn = {"user_id": "bob", "character_id": "nova", "text": "Was steht bei dir an?"}
    assert client.post("/turn", json=turn, headers=PAGE).status_code == 403
    bearer = _client(nova, tokens).post("/turn", json=turn, headers={"Authorization": f"Bearer {anna}"})
    assert bearer.status_code == 403 and "anderen Person" in bearer.json()["detail"]
    assert _turns(db) == []
    own = client.post("/turn", json={**turn, "user_id": "anna"}, headers=PAGE)
    assert own.status_code == 200
    assert _turns(db) == [("anna", "Was steht bei dir an?")]


@pytest.mark.parametrize("path", ["/api/history?user_id=bob", "/api/appointments?user_id=bob", "/api/notes?user_id=bob",
                                  "/api/history?user_id=bob&character_id=nova", "/api/roots?user_id=bob"])
def test_a_person_cannot_read_another_persons_views(nova, tokens, path):
    client = _signed_in(nova, tokens, tokens.create("anna", NOW))
    response = client.get(path, headers=PAGE)
    assert response.status_code == 403 and "anderen Person" in response.json()["detail"]


def test_the_operator_starts_as_ich_and_may_view_any_person(nova, tokens):
    client = _signed_in(nova, tokens, TOKEN)
    me = client.get("/api/me", headers=PAGE).json()
    assert me["user_id"] == "ich" and me["operator"] is True
    assert client.get("/api/notes?user_id=bob", headers=PAGE).json()["user_id"] == "bob"


def test_a_new_or_revoked_token_ends_the_old_sessions(nova, tokens):
    """§3: a person's cookie is bound to the stored hash — replacing or revoking the token signs them out."""
    client = _signed_in(nova, tokens, tokens.create("anna", NOW))
    assert client.get("/api/me", headers=PAGE).status_code == 200
    new = tokens.create("anna", NOW)
    assert client.get("/api/me", headers=PAGE).status_code == 401
    assert 'action="/login"' in client.get("/").text
    client = _signed_in(nova, tokens, new)
    tokens.revoke("anna")
    assert client.get("/api/me", headers=PAGE).status_code == 401
    assert _client(nova, tokens).post("/login", headers=LOGIN_ORIGIN, data={"token": new}).status_code == 401


def test_a_forged_person_cookie_is_refused(nova, tokens):
    """A cookie for bob signed with a wrong key, anna's signature under bob's name, a session id the table
    never issued, or an old-style cookie: all 401."""
    tokens.create("anna", NOW)
    tokens.create("bob", NOW)
    anna = _signed_in(nova, tokens, tokens.create("anna", NOW)).cookies[COOKIE_NAME]
    _, name, session_id, expires, mac = anna.split(".")
    never_issued = session_cookie(TOKEN, Session("bob", "x" * 43, int(expires)))
    for forged in (session_cookie("wrong-key", Session("bob", session_id, int(expires))),
                   f"s.Ym9i.{session_id}.{expires}.{mac}", never_issued, "s.!!!.a.1.00", "s.x", "s....",
                   "p.YW5uYQ." + "0" * 64, "0" * 64):
        client = _client(nova, tokens)
        client.cookies.set(COOKIE_NAME, forged)
        assert client.get("/api/me", headers=PAGE).status_code == 401, forged


def test_views_need_sign_in_and_a_same_origin_proof(nova, tokens):
    client = _client(nova, tokens)
    for path in ("/api/me", "/api/history", "/api/appointments", "/api/notes", "/api/openapi.json"):
        assert client.get(path).status_code == 401, path
    client = _signed_in(nova, tokens, tokens.create("anna", NOW))
    assert client.get("/api/notes").status_code == 403  # a cookie alone: no proof it comes from our page
    assert client.get("/api/notes", headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.get("/api/notes", headers={"Origin": BASE}).status_code == 200


def test_openapi_documents_the_views_for_signed_in_callers(nova, tokens):
    """§3: the JSON endpoints are documented in OpenAPI (with their response models); strangers get 401."""
    assert _client(nova, tokens).get("/api/openapi.json").status_code == 401
    spec = _client(nova, tokens).get("/api/openapi.json", headers={"Authorization": f"Bearer {TOKEN}"}).json()
    for path, model in (("/api/appointments", "Appointments"), ("/api/notes", "Notes"), ("/api/history", "History"),
                        ("/api/turns/{turn_id}/review", "Review"), ("/api/me", "Me")):
        schema = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert schema["$ref"].endswith(f"/{model}"), path
    assert "/turn" in spec["paths"]
    assert "/login" not in spec["paths"]


def test_parallel_token_creation_loses_no_person(tokens):
    """Every write path with parallel calls: 24 `token create` at once → every person kept, every token works."""
    users = [f"person-{i}" for i in range(24)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        created = list(pool.map(lambda user: tokens.create(user, NOW), users))
    assert tokens.persons() == sorted(users)
    assert [tokens.find(token) for token in created] == users


def test_the_cli_creates_lists_and_revokes_person_tokens(data_dir):
    from novaberg.cli import app

    tmp_path = data_dir
    runner = CliRunner()
    created = runner.invoke(app, ["token", "create", "--user", "anna", "--data-dir", str(tmp_path)])
    assert created.exit_code == 0, created.output
    token = next(line for line in created.output.splitlines() if line.startswith("Token für anna: ")).split(": ")[1]
    listed = runner.invoke(app, ["token", "list", "--data-dir", str(tmp_path)])
    assert listed.output.split() == ["anna"] and token not in listed.output
    assert runner.invoke(app, ["token", "revoke", "--user", "anna", "--data-dir", str(tmp_path)]).exit_code == 0
    assert runner.invoke(app, ["token", "revoke", "--user", "anna", "--data-dir", str(tmp_path)]).exit_code == 1
    bad = runner.invoke(app, ["token", "create", "--user", "an\x00na", "--data-dir", str(tmp_path)])
    assert bad.exit_code == 2
    assert runner.invoke(app, ["token", "list", "--data-dir", str(tmp_path)]).output.split() == []


def test_the_pages_allow_only_their_own_scripts_and_the_static_files_stay_inside_web(nova, tokens):
    """The page puts model text in as text nodes and forbids inline and foreign scripts (CSP); the static
    mount serves api/web only; the German texts come from api/texts.py as one module."""
    from novaberg.api.texts import UI

    client = _signed_in(nova, tokens, tokens.create("anna", NOW))
    for page in (client.get("/"), _client(nova, tokens).get("/")):
        policy = page.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "<script>" not in page.text and "{{" not in page.text
    module = client.get("/web/texts.js")
    assert module.headers["content-type"].startswith("text/javascript")
    assert json.loads(module.text.removeprefix("export const T = ").rstrip().rstrip(";")) == UI
    assert client.get("/web/app.js").status_code == 200
    for path in ("/web/../auth.py", "/web/%2e%2e/auth.py", "/web/..%2fauth.py"):
        assert client.get(path).status_code == 404, path
    source = "".join(client.get(f"/web/{name}").text for name in ("app.js", "chat.js", "calendar.js", "notes.js"))
    assert "innerHTML" not in source


def test_a_user_id_with_markup_is_shown_as_text(nova, tokens):
    client = _signed_in(nova, tokens, tokens.create('<img src=x onerror="alert(1)">', NOW))
    page = client.get("/").text
    assert "<img src=x" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page
