"""Rate limits at the HTTP edge: /login per client address and per token prefix, /turn per person — 429 with a
German message and Retry-After; one person's limit never blocks another; the window slides with the app's
clock; the limits are settings (NOVABERG_RATE_LOGIN / NOVABERG_RATE_TURN), read once when the app is made."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from novaberg.api import texts
from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.api.rate_limit import RateLimit, SlidingWindow
from novaberg.core.errors import ConfigError
from novaberg.core.settings import LOGIN_RATE_DEFAULT, TURN_RATE_DEFAULT, load_settings
from tests.support import LOCAL_BASE, MovingClock, berlin, local_client

TOKEN = "operator-token-rate-limits-0123456789"
BASE = LOCAL_BASE  # the base the shared client speaks to
NOW = berlin(2026, 11, 30, 10)


@pytest.fixture
def world(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    clock = MovingClock(NOW)
    app = create_app(nova, clock, token=TOKEN, person_tokens=tokens, login_rate=(3, 60), turn_rate=(2, 60))
    return {"app": app, "clock": clock, "anna": tokens.create("anna", NOW),
            "bob": tokens.create("bob", NOW)}


def _from(app, address: str) -> TestClient:
    return local_client(app, address)


def _login(client: TestClient, token: str):
    return client.post("/login", data={"token": token}, headers={"Origin": BASE}, follow_redirects=False)


def _turn(client: TestClient, user: str, token: str):
    return client.post("/turn", headers={"Authorization": f"Bearer {token}"},
                       json={"user_id": user, "character_id": "nova", "text": "Hallo"})


def test_guessing_from_one_address_is_refused_with_429_and_a_german_message(world):
    guesser = _from(world["app"], "127.0.0.2")
    answers = [_login(guesser, f"guess-{n:04d}-xxxxxxxxxxxx") for n in range(4)]
    assert [a.status_code for a in answers] == [401, 401, 401, 429]
    refused = answers[-1]
    assert texts.ERR_TOO_MANY_LOGINS.format(sekunden=60) in refused.text
    assert refused.headers["Retry-After"] == "60"
    assert _login(guesser, world["anna"]).status_code == 429  # the right token does not pass the brake either


def test_one_address_over_its_limit_leaves_another_address_signing_in(world):
    guesser = _from(world["app"], "127.0.0.2")
    for n in range(4):
        _login(guesser, f"guess-{n:04d}-xxxxxxxxxxxx")
    assert _login(_from(world["app"], "127.0.0.3"), world["bob"]).status_code == 303


def test_guesses_at_one_token_prefix_from_many_addresses_are_refused(world):
    prefix = world["anna"][:6]
    answers = [_login(_from(world["app"], f"127.0.1.{n}"), f"{prefix}wrong{n}") for n in range(4)]
    assert [a.status_code for a in answers] == [401, 401, 401, 429]
    assert _login(_from(world["app"], "127.0.2.1"), world["bob"]).status_code == 303  # another prefix


def test_the_login_window_slides_with_the_clock(world):
    guesser = _from(world["app"], "127.0.0.2")
    for n in range(3):
        _login(guesser, f"guess-{n:04d}-xxxxxxxxxxxx")
    world["clock"].moment = NOW + timedelta(seconds=30)
    refused = _login(guesser, "guess-late-xxxxxxxxxxxx")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    world["clock"].moment = NOW + timedelta(seconds=61)
    assert _login(guesser, world["anna"]).status_code == 303


def test_one_persons_turns_over_the_limit_leave_the_other_persons_turns(world):
    client = _from(world["app"], "127.0.0.2")
    anna = [_turn(client, "anna", world["anna"]).status_code for _ in range(3)]
    assert anna == [200, 200, 429]
    refused = _turn(client, "anna", world["anna"])
    assert refused.json() == {"detail": texts.ERR_TOO_MANY_TURNS.format(sekunden=60)}
    assert [_turn(client, "bob", world["bob"]).status_code for _ in range(2)] == [200, 200]
    world["clock"].moment = NOW + timedelta(seconds=61)
    assert _turn(client, "anna", world["anna"]).status_code == 200


def test_a_refused_turn_runs_nothing(world, nova):
    client = _from(world["app"], "127.0.0.2")
    for _ in range(3):
        _turn(client, "anna", world["anna"])
    with nova.stack.db.transaction() as conn:
        stored = conn.execute("SELECT count(*) AS n FROM turns WHERE user_id = 'anna'").fetchone()["n"]
    assert stored == 2


def test_the_limits_are_settings_read_from_the_environment():
    assert load_settings({}).login_rate == LOGIN_RATE_DEFAULT
    assert load_settings({}).turn_rate == TURN_RATE_DEFAULT
    settings = load_settings({"NOVABERG_RATE_LOGIN": "5/300", "NOVABERG_RATE_TURN": "0"})
    assert (settings.login_rate, settings.turn_rate) == ((5, 300), (0, 1))
    for bad in ("zehn", "5", "5/0", "-1/60", "5/x", "²/60"):
        with pytest.raises(ConfigError):
            load_settings({"NOVABERG_RATE_TURN": bad})


def test_the_app_takes_its_limits_from_the_settings_once(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    anna = tokens.create("anna", NOW)
    nova.settings = load_settings({"NOVABERG_RATE_TURN": "1/60"}, data_dir=tmp_path)
    client = _from(create_app(nova, MovingClock(NOW), token=TOKEN, person_tokens=tokens), "127.0.0.2")
    assert [_turn(client, "anna", anna).status_code for _ in range(2)] == [200, 429]


def test_a_limit_of_zero_is_no_limit_and_the_table_stays_bounded():
    window = SlidingWindow(RateLimit(0, 1))
    assert all(window.take("a", NOW) == 0 for _ in range(100))
    bounded = SlidingWindow(RateLimit(1, 60), max_keys=3)
    for n in range(10):
        assert bounded.take(f"address:{n}", NOW) == 0
    assert bounded.take("address:0", NOW) == 0  # pushed out of the full table: counted afresh
    assert bounded.take("address:9", NOW) == 60


def test_guessing_bearer_tokens_from_one_address_is_braked_for_every_bearer_request_of_it(world):
    guesser = _from(world["app"], "127.0.0.2")
    answers = [guesser.get("/api/me", headers={"Authorization": f"Bearer guess-{n:04d}-xxxxxxxx"})
               for n in range(4)]
    assert [a.status_code for a in answers] == [401, 401, 401, 429]
    assert answers[-1].headers["Retry-After"] == "60"
    hit = guesser.get("/api/me", headers={"Authorization": f"Bearer {world['anna']}"})
    assert hit.status_code == 429  # a right guess looks like a wrong one until the window slides
    elsewhere = _from(world["app"], "127.0.0.3")
    assert elsewhere.get("/api/me", headers={"Authorization": f"Bearer {world['bob']}"}).status_code == 200
    world["clock"].moment = NOW + timedelta(seconds=61)
    assert guesser.get("/api/me", headers={"Authorization": f"Bearer {world['anna']}"}).status_code == 200


def test_many_requests_with_a_right_bearer_token_are_never_braked(world):
    client = _from(world["app"], "127.0.0.2")
    statuses = {client.get("/api/me", headers={"Authorization": f"Bearer {world['anna']}"}).status_code
                for _ in range(12)}
    assert statuses == {200}
