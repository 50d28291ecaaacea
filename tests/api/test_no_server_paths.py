"""No server path in an answer (dateien.md §2a.2, §7): a person who names a path that leads outside their own
allowed entries — through /proc's links to the server process, a symlink out of an allowed entry, or `..` — is
told the path as they said it and their allowed entries, never where it resolved to, and never whether it
exists or may be read. Over HTTP with two persons, one test per kind of link; the whole JSON (answer and
service steps) is searched."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "operator-token-no-server-paths-0123456789"
BASE = "http://127.0.0.1:8765"
NOW = berlin(2026, 11, 30, 10)
TELLS_EXISTENCE = ("Permission denied", "Errno", "nicht lesbar", "gibt es nicht", "Verknüpfungsschleife")


@pytest.fixture
def home() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="novaberg-home-", ignore_cleanup_errors=True) as folder:
        yield Path(folder).resolve()


@pytest.fixture
def world(nova, tmp_path, home):
    tokens = PersonTokens(nova.stack.db)
    for person in ("anna", "bob"):
        (home / person / "docs").mkdir(parents=True)
        (home / person / "docs" / "notiz.md").write_text("Heizung gewartet.\n", encoding="utf-8")
        nova.files.allow(person, str(home / person))
    secret = home / "server-geheim"
    secret.mkdir()
    (home / "anna" / "abkuerzung").symlink_to(secret)
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    clients = {}
    for person in ("anna", "bob"):
        token = tokens.create(person, NOW)
        clients[person] = TestClient(app, base_url=BASE, raise_server_exceptions=False,
                                     headers={"Authorization": f"Bearer {token}"})
    return {"home": home, "secret": secret, **clients}


def _say(world, person: str, path: str) -> str:
    response = world[person].post("/turn", json={"user_id": person, "character_id": "nova",
                                                 "text": f"Du darfst in {path} nachsehen"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert any(s["name"] == "dateien_wurzeln" and s["status"] == "rejected" for s in body["services"]), body
    return response.text


def _refused_without_leak(world, person: str, said: str, resolved: str) -> None:
    text = _say(world, person, said)
    assert resolved not in text.replace(said, "")
    assert said in text and str(world["home"] / person) in text  # what was said, and the person's own entry
    other = "bob" if person == "anna" else "anna"
    assert str(world["home"] / other) not in text  # never the other person's entries
    for word in TELLS_EXISTENCE:
        assert word not in text


@pytest.mark.parametrize("person", ["anna", "bob"])
def test_the_servers_working_directory_behind_proc_self_cwd_is_never_shown(world, person):
    _refused_without_leak(world, person, "/proc/self/cwd", os.getcwd())


def test_the_servers_interpreter_behind_proc_self_exe_is_never_shown(world):
    _refused_without_leak(world, "anna", "/proc/self/exe", os.path.realpath(sys.executable))
    _refused_without_leak(world, "anna", "/proc/self/exe", str(Path(sys.executable).resolve().parent))


def test_an_open_file_of_the_server_behind_proc_self_fd_is_never_shown(world, tmp_path):
    lock = tmp_path / "server-lock-datei"
    with lock.open("w") as handle:
        _refused_without_leak(world, "anna", f"/proc/self/fd/{handle.fileno()}", str(lock))


def test_another_process_behind_proc_1_cwd_tells_nothing_not_even_that_it_exists(world):
    reached = None
    try:
        reached = os.path.realpath("/proc/1/cwd")
    except OSError:
        pass
    text = _say(world, "bob", "/proc/1/cwd")
    assert "/proc/1/cwd" in text and str(world["home"] / "bob") in text
    for word in TELLS_EXISTENCE:
        assert word not in text
    if reached not in (None, "/", "/proc/1/cwd"):
        assert reached not in text


def test_a_symlink_out_of_an_allowed_entry_never_shows_where_it_leads(world):
    said = f"{world['home'] / 'anna'}/abkuerzung"
    _refused_without_leak(world, "anna", said, str(world["secret"]))


def test_dot_dot_out_of_an_allowed_entry_never_shows_where_it_leads(world):
    said = f"{world['home'] / 'anna'}/docs/../../server-geheim"
    _refused_without_leak(world, "anna", said, str(world["secret"]))


def test_a_path_missing_outside_the_entries_answers_as_one_that_exists(world):
    there = json.loads(_say(world, "anna", str(world["secret"])))
    missing = json.loads(_say(world, "anna", str(world["home"] / "gibt-es-nicht")))
    for key in ("answer", "services"):
        assert json.dumps(there[key]).replace(str(world["secret"]), "X") == \
            json.dumps(missing[key]).replace(str(world["home"] / "gibt-es-nicht"), "X")


def test_inside_an_allowed_entry_the_gate_still_shows_the_resolved_path(world):
    """§2a.2: inside what may be shared, the gate names the resolved directory (the `..` resolved away)."""
    said = f"{world['home'] / 'anna'}/docs/../docs"
    response = world["anna"].post("/turn", json={"user_id": "anna", "character_id": "nova",
                                                 "text": f"Du darfst in {said} nachsehen"})
    assert response.status_code == 200
    world["anna"].post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Das ist meins"})
    gate = world["anna"].post("/turn", json={"user_id": "anna", "character_id": "nova", "text": "Das ist meins"})
    assert str(world["home"] / "anna" / "docs") in response.text + gate.text
