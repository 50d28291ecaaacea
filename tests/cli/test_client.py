"""The address file a running `serve` leaves in the data directory, as the CLI's client reads it."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading

import pytest
from typer.testing import CliRunner

from novaberg.cli import app, base, talk
from novaberg.cli.client import (
    ADDRESS_FILE_NAME,
    NovaClient,
    ServerAddress,
    remove_address,
    running_server,
    write_address,
)


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_the_address_file_is_private_and_names_a_live_server(tmp_path):
    (tmp_path / "api-token").write_text("geheim\n")
    path = write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "file"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.name == ADDRESS_FILE_NAME
    client = running_server(tmp_path, env={})
    assert client is not None and client.url == "http://127.0.0.1:8765" and client._token == "geheim"


def test_a_dead_servers_address_is_not_used(tmp_path):
    write_address(tmp_path, ServerAddress(_dead_pid(), "http://127.0.0.1:8765", "none"))
    assert running_server(tmp_path, env={}) is None


def test_a_token_from_the_servers_environment_is_read_from_ours_and_never_from_disk(tmp_path):
    (tmp_path / "api-token").write_text("alt\n")  # not the server's token: it took NOVABERG_API_TOKEN
    write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "env"))
    assert "alt" not in (tmp_path / ADDRESS_FILE_NAME).read_text()
    assert running_server(tmp_path, env={}) is None  # no token here: the command runs Nova itself
    client = running_server(tmp_path, env={"NOVABERG_API_TOKEN": "aus-der-umgebung"})
    assert client is not None and client._token == "aus-der-umgebung"


def test_an_address_file_another_user_could_have_written_is_not_used(tmp_path):
    """A data directory open to others must not send the token and the person's words to a planted server."""
    path = write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "none"))
    path.chmod(0o620)
    assert running_server(tmp_path, env={}) is None
    path.chmod(0o602)
    assert running_server(tmp_path, env={}) is None
    path.chmod(0o600)
    assert running_server(tmp_path, env={}) is not None


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_an_address_file_of_another_user_is_not_used(tmp_path):
    path = write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "none"))
    os.chown(path, 65534, 65534)
    assert running_server(tmp_path, env={}) is None


def test_an_address_naming_another_users_process_is_not_used(tmp_path, monkeypatch):
    """The server's pid reused by another user's process: not our server, whoever now holds its port."""
    write_address(tmp_path, ServerAddress(4242, "http://127.0.0.1:8765", "none"))

    def not_ours(pid: int, signal: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "kill", not_ours)
    assert running_server(tmp_path, env={}) is None


def test_a_server_removes_only_its_own_address(tmp_path):
    write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "none"))
    remove_address(tmp_path, os.getpid() + 1)  # another serve on a shared directory wrote its own since
    assert (tmp_path / ADDRESS_FILE_NAME).exists()
    remove_address(tmp_path, os.getpid())
    assert not (tmp_path / ADDRESS_FILE_NAME).exists()


def _port_that_hangs_up() -> tuple[int, list[bytes]]:
    """A port whose server reads one request and closes without an answer (a server killed mid-turn)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    received: list[bytes] = []

    def serve_once() -> None:
        conn, _ = listener.accept()
        received.append(conn.recv(65536))
        conn.close()
        listener.close()

    threading.Thread(target=serve_once, daemon=True).start()
    return listener.getsockname()[1], received


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_turn_the_server_got_but_never_answered_is_not_run_a_second_time(monkeypatch):
    """The server may have carried it out: `say` says so and fails loudly; it never runs the turn itself."""
    port, received = _port_that_hangs_up()
    monkeypatch.setattr(talk, "_server_client", lambda data_dir: NovaClient(f"http://127.0.0.1:{port}", None))
    opened: list[object] = []
    monkeypatch.setattr(base, "open_nova", lambda *args, **kwargs: opened.append(args))
    done = CliRunner().invoke(app, ["say", "--user", "anna", "--character", "nova", "Schreib Milch auf die Liste"])
    assert done.exit_code == 2 and "Ob er ausgeführt wurde, ist unklar" in " ".join(done.output.split())
    assert received and b"POST /turn" in received[0] and opened == []


def test_a_server_that_cannot_be_reached_leaves_the_turn_to_this_process(monkeypatch):
    port = _closed_port()
    monkeypatch.setattr(talk, "_server_client", lambda data_dir: NovaClient(f"http://127.0.0.1:{port}", None))

    class Local:
        def turn(self, *args):
            return type("R", (), {"as_dict": lambda self: {"answer": "hier beantwortet", "verdict": "ok"}})()

        def close(self):
            pass

    monkeypatch.setattr(base, "open_nova", lambda *args, **kwargs: Local())
    done = CliRunner().invoke(app, ["say", "--user", "anna", "--character", "nova", "Hallo"])
    assert done.exit_code == 0 and done.stdout.strip() == "hier beantwortet"
