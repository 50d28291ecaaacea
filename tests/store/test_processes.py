"""Real processes: after kill -9 of an owner, or SIGTERM/SIGHUP/SIGINT to a CLI
command at any moment of its start-up, no embedded server is left running and the next open works."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from novaberg.core import startup
from novaberg.core.settings import Settings
from novaberg.store.stack import Stack
from tests.store.processes import servers_of, wait_no_servers

_NOVABERG = Path(sys.executable).with_name("novaberg")


def test_kill_9_of_the_owner_leaves_no_server_and_the_next_open_works(data_dir):
    data = data_dir
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


STOP_SECONDS = 2.0  # a stop signal at any moment of start-up ends the command within 2 s
_COMMANDS = {
    "chat": ["chat"],
    "say": ["say", "Hallo", "--user", "u1", "--character", "nova"],
    "serve": ["serve", "--port", "0", "--no-auth"],
    "demo": ["demo"],
    "pixie": ["pixie"],
}
_READY_LINES = {"chat": "Nova hört zu", "demo": "embedded stack ready"}  # a command that is up and running


def _read_until(process: subprocess.Popen[str], text: str, seconds: float = 90.0) -> str:
    """The process's output up to (and with) the first line holding `text`; fails if it ends or stays silent."""
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + seconds
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            pytest.fail(f"no {text!r} within {seconds:.0f} s: {''.join(seen)[-2000:]}")
        seen.append(line)
        if not line:
            pytest.fail(f"the command ended before {text!r}: {''.join(seen)[-2000:]}")
        if text in line:
            return "".join(seen)


def _stop_at(data: Path, command: str, phase: str, stop: signal.Signals) -> None:
    """Start `novaberg <command>`, let it reach `phase` (a start-up phase of core.startup, where it waits,
    or "running"), send `stop`: it must end within STOP_SECONDS, by that signal's code, without a
    traceback, and no embedded server of its data directory may be left."""
    env = {**os.environ, "COLUMNS": "200"}
    if phase == "running":
        marker = _READY_LINES[command]
    else:
        env["NOVABERG_TEST_STARTUP_PAUSE"] = phase
        marker = f"{startup.MARKER} {phase}"
    process = subprocess.Popen([str(_NOVABERG), *_COMMANDS[command], "--data-dir", str(data)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=env)
    try:
        output = _read_until(process, marker)
        process.send_signal(stop)
        sent = time.monotonic()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"novaberg {command} did not end on {stop.name} at {phase!r}")
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "Traceback" not in output
    assert process.returncode == 128 + stop, (process.returncode, output[-2000:])
    assert took < STOP_SECONDS, f"novaberg {command} took {took:.2f} s to end on {stop.name} at {phase!r}"
    assert servers_of(data) == []  # stopped by the command itself before it left, not by the parent-death signal


@pytest.mark.parametrize("phase", [*startup.PHASES, "running"])
def test_ctrl_c_at_any_phase_of_chat_start_up_ends_it_within_2_s_and_stops_the_servers(data_dir, phase):
    """Ctrl-C before the servers start, while PostgreSQL or Redis starts, during migrations,
    while the services are loaded, at the prompt: `novaberg chat` ends within 2 s and leaves no server."""
    _stop_at(data_dir, "chat", phase, signal.SIGINT)


@pytest.mark.parametrize(("phase", "stop"), [("migrate", signal.SIGTERM), ("running", signal.SIGHUP)])
def test_sigterm_and_sighup_during_chat_start_up_end_it_within_2_s(data_dir, phase, stop):
    _stop_at(data_dir, "chat", phase, stop)


@pytest.mark.parametrize(("command", "phase", "stop"), [
    ("say", "postgres", signal.SIGINT), ("serve", "redis", signal.SIGHUP),
    ("demo", "running", signal.SIGTERM), ("pixie", "stack", signal.SIGINT),
])
def test_a_stop_signal_during_start_up_ends_every_command_within_2_s(tmp_path, request, command, phase, stop):
    """Say, serve, demo and pixie end on a stop signal during start-up like chat does. `say`
    starts on a folder never used before (its first start, initdb on the way); the others on a started one."""
    data = tmp_path / "data" if command == "say" else request.getfixturevalue("data_dir")
    _stop_at(data, command, phase, stop)


def test_reopen_after_close_keeps_redis_data(data_dir):
    """The dump is saved on close: a pending question survives a restart of the process."""
    settings = Settings(data_dir=data_dir)
    stack = Stack.open(settings)
    stack.redis.set("pending_agent:u", "frage", ex=300)
    stack.close()
    stack = Stack.open(settings)
    try:
        assert stack.redis.get("pending_agent:u") == "frage"
    finally:
        stack.close()


def test_servers_killed_under_a_running_nova_come_back(data_dir):
    """The embedded PostgreSQL and Redis killed under a running process: at most the turn in
    flight fails, with DatabaseUnavailableError (HTTP 503) and quickly; the next turn works and writes."""
    from novaberg.api.nova import Nova
    from novaberg.core.errors import DatabaseUnavailableError
    from tests.support import berlin

    nova = Nova.open(data_dir=data_dir)
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
    assert wait_no_servers(data_dir) == []
