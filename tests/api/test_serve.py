"""`novaberg serve` as a real process (issue 10 §2, §5): the token is made once (0600) and printed once,
it works for POST /turn, and SIGTERM/SIGINT stop the server with the embedded PostgreSQL and Redis."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from novaberg.api.auth import TOKEN_ENV, TOKEN_FILE_NAME, load_or_create_token

NOVABERG = Path(sys.executable).parent / "novaberg"


def test_a_new_token_is_written_0600_in_a_0700_directory_and_read_back(tmp_path):
    """issue 10 §2/§6: first call creates the data directory (and parents) 0700 and the token 0600."""
    data = tmp_path / "a" / "b" / "data"
    token, created = load_or_create_token(data, env={})
    assert created and len(token) >= 40
    assert stat.S_IMODE((data / TOKEN_FILE_NAME).stat().st_mode) == 0o600
    for folder in (data, data.parent, data.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert load_or_create_token(data, env={}) == (token, False)


def test_the_environment_token_wins_and_writes_nothing(tmp_path):
    """issue 10 §2: NOVABERG_API_TOKEN overrides the file and creates none."""
    assert load_or_create_token(tmp_path / "data", env={TOKEN_ENV: "aus-der-umgebung"}) == ("aus-der-umgebung", False)
    assert not (tmp_path / "data").exists()


def test_a_loose_token_file_is_tightened_and_an_empty_one_replaced(tmp_path):
    """issue 10 §6: a token file readable by others is set back to 0600; an empty one gets a new token."""
    path = tmp_path / TOKEN_FILE_NAME
    path.write_text("alt\n")
    path.chmod(0o644)
    assert load_or_create_token(tmp_path, env={}) == ("alt", False)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("")
    token, created = load_or_create_token(tmp_path, env={})
    assert created and token and path.read_text().strip() == token


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NOVABERG_DATABASE_URL", "NOVABERG_REDIS_URL", TOKEN_ENV, "NOVABERG_DATA_DIR")}
    env["NOVABERG_TIMEZONE"] = "Europe/Berlin"
    return env


def _request(port: int, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, str]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def _start(data: Path, port: int, out: Path) -> subprocess.Popen:
    handle = out.open("w")
    process = subprocess.Popen([str(NOVABERG), "serve", "--data-dir", str(data), "--port", str(port)],
                               stdout=handle, stderr=subprocess.STDOUT, env=_env())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"serve ended early ({process.returncode}): {out.read_text()}")
        try:
            status, _ = _request(port, "/")
            if status == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    process.kill()
    pytest.fail(f"serve did not answer within 60 s: {out.read_text()}")


def _servers_of(data: Path) -> list[str]:
    """postgres / redis-server processes whose command line names this data directory."""
    found = []
    for proc in psutil.process_iter(["name", "cmdline"]):
        try:
            line = " ".join(proc.info["cmdline"] or [])
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        if str(data) in line and ("postgres" in line or "redis" in line) and "novaberg serve" not in line:
            found.append(f"{proc.pid} {line}")
    return found


def _stop(process: subprocess.Popen, sig: int, data: Path) -> None:
    process.send_signal(sig)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("serve did not stop within 15 s of the signal")
    deadline = time.monotonic() + 5  # the servers' own exit may trail the parent's by a moment
    while _servers_of(data) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _servers_of(data) == []


def test_serve_prints_the_token_once_it_works_and_sigterm_stops_everything(tmp_path, data_dir):
    """issue 10 §2/§5: the first start prints the token (0600 file), it opens POST /turn (401 without);
    SIGTERM ends serve within 15 s and no postgres/redis-server of the data directory is left (graceful
    shutdown through the lifespan, no traceback)."""
    data = data_dir
    port = _free_port()
    first = _start(data, port, tmp_path / "first.log")
    try:
        output = (tmp_path / "first.log").read_text()
        lines = [line for line in output.splitlines() if line.startswith("API token: ")]
        assert len(lines) == 1, output
        token = lines[0].removeprefix("API token: ").strip()
        assert (data / TOKEN_FILE_NAME).read_text().strip() == token
        assert stat.S_IMODE((data / TOKEN_FILE_NAME).stat().st_mode) == 0o600
        turn = {"user_id": "u", "character_id": "nova", "text": "Hallo"}
        assert _request(port, "/turn", turn)[0] == 401
        status, body = _request(port, "/turn", turn, token)
        assert status == 200 and json.loads(body)["answer"]
        assert _servers_of(data), "the embedded servers should run under the data directory"
    finally:
        if first.poll() is None:
            _stop(first, signal.SIGTERM, data)
    assert "Application shutdown complete" in (tmp_path / "first.log").read_text()
    assert "Traceback" not in (tmp_path / "first.log").read_text()


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGHUP], ids=["SIGINT", "SIGHUP"])
def test_a_later_start_prints_no_token_the_same_one_works_and_a_signal_stops_everything(tmp_path, data_dir,
                                                                                        stop_signal):
    """issue 10 §2/§5: a start over a data directory that has its token prints none, the stored one opens
    POST /turn, and SIGINT or SIGHUP stop serve like SIGTERM (own test each, so two workers share them)."""
    token, created = load_or_create_token(data_dir, env={})
    assert created
    port = _free_port()
    log = tmp_path / "again.log"
    again = _start(data_dir, port, log)
    try:
        assert token not in log.read_text()
        turn = {"user_id": "u", "character_id": "nova", "text": "Hallo"}
        assert _request(port, "/turn", turn, token)[0] == 200
    finally:
        if again.poll() is None:
            _stop(again, stop_signal, data_dir)
    assert "Application shutdown complete" in log.read_text()  # the lifespan closed Nova
    assert "Traceback" not in log.read_text()
