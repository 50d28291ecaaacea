"""Real processes (issue 10 §5): after kill -9 of an owner, or SIGTERM/SIGHUP/SIGINT to a CLI command, no
embedded server is left running and the next open works."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from novaberg.core.settings import Settings
from novaberg.store.stack import Stack
from tests.store.processes import servers_of, wait_no_servers

_NOVABERG = Path(sys.executable).with_name("novaberg")


def test_kill_9_of_the_owner_leaves_no_server_and_the_next_open_works(tmp_path):
    data = tmp_path / "data"
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from novaberg.core.settings import Settings
        from novaberg.store.stack import Stack
        stack = Stack.open(Settings(data_dir=Path({str(data)!r})))
        stack.redis.set("k", "v")
        print("READY", flush=True)
        time.sleep(120)
    """)
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "READY"
    assert len(servers_of(data)) >= 2  # postgres (with its children) and redis-server
    holder.kill()
    holder.wait()
    assert wait_no_servers(data) == []
    stack = Stack.open(Settings(data_dir=data))
    try:
        with stack.db.transaction() as conn:
            assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1
        assert stack.redis.ping()
    finally:
        stack.close()
    assert wait_no_servers(data) == []


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_to_novaberg_chat_stops_the_servers(tmp_path, stop):
    """SIGTERM/SIGHUP/SIGINT to a running CLI command: it ends and takes the embedded servers along."""
    data = tmp_path / "data"
    chat = subprocess.Popen([str(_NOVABERG), "chat", "--data-dir", str(data)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "COLUMNS": "200"})
    assert chat.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(servers_of(data)) < 2:
        time.sleep(0.1)
    time.sleep(0.5)  # the prompt is waiting for input
    chat.send_signal(stop)
    try:
        chat.wait(20)
    except subprocess.TimeoutExpired:
        chat.kill()
        pytest.fail("novaberg chat did not end on the signal")
    output = chat.stdout.read()
    assert "Traceback" not in output
    assert wait_no_servers(data) == []


def test_reopen_after_close_keeps_redis_data(tmp_path):
    """The dump is saved on close: a pending question survives a restart of the process."""
    settings = Settings(data_dir=tmp_path / "data")
    stack = Stack.open(settings)
    stack.redis.set("pending_agent:u", "frage", ex=300)
    stack.close()
    stack = Stack.open(settings)
    try:
        assert stack.redis.get("pending_agent:u") == "frage"
    finally:
        stack.close()


def test_servers_killed_under_a_running_nova_come_back(tmp_path):
    """Issue 10 §5: the embedded PostgreSQL and Redis killed under a running process: at most the turn in
    flight fails, with DatabaseUnavailableError (HTTP 503) and quickly; the next turn works and writes."""
    from novaberg.api.nova import Nova
    from novaberg.core.errors import DatabaseUnavailableError
    from tests.support import berlin

    nova = Nova.open(data_dir=tmp_path / "data")
    try:
        now = berlin(2026, 11, 30, 9)
        nova.turn("u1", "nova", "Hallo", now)
        for server in (nova.stack.embedded_pg, nova.stack.embedded_redis):
            os.kill(server._process.pid, signal.SIGKILL)  # noqa: SLF001 - the fault under test
            server._process.wait()  # noqa: SLF001
        started = time.monotonic()
        try:
            nova.turn("u1", "nova", "Hallo", now)
        except DatabaseUnavailableError:
            pass
        assert time.monotonic() - started < 12
        result = nova.turn("u1", "nova", "Trag mir morgen um 10 den Zahnarzt ein", now)
        assert "Zahnarzt" in result.answer
        assert [row["title"] for row in nova.timeline.list("u1", "nova")] == ["Zahnarzt"]
        assert nova.stack.embedded_pg.alive() and nova.stack.embedded_redis.alive()
    finally:
        nova.close()
    assert wait_no_servers(tmp_path / "data") == []
