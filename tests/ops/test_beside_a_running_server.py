"""The operator's commands beside a running `novaberg serve` on the embedded default (real processes).

`serve` owns the data directory's embedded PostgreSQL and Redis; every other command attaches to their sockets
(`store.stack`), and `say`/`chat` send their turns to the server (`cli.client`). Checked through the server's
own API: what a command wrote is what the server reads at once. A second `serve` is refused; after SIGKILL of
the owner the next start takes the directory over.
"""

from __future__ import annotations

import io
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
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from novaberg.cli.client import ADDRESS_FILE_NAME
from tests.support import copy_data_dir, temp_folder

NOVABERG = Path(sys.executable).with_name("novaberg")
GROCERIES = ("Äpfel", "Birnen", "Zucker", "Mehl")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOVABERG_")}
    env.update({"NOVABERG_TIMEZONE": "Europe/Berlin", "NOVABERG_LLM": "offline", "COLUMNS": "200"})
    return env


def _cli(*args: str, data: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(NOVABERG), *args, "--data-dir", str(data)], input=stdin, capture_output=True,
                          text=True, env=_env(), timeout=120)


def _say(user: str, text: str, data: Path) -> str:
    return _ok(_cli("say", "--user", user, "--character", "nova", text, data=data))


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"exit {done.returncode}: {done.stdout[-1500:]} {done.stderr[-1500:]}"
    return done.stdout


def _get(port: int, path: str, token: str) -> bytes:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


def _export(port: int, token: str, user: str) -> dict[str, bytes]:
    """The person's export zip as the server makes it (GET /export, operator token)."""
    with zipfile.ZipFile(io.BytesIO(_get(port, f"/api/export?user_id={user}", token))) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _start_serve(data: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([str(NOVABERG), "serve", "--data-dir", str(data), "--port", str(port)],
                               stdout=log.open("w"), stderr=subprocess.STDOUT, env=_env())
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"serve ended early ({process.returncode}): {log.read_text()}")
        if (data / ADDRESS_FILE_NAME).exists():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    if response.status == 200:
                        return process
            except OSError:
                pass
        time.sleep(0.1)
    process.kill()
    pytest.fail(f"serve did not answer in time: {log.read_text()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def served(started_data_dir: Path) -> Iterator[dict]:
    # not under pytest's basetemp: a concurrent pytest run rotates old basetemps away (tests/conftest.py)
    with temp_folder("novaberg-test-beside-") as folder:
        base = Path(folder)
        data = copy_data_dir(started_data_dir, base / "data")
        (base / "anna-docs").mkdir()
        port = _free_port()
        process = _start_serve(data, port, base / "serve.log")
        try:
            yield {"data": data, "port": port, "process": process, "base": base,
                   "token": (data / "api-token").read_text().strip()}
        finally:
            _stop(process)


def test_every_operator_command_works_beside_serve_and_the_server_sees_it_at_once(served):
    data, port, token, base = served["data"], served["port"], served["token"], served["base"]
    serve_pid = served["process"].pid
    address = data / ADDRESS_FILE_NAME
    assert stat.S_IMODE(address.stat().st_mode) == 0o600
    assert json.loads(address.read_text())["url"] == f"http://127.0.0.1:{port}"

    # say and chat: answered by the server (its log of the person holds the turns), readable by default
    said = _ok(_cli("say", "--user", "anna", "--character", "nova", "Mein Hund heißt Bello.", data=data))
    assert said.strip() and not said.lstrip().startswith("{")
    chatted = _ok(_cli("chat", "--user", "anna", "--character", "nova", data=data,
                       stdin="Schreib Milch auf die Einkaufsliste\nJa\n"))
    assert "nova>" in chatted
    with ThreadPoolExecutor(len(GROCERIES)) as pool:  # parallel turns of one person through the server
        done = list(pool.map(lambda item: _cli("say", "--json", "--user", "anna", "--character", "nova",
                                               f"Schreib {item} auf die Einkaufsliste", data=data), GROCERIES))
    assert all(json.loads(_ok(each))["verdict"] for each in done)
    history = json.loads(_export(port, token, "anna")["verlauf/nova.json"])
    said_texts = json.dumps(history, ensure_ascii=False)
    assert "Mein Hund heißt Bello." in said_texts and "Schreib Milch auf die Einkaufsliste" in said_texts
    notes = [name for name in _export(port, token, "anna") if name.startswith("notizen/")]
    shopping = _export(port, token, "anna")[next(n for n in notes if "Einkaufsliste" in n)].decode()
    assert all(shopping.count(item) == 1 for item in ("Milch", *GROCERIES)), shopping

    # directives add, roots allow, token create: written beside the server, followed by its next turn at once
    assert "dass du da bist" in _say("anna", "Hallo", data)
    _ok(_cli("directives", "add", "Sprich mich mit Sie an", "--user", "anna", "--character", "nova", data=data))
    assert "dass Sie da sind" in _say("anna", "Hallo", data)
    assert "dass du da bist" in _say("bob", "Hallo", data)  # bob's figure keeps his own way of speaking
    share = f"Du darfst in {base / 'anna-docs'} nachsehen"
    assert "noch kein Verzeichnis zum Freigeben erlaubt" in _say("anna", share, data)
    _ok(_cli("roots", "allow", str(base / "anna-docs"), "--user", "anna", data=data))
    assert "deins, meins, oder beides" in _say("anna", share, data)
    assert "noch kein Verzeichnis zum Freigeben erlaubt" in _say("bob", share.replace("anna", "bob"), data)
    anna = _export(port, token, "anna")
    assert [entry["pfad"] for entry in json.loads(anna["ordner.json"])["erlaubt"]] == [str(base / "anna-docs")]
    assert "Sprich mich mit Sie an" in anna["direktiven/nova.json"].decode()
    created = _ok(_cli("token", "create", "--user", "anna", data=data))
    anna_token = created.split("Token für anna:")[1].split()[0]
    assert json.loads(_get(port, "/api/me", anna_token))["user_id"] == "anna"

    # memory show: what the server's turns left in the short-term memory, only the person's own
    memory = json.loads(_ok(_cli("memory", "show", "--json", "--user", "anna", "--character", "nova", data=data)))
    assert any("Bello" in entry["inhalt"] for entry in memory["kurzzeit"]), memory
    bob = json.loads(_ok(_cli("memory", "show", "--json", "--user", "bob", "--character", "nova", data=data)))
    assert bob["kurzzeit"] == [] and bob["langzeit"] == []
    readable = _ok(_cli("memory", "show", "--user", "anna", "--character", "nova", data=data))
    assert "Kurzzeitgedächtnis von anna/nova" in readable and "Bello" in readable

    # doctor: the servers are the owner's, and so is the heartbeat
    doctor = " ".join(_ok(_cli("doctor", data=data)).split())
    assert f"run by novaberg process pid {serve_pid}, serve" in doctor
    assert f":{serve_pid}:" in doctor.split("heartbeat", 1)[1], doctor

    # person export: the zip holds the turns the server made
    target = base / "anna.zip"
    _ok(_cli("person", "export", "--user", "anna", str(target), data=data))
    with zipfile.ZipFile(target) as archive:
        assert "Mein Hund heißt Bello." in archive.read("verlauf/nova.json").decode()

    # a second serve on the same directory is still refused, and the first one keeps serving
    second = _cli("serve", "--port", str(_free_port()), data=data)
    assert second.returncode == 2 and f"pid {serve_pid}, serve" in second.stderr
    assert served["process"].poll() is None
    assert json.loads(_get(port, "/api/me", token))["operator"] is True


def test_turns_of_one_person_through_the_server_and_attached_beside_it_run_in_parallel(served):
    """`say --llm …` runs Nova in its own process on the server's database (attached) while other turns of the
    same person go through the server: every item lands on the list once, and another person's list is untouched."""
    data, port, token = served["data"], served["port"], served["token"]
    for person, first in (("carla", "Milch"), ("dora", "Salz")):  # the list is made once, asked and confirmed
        assert "nova>" in _ok(_cli("chat", "--user", person, "--character", "nova", data=data,
                                   stdin=f"Schreib {first} auf die Einkaufsliste\nJa\n"))
    attached = ("--llm", "offline")  # another model than the server's: this process runs the turn itself

    def turn(index_item: tuple[int, str]) -> subprocess.CompletedProcess[str]:
        index, item = index_item
        extra = attached if index % 2 else ()
        return _cli("say", *extra, "--user", "carla", "--character", "nova", f"Schreib {item} auf die Einkaufsliste",
                    data=data)

    with ThreadPoolExecutor(len(GROCERIES)) as pool:
        done = list(pool.map(turn, enumerate(GROCERIES)))
    assert all(_ok(each).strip() for each in done)
    carla = _export(port, token, "carla")
    shopping = carla[next(n for n in carla if n.startswith("notizen/") and "Einkaufsliste" in n)].decode()
    assert all(shopping.count(item) == 1 for item in ("Milch", *GROCERIES)), shopping
    dora = _export(port, token, "dora")
    theirs = dora[next(n for n in dora if n.startswith("notizen/") and "Einkaufsliste" in n)].decode()
    assert "Salz" in theirs and not any(item in theirs for item in GROCERIES), theirs


def test_say_beside_a_server_imports_no_langgraph_and_no_database_driver(served):
    """The client path of `say` (the server answers) loads neither the graph runner nor a database driver."""
    code = ("import sys\nfrom novaberg.cli import app\n"
            "try:\n    app(sys.argv[1:], standalone_mode=False)\nfinally:\n"
            "    heavy = sorted({m.split('.')[0] for m in sys.modules} & {'langgraph', 'langchain_core', 'psycopg',"
            " 'psycopg_pool', 'redis', 'fastapi', 'numpy', 'uvicorn'})\n    print('HEAVY', heavy)\n")
    done = subprocess.run([sys.executable, "-c", code, "say", "--user", "anna", "--character", "nova", "--data-dir",
                           str(served["data"]), "Hallo"], capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "HEAVY []" in done.stdout, done.stdout
    assert done.stdout.split("HEAVY")[0].strip()  # Nova's answer came first


def test_after_sigkill_of_the_owner_commands_run_alone_and_the_next_serve_takes_over(served):
    data, base = served["data"], served["base"]
    served["process"].send_signal(signal.SIGKILL)
    served["process"].wait()
    assert (data / ADDRESS_FILE_NAME).exists()  # left behind by the killed process: names a dead pid
    alone = _cli("say", "--user", "anna", "--character", "nova", "Hallo", data=data)
    assert _ok(alone).strip()
    port = _free_port()
    again = _start_serve(data, port, base / "again.log")
    try:
        assert json.loads((data / ADDRESS_FILE_NAME).read_text())["pid"] == again.pid
        _ok(_cli("say", "--user", "anna", "--character", "nova", "Hallo", data=data))
        assert '"POST /turn HTTP/1.1" 200' in (base / "again.log").read_text()  # answered by the new server
    finally:
        _stop(again)
    assert not (data / ADDRESS_FILE_NAME).exists()
