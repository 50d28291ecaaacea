"""The address file a running `serve` leaves in the data directory, as the CLI's client reads it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

from novaberg.cli.client import (
    ADDRESS_FILE_NAME,
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


def test_a_server_removes_only_its_own_address(tmp_path):
    write_address(tmp_path, ServerAddress(os.getpid(), "http://127.0.0.1:8765", "none"))
    remove_address(tmp_path, os.getpid() + 1)  # another serve on a shared directory wrote its own since
    assert (tmp_path / ADDRESS_FILE_NAME).exists()
    remove_address(tmp_path, os.getpid())
    assert not (tmp_path / ADDRESS_FILE_NAME).exists()
