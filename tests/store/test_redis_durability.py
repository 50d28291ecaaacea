"""The embedded Redis keeps an append-only file: a crash loses at most about a second."""

from __future__ import annotations

import os
import signal
import stat
import time
from pathlib import Path

from novaberg.core.settings import Settings
from novaberg.store.embedded_redis import EmbeddedRedis
from novaberg.store.redis_store import connect_redis
from novaberg.store.stack import Stack


def _wait_written(aof: Path, value: str, seconds: float = 30.0) -> None:
    """Wait until Redis has written `value` to its append-only file (a file, or a folder of parts): what the
    server wrote survives its kill -9 in the page cache; everysec bounds only a machine crash. A condition,
    not a guessed sleep: under load the write may come later than a second."""
    deadline = time.monotonic() + seconds
    while True:
        parts = [aof] if aof.is_file() else sorted(aof.glob("*")) if aof.is_dir() else []
        if any(value.encode() in part.read_bytes() for part in parts if part.is_file()):
            return
        assert time.monotonic() < deadline, f"{value!r} did not reach {aof} within {seconds:.0f} s"
        time.sleep(0.02)


def test_a_key_survives_kill_9_of_redis_and_a_restart_of_the_stack(data_dir):
    """A key written through the stack, then SIGKILL of the embedded Redis (no dump is saved),
    then a new stack on the same data directory: the key is there (the AOF kept it), the AOF is 0600."""
    settings = Settings(data_dir=data_dir)
    stack = Stack.open(settings)
    try:
        stack.redis.set("kurzzeit:probe", "Kranich7")
        assert stack.embedded_redis is not None
        _wait_written(stack.embedded_redis.aof, "Kranich7")
        pid = stack.embedded_redis._process.pid
        os.kill(pid, signal.SIGKILL)
        stack.embedded_redis._process.wait(10)
    finally:
        stack.close()
    again = Stack.open(settings)
    try:
        assert again.redis.get("kurzzeit:probe") == "Kranich7"
        assert again.embedded_redis is not None
        assert stat.S_IMODE(again.embedded_redis.aof.stat().st_mode) == 0o600
    finally:
        again.close()


def test_a_dump_made_before_the_aof_is_kept_when_the_aof_is_switched_on(tmp_path):
    """A data directory from before the AOF (only the dump file) starts with its keys — Redis
    would start empty from a missing AOF — and has an AOF afterwards that also survives kill -9."""
    dump = tmp_path / "redis.rdb"
    server = EmbeddedRedis(dump)
    client = connect_redis(server=server)
    client.set("alt", "aus dem Dump")
    client.close()
    server.stop()  # saves the dump
    server.aof.unlink()
    assert dump.exists() and not server.aof.exists()

    server = EmbeddedRedis(dump)
    try:
        client = connect_redis(server=server)
        assert client.get("alt") == "aus dem Dump"
        assert server.aof.exists()
        client.set("neu", "nach dem Umschalten")
        _wait_written(server.aof, "nach dem Umschalten")
        client.close()
        os.kill(server._process.pid, signal.SIGKILL)
        server._process.wait(10)
    finally:
        server.stop()
    server = EmbeddedRedis(dump)
    try:
        client = connect_redis(server=server)
        assert (client.get("alt"), client.get("neu")) == ("aus dem Dump", "nach dem Umschalten")
        client.close()
    finally:
        server.stop()
