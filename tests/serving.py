"""`novaberg serve` as a real process for the tests: a free port, start until it answers, a request, and a stop
by signal that leaves no embedded server of the data directory behind."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from novaberg.api.auth import TOKEN_ENV

__all__ = ["NOVABERG", "free_port", "request", "servers_of", "start_serve", "stop_serve"]

NOVABERG = Path(sys.executable).parent / "novaberg"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NOVABERG_DATABASE_URL", "NOVABERG_REDIS_URL", TOKEN_ENV, "NOVABERG_DATA_DIR")}
    env["NOVABERG_TIMEZONE"] = "Europe/Berlin"
    return env


def request(port: int, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, str]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    prepared = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(prepared, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def start_serve(data: Path, port: int, out: Path) -> subprocess.Popen:
    handle = out.open("w")
    process = subprocess.Popen([str(NOVABERG), "serve", "--data-dir", str(data), "--port", str(port)],
                               stdout=handle, stderr=subprocess.STDOUT, env=_env())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"serve ended early ({process.returncode}): {out.read_text()}")
        try:
            status, _ = request(port, "/")
            if status == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    process.kill()
    pytest.fail(f"serve did not answer within 60 s: {out.read_text()}")


def servers_of(data: Path) -> list[str]:
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


def stop_serve(process: subprocess.Popen, sig: int, data: Path) -> None:
    process.send_signal(sig)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("serve did not stop within 15 s of the signal")
    deadline = time.monotonic() + 5  # the servers' own exit may trail the parent's by a moment
    while servers_of(data) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert servers_of(data) == []
