"""The heartbeat killed at any point of a promotion run. After a restart every
order is either promoted or back in the queue, no `kzg:` hash is deleted without its node, and no node exists
twice for one hash (synapsen-promotion.md §3: the work list, put back at the next start).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import timedelta
from pathlib import Path

import pytest

from novaberg.memory import keys
from novaberg.memory.promotion import STEPS
from tests.memory.helpers import NOW, agent, lists, node_count, remember

LATER = NOW + timedelta(minutes=5)
TEXTS = ("Mein Hund heißt Bello.", "Meine Schwester heißt Lena.", "Mein Hund heißt Bello!")  # new, new, duplicate


class Injected(Exception):
    pass


def _seed(redis) -> list[str]:
    return [remember(redis, text, f"t{i}") for i, text in enumerate(TEXTS)]


def _invariants(db, redis, order_keys: list[str], finished: bool) -> None:
    state = lists(redis)
    with db.transaction() as conn:
        per_key = {r["kzg_schluessel"]: r["n"] for r in conn.execute(
            "SELECT kzg_schluessel, count(*) AS n FROM lzg_knoten GROUP BY kzg_schluessel").fetchall()}
    assert all(n == 1 for n in per_key.values()), per_key  # never two nodes of one hash
    for key in order_keys:
        if not redis.exists(key):
            assert per_key.get(key) == 1, f"{key} deleted without its node"
        waiting = key in state["queue"] or key in state["arbeit"]
        if finished:
            assert not waiting, f"{key} still waits after the restart"
        else:
            assert waiting or key in per_key or redis.hget(key, "lzg_id"), f"{key} lost"
    assert state["gescheitert"] == []


def _final(db, redis, order_keys):
    _invariants(db, redis, order_keys, finished=True)
    assert node_count(db) == 2  # Bello and Lena; the second Bello is a duplicate
    assert not redis.exists(order_keys[0]) and not redis.exists(order_keys[1]) and redis.exists(order_keys[2])


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize(("batch", "nth"), [
    (1, 1), (1, 3),  # one order per batch: the first entry (new node) and the third (duplicate)
    (2, 1), (2, 2),  # two batches: [new, new] and [duplicate of the first batch's node]
    (3, 1),  # one batch: the third order duplicates a node made in its own batch
])
def test_an_injected_failure_between_every_two_steps(db, redis, step, batch, nth):
    """§3 with batches: a failure at any step of any batch leaves every order promoted or in `:arbeit`."""
    order_keys = _seed(redis)
    seen = {"count": 0}

    def fail(at: str) -> None:
        if at == step:
            seen["count"] += 1
            if seen["count"] == nth:
                raise Injected(at)

    agent(db, redis, checkpoint=fail, batch=batch).run(LATER)
    _invariants(db, redis, order_keys, finished=False)
    report = agent(db, redis).run(LATER + timedelta(minutes=5))
    assert report["status"] == "erledigt"
    _final(db, redis, order_keys)


_CHILD = textwrap.dedent("""
    import sys, time
    from datetime import datetime, timezone
    import redis
    from novaberg.core.logs import PipelineLog
    from novaberg.embed.hashing import HashingEmbedder
    from novaberg.memory.promotion import PromotionAgent
    from novaberg.store.db import Database

    db_url, redis_path, step, marker, batch = sys.argv[1:6]
    client = redis.Redis(unix_socket_path=redis_path, decode_responses=True)
    db = Database(db_url, max_size=2)

    def hang(at):
        if at == step:
            open(marker, "w").close()
            time.sleep(120)

    PromotionAgent(client, db, HashingEmbedder(), PipelineLog(db), checkpoint=hang, batch=int(batch)).run(
        datetime(2026, 12, 1, 9, 5, tzinfo=timezone.utc))
""")


@pytest.mark.parametrize(("step", "batch"), [("geschrieben", 1), ("geloescht", 1), ("abgeglichen", 3),
                                           ("geschrieben", 3), ("geloescht", 3)])
def test_kill_minus_nine_of_a_process_running_promotion(db, redis, tmp_path: Path, step, batch):
    """A real `kill -9` inside the batch's open transaction, between the nodes' write and the hashes' deletion,
    and between DEL and LREM — with one order per batch and with all three in one batch."""
    socket_path = redis.connection_pool.connection_kwargs.get("path")
    if not socket_path:
        pytest.skip("needs the embedded Redis' socket")
    order_keys = _seed(redis)
    marker = tmp_path / "in-step"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, db.url, socket_path, step, str(marker),
                              str(batch)],
                             cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, child.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "the child never reached the step"
            time.sleep(0.05)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    rest = redis.lrange(keys.work_list("u1", "nova"), 0, -1)  # the killed run's batch and the one read ahead
    assert rest == order_keys[:len(rest)] and min(batch, 3) <= len(rest) <= min(2 * batch, 3)
    _invariants(db, redis, order_keys, finished=False)
    report = agent(db, redis).run(LATER + timedelta(minutes=5))
    assert report["zurueckgelegt"] == len(rest)
    _final(db, redis, order_keys)
