"""A stalled server: a frozen PostgreSQL or Redis (SIGSTOP) gives HTTP 503 with a German message
within 10 s, and the abandoned turn writes nothing after the server runs again."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psutil
import psycopg
import pytest
from fastapi.testclient import TestClient

from novaberg.api import texts
from novaberg.api.app import create_app
from novaberg.api.nova import Nova
from novaberg.core.clock import FixedClock
from novaberg.store.db import STALL_COOLDOWN_SECONDS
from tests.support import berlin

BASE = "http://127.0.0.1:8765"
LIMIT_SECONDS = 10.0


@pytest.fixture
def own_nova(data_dir) -> Iterator[Nova]:
    """A Nova with its own embedded servers (freezing the session's shared ones would stall other tests), on a
    copied started data directory."""
    nova = Nova.open(data_dir=data_dir)
    try:
        yield nova
    finally:
        nova.close()


@contextmanager
def frozen(pid: int) -> Iterator[None]:
    """SIGSTOP the server and every process under it (a PostgreSQL backend is a child of the postmaster:
    stopping the postmaster alone would leave the connected backends answering); SIGCONT in any case."""
    root = psutil.Process(pid)
    processes = [root, *root.children(recursive=True)]
    for process in processes:
        process.suspend()
    try:
        yield
    finally:
        for process in processes:
            try:
                process.resume()
            except psutil.NoSuchProcess:
                pass


def _timed_turn(client: TestClient, text: str) -> tuple[threading.Thread, dict[str, Any]]:
    """The request on a side thread (the old code hung for minutes: the test must not)."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        started = time.monotonic()
        response = client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": text})
        outcome.update(status=response.status_code, body=response.json(), seconds=time.monotonic() - started)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def _client(nova: Nova) -> TestClient:
    return TestClient(create_app(nova, FixedClock(berlin(2026, 11, 30, 10)), auth=False), base_url=BASE,
                      raise_server_exceptions=False)


def _wait_no_open_work(url: str, seconds: float = 30.0) -> None:
    """Until no backend but this probe is inside a statement or a transaction: then a woken backend has read
    its closed connection and rolled back (a condition, not a guessed pause; under load it may take long)."""
    deadline = time.monotonic() + seconds
    with psycopg.connect(url, connect_timeout=5, autocommit=True) as conn:
        while conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                           "AND pid <> pg_backend_pid() AND state <> 'idle'").fetchone()[0]:
            assert time.monotonic() < deadline, f"a backend still works {seconds:.0f} s after the server woke"
            time.sleep(0.05)


def _turn_rows(url: str, marker: str) -> int:
    """Rows of the turn with `marker` in its text, read on a connection of its own (not the pool)."""
    with psycopg.connect(url, connect_timeout=5) as conn:
        return conn.execute("SELECT count(*) FROM turns WHERE text LIKE %s", (f"%{marker}%",)).fetchone()[0]


def test_a_frozen_postgresql_gives_503_within_10_s_and_the_turn_writes_nothing_later(own_nova):
    """Every process of the embedded cluster stopped → /turn answers 503 with the German
    message within 10 s; after SIGCONT and a wait no row of that turn exists (its connection was closed,
    the server rolled back; before, the turn hung ≥ 240 s and wrote its item once the server woke)."""
    client = _client(own_nova)
    assert client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"}).status_code == 200
    pg = own_nova.stack.embedded_pg
    assert pg is not None
    marker = "Kranich7"
    with frozen(pg._process.pid):  # noqa: SLF001 - the fault under test
        thread, outcome = _timed_turn(client, f"Merk dir bitte das Codewort {marker}")
        thread.join(LIMIT_SECONDS + 2)
        answered_in_time = not thread.is_alive()
        cooled_down = time.monotonic() + STALL_COOLDOWN_SECONDS  # the stall was noted before the answer
    thread.join(120)  # the old code goes on once the server runs again
    assert answered_in_time, "no answer within 10 s while PostgreSQL was frozen"
    assert outcome["seconds"] < LIMIT_SECONDS
    assert (outcome["status"], outcome["body"]["detail"]) == (503, texts.ERR_DATABASE)
    _wait_no_open_work(own_nova.stack.db.url)  # the woken backends read the closed connections and rolled back
    assert _turn_rows(own_nova.stack.db.url, marker) == 0
    time.sleep(max(0.0, cooled_down - time.monotonic()) + 0.2)  # the pool's stall cool-down: turns work again
    assert client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"}).status_code == 200


def test_a_frozen_redis_gives_503_within_10_s(own_nova):
    """The embedded Redis stopped → /turn answers 503 with the German message within 10 s;
    once it runs again the next turn works."""
    client = _client(own_nova)
    assert client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"}).status_code == 200
    server = own_nova.stack.embedded_redis
    assert server is not None
    with frozen(server._process.pid):  # noqa: SLF001 - the fault under test
        thread, outcome = _timed_turn(client, "Was weißt du über mich?")
        thread.join(LIMIT_SECONDS + 2)
        answered_in_time = not thread.is_alive()
        memory = client.get("/api/memory", params={"user_id": "anna"})  # the short-term memory reads Redis
    thread.join(120)
    assert (memory.status_code, memory.json()) == (503, {"detail": texts.ERR_DATABASE})
    assert answered_in_time, "no answer within 10 s while Redis was frozen"
    assert outcome["seconds"] < LIMIT_SECONDS
    assert (outcome["status"], outcome["body"]["detail"]) == (503, texts.ERR_DATABASE)
    time.sleep(6)  # a stall of the database pool (if any) has cooled down
    assert client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"}).status_code == 200


def test_a_postgresql_frozen_right_after_an_appointments_commit_reports_it_as_entered(own_nova, monkeypatch):
    """Every process of the embedded cluster is stopped right after the appointment's transaction committed (at
    the turn's next database step, the Lage's update): the turn does not answer 503 for a write that stands — it
    says what was entered, within the time limit, and the row is there once the server runs again."""
    from novaberg.graph import nodes

    client = _client(own_nova)
    assert client.post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Hallo"}).status_code == 200
    pg = own_nova.stack.embedded_pg
    assert pg is not None
    original, held = nodes.record_services, []

    def freeze_then_record(*args: Any, **kwargs: Any) -> Any:
        if not held:
            held.append(frozen(pg._process.pid))  # noqa: SLF001 - the fault under test
            held[0].__enter__()
        return original(*args, **kwargs)

    monkeypatch.setattr(nodes, "record_services", freeze_then_record)
    try:
        thread, outcome = _timed_turn(client, "Trag mir am 7. Januar um 9 Uhr Zahnarzt ein")
        thread.join(LIMIT_SECONDS + 2)
        answered_in_time = not thread.is_alive()
        cooled_down = time.monotonic() + STALL_COOLDOWN_SECONDS
    finally:
        if held:
            held[0].__exit__(None, None, None)
    thread.join(120)
    assert held and answered_in_time, "no answer within 10 s after the freeze"
    assert outcome["status"] == 200, outcome
    assert "Eingetragen: „Zahnarzt“" in outcome["body"]["answer"]
    _wait_no_open_work(own_nova.stack.db.url)
    with psycopg.connect(own_nova.stack.db.url, connect_timeout=5) as conn:
        assert conn.execute("SELECT count(*) FROM timeline WHERE user_id = 'anna' AND title = 'Zahnarzt' "
                            "AND aktiv").fetchone()[0] == 1
    time.sleep(max(0.0, cooled_down - time.monotonic()) + 0.2)
    again = client.post("/turn", json={"user_id": "anna", "character_id": "nova",
                                       "text": "Trag mir am 7. Januar um 9 Uhr Zahnarzt ein"})
    assert again.status_code == 200 and "Eingetragen: „Zahnarzt“" not in again.json()["answer"]
