"""Parallel writes over HTTP: 50 parallel POST /turn of one person against a real uvicorn server — no 5xx,
every confirmed item on the list, no unconfirmed one, one appointment for 50 identical requests."""

from __future__ import annotations

import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
import uvicorn

from novaberg.api.app import create_app
from novaberg.notes.agent.offline import items_of_text
from novaberg.notes.repository import NotesRepository

NOW = datetime(2026, 11, 11, 9, 15, tzinfo=ZoneInfo("Europe/Berlin"))
TOKEN = "test-token-parallel"
WORKERS = 50


class _FixedClock:
    def now(self) -> datetime:
        return NOW


@pytest.fixture
def server(nova):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(nova, _FixedClock(), token=TOKEN, turn_rate=(0, 1))  # the subject is concurrency, not the brake
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert uv.started
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(10)


def _post_all(base: str, texts: list[str]) -> list[httpx.Response]:
    headers = {"Authorization": f"Bearer {TOKEN}"}
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client, \
            ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(lambda text: client.post("/turn", json={"user_id": "u-http", "character_id": "nova",
                                                                       "text": text}), texts))


def test_fifty_parallel_items_over_http_no_5xx_and_every_confirmed_item_lands(server, db):
    repo = NotesRepository(db)
    repo.insert("u-http", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    items = [f"Artikel-{i}" for i in range(1, WORKERS + 1)]
    responses = _post_all(server, [f"Schreib {item} auf die Einkaufsliste" for item in items])
    assert [r.status_code for r in responses] == [200] * WORKERS
    on_list = set(items_of_text(repo.list("u-http")[0]["text"]))
    confirmed = {item for item, r in zip(items, responses, strict=True)
                 if f"steht jetzt auch: {item}." in r.json()["answer"]}
    assert confirmed <= on_list  # every confirmed write is there
    assert (on_list - {"Milch"}) <= confirmed  # nothing unconfirmed is there
    assert len(confirmed) == WORKERS


def test_fifty_identical_appointments_over_http_write_one_row(server, nova):
    responses = _post_all(server, ["Trag mir morgen um 10 den Zahnarzt ein"] * WORKERS)
    assert [r.status_code for r in responses] == [200] * WORKERS
    assert len(nova.timeline.list("u-http", "nova")) == 1
    assert sum("Eingetragen" in r.json()["answer"] for r in responses) == 1
