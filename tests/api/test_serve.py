"""`novaberg serve` as a real process: the token is made once (0600) and printed once,
it works for POST /turn, and SIGTERM/SIGINT stop the server with the embedded PostgreSQL and Redis."""

from __future__ import annotations

import json
import signal
import stat

import pytest

from novaberg.api.auth import TOKEN_ENV, TOKEN_FILE_NAME, load_or_create_token
from tests.serving import free_port, request, servers_of, start_serve, stop_serve


def test_a_new_token_is_written_0600_in_a_0700_directory_and_read_back(tmp_path):
    """§6: first call creates the data directory (and parents) 0700 and the token 0600."""
    data = tmp_path / "a" / "b" / "data"
    token, created = load_or_create_token(data, env={})
    assert created and len(token) >= 40
    assert stat.S_IMODE((data / TOKEN_FILE_NAME).stat().st_mode) == 0o600
    for folder in (data, data.parent, data.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert load_or_create_token(data, env={}) == (token, False)


def test_the_environment_token_wins_and_writes_nothing(tmp_path):
    """NOVABERG_API_TOKEN overrides the file and creates none."""
    assert load_or_create_token(tmp_path / "data", env={TOKEN_ENV: "aus-der-umgebung"}) == ("aus-der-umgebung", False)
    assert not (tmp_path / "data").exists()


def test_a_loose_token_file_is_tightened_and_an_empty_one_replaced(tmp_path):
    """A token file readable by others is set back to 0600; an empty one gets a new token."""
    path = tmp_path / TOKEN_FILE_NAME
    path.write_text("alt\n")
    path.chmod(0o644)
    assert load_or_create_token(tmp_path, env={}) == ("alt", False)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("")
    token, created = load_or_create_token(tmp_path, env={})
    assert created and token and path.read_text().strip() == token


def test_serve_prints_the_token_once_it_works_and_sigterm_stops_everything(tmp_path, data_dir):
    """§5: the first start prints the token (0600 file), it opens POST /turn (401 without);
    SIGTERM ends serve within 15 s and no postgres/redis-server of the data directory is left (graceful
    shutdown through the lifespan, no traceback)."""
    data = data_dir
    port = free_port()
    first = start_serve(data, port, tmp_path / "first.log")
    try:
        output = (tmp_path / "first.log").read_text()
        lines = [line for line in output.splitlines() if line.startswith("API token: ")]
        assert len(lines) == 1, output
        token = lines[0].removeprefix("API token: ").strip()
        assert (data / TOKEN_FILE_NAME).read_text().strip() == token
        assert stat.S_IMODE((data / TOKEN_FILE_NAME).stat().st_mode) == 0o600
        turn = {"user_id": "u", "character_id": "nova", "text": "Hallo"}
        assert request(port, "/turn", turn)[0] == 401
        status, body = request(port, "/turn", turn, token)
        assert status == 200 and json.loads(body)["answer"]
        assert servers_of(data), "the embedded servers should run under the data directory"
    finally:
        if first.poll() is None:
            stop_serve(first, signal.SIGTERM, data)
    assert "Application shutdown complete" in (tmp_path / "first.log").read_text()
    assert "Traceback" not in (tmp_path / "first.log").read_text()


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGHUP], ids=["SIGINT", "SIGHUP"])
def test_a_later_start_prints_no_token_the_same_one_works_and_a_signal_stops_everything(tmp_path, data_dir,
                                                                                        stop_signal):
    """§5: a start over a data directory that has its token prints none, the stored one opens
    POST /turn, and SIGINT or SIGHUP stop serve like SIGTERM (own test each, so two workers share them)."""
    token, created = load_or_create_token(data_dir, env={})
    assert created
    port = free_port()
    log = tmp_path / "again.log"
    again = start_serve(data_dir, port, log)
    try:
        assert token not in log.read_text()
        turn = {"user_id": "u", "character_id": "nova", "text": "Hallo"}
        assert request(port, "/turn", turn, token)[0] == 200
    finally:
        if again.poll() is None:
            stop_serve(again, stop_signal, data_dir)
    assert "Application shutdown complete" in log.read_text()  # the lifespan closed Nova
    assert "Traceback" not in log.read_text()
