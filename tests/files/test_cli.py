"""The CLI: `novaberg roots list|add|disable|forget|allow|disallow|allowed`, `novaberg index` and the
allow-lists in `novaberg doctor` (dateien.md §2a, §7 rule 3a, §8.3; issue 24)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from novaberg import cli
from tests.files.helpers import write

runner = CliRunner()


@pytest.fixture
def opened(nova: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv("NOVABERG_FILES_BOUNDARY", raising=False)
    monkeypatch.setattr(nova, "close", lambda: None)
    monkeypatch.setattr(cli.base, "open_nova", lambda *args, **kwargs: nova)
    (home / "home").mkdir(exist_ok=True)
    out = runner.invoke(cli.app, ["roots", "allow", "--json", str(home / "home"), "--user", "u1"])
    assert out.exit_code == 0, out.output
    return nova


def test_roots_and_index_commands(opened: Any, home: Path) -> None:
    """§2a.2 + §8.3: add (resolved), list, index with a report, disable keeps rows, forget deletes them."""
    write(home / "home" / "docs" / "a.md", "# A\n\nInhalt.")
    out = runner.invoke(cli.app, ["roots", "add", "--json", str(home / "home" / "docs" / ".."), "--user", "u1",
                                  "--character", "nova", "--bezeichnung", "Heim"])
    assert out.exit_code == 0, out.output
    root = json.loads(out.stdout)
    assert root["pfad"] == str((home / "home").resolve()) and root["neu"] is True
    listed = json.loads(runner.invoke(cli.app, ["roots", "list", "--json", "--user", "u1", "--character", "nova"]).stdout)
    assert [r["id"] for r in listed] == [root["id"]]
    out = runner.invoke(cli.app, ["index", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["neu"] == 1
    again = json.loads(runner.invoke(cli.app, ["index", "--json", "--user", "u1"]).stdout)
    assert again["model_calls"] == 0 and again["unveraendert"] == 1
    out = runner.invoke(cli.app, ["roots", "disable", "--json", str(root["id"]), "--user", "u1", "--character", "nova"])
    assert out.exit_code == 0 and json.loads(out.stdout)["aktiv"] is False
    assert len(opened.files.index_rows(root["id"], "u1", "nova")) == 1
    out = runner.invoke(cli.app, ["roots", "forget", "--json", str(root["id"]), "--user", "u1", "--character", "nova"])
    assert out.exit_code == 0 and json.loads(out.stdout)["geloeschte_indexzeilen"] == 1


def test_roots_add_outside_is_exit_1(opened: Any, home: Path) -> None:
    """§7 rule 3a: outside the person's allow-list → exit 1 naming the resolved path; nothing written."""
    (home / "etc").mkdir()
    out = runner.invoke(cli.app, ["roots", "add", "--json", str(home / "home" / ".." / "etc"), "--user", "u1",
                                  "--character", "nova"])
    assert out.exit_code == 1 and "außerhalb" in out.stderr
    assert opened.files.roots("u1", "nova") == []
    out = runner.invoke(cli.app, ["roots", "forget", "--json", "999", "--user", "u1", "--character", "nova"])
    assert out.exit_code == 1 and "gibt es nicht" in out.stderr


def test_roots_allow_disallow_allowed(opened: Any, home: Path) -> None:
    """Issue 24: the allow-list is per person, stored resolved; `allowed` shows one person's entries only; a
    second `allow` of the same path adds no entry; `disallow` removes it and an unknown entry is exit 1."""
    (home / "anna").mkdir()
    out = runner.invoke(cli.app, ["roots", "allow", "--json", str(home / "anna" / ".." / "anna"), "--user", "anna"])
    assert out.exit_code == 0, out.output
    assert [e["pfad"] for e in json.loads(out.stdout)] == [str((home / "anna").resolve())]
    again = runner.invoke(cli.app, ["roots", "allow", "--json", str(home / "anna"), "--user", "anna"])
    assert json.loads(again.stdout)[0]["neu"] is False
    anna = json.loads(runner.invoke(cli.app, ["roots", "allowed", "--json", "--user", "anna"]).stdout)
    bob = json.loads(runner.invoke(cli.app, ["roots", "allowed", "--json", "--user", "bob"]).stdout)
    assert [e["pfad"] for e in anna] == [str((home / "anna").resolve())] and bob == []
    out = runner.invoke(cli.app, ["roots", "disallow", "--json", str(home / "anna"), "--user", "bob"])
    assert out.exit_code == 1 and "nicht in der Freigabeliste" in out.stderr
    out = runner.invoke(cli.app, ["roots", "disallow", "--json", str(home / "anna"), "--user", "anna"])
    assert out.exit_code == 0 and json.loads(out.stdout)["entfernt"] == 1
    assert opened.files.allowed("anna") == []


@pytest.mark.parametrize("target", ["dot", "data", "root", "file", "relative"])
def test_roots_allow_refuses_unsafe_entries(opened: Any, home: Path, target: str) -> None:
    """Issue 24: dot directories, the data directory (and what lies in or around it), `/`, files and relative
    paths are never allowed — exit 1 with the reason, and of several paths none is written."""
    (home / "ok").mkdir()
    (home / ".docker").mkdir()
    write(home / "datei.md", "x")
    bad = {"dot": str(home / ".docker"), "data": str(opened.settings.data_dir), "root": "/",
           "file": str(home / "datei.md"), "relative": "ok"}[target]
    out = runner.invoke(cli.app, ["roots", "allow", "--json", str(home / "ok"), bad, "--user", "anna"])
    assert out.exit_code == 1 and "kann nicht erlaubt werden" in out.stderr, out.output
    assert opened.files.allowed("anna") == []


def test_doctor_shows_allow_lists_and_warns_about_the_old_variable(opened: Any, home: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: doctor lists each person's allow-list (count and paths) and says loudly that
    NOVABERG_FILES_BOUNDARY grants nothing any more, naming the command to run instead."""
    monkeypatch.setenv("NOVABERG_FILES_BOUNDARY", str(home))
    monkeypatch.setattr(cli.base.console, "width", 400)
    out = runner.invoke(cli.app, ["doctor"])
    flat = " ".join(out.stdout.split())
    assert f"u1: 1 ({(home / 'home').resolve()})" in flat, out.output
    assert "NOVABERG_FILES_BOUNDARY is set but grants nothing" in flat
    assert "novaberg roots allow --user" in flat


def test_the_system_directories_and_below_are_warned_and_an_ordinary_one_is_not(home: Path) -> None:
    from novaberg.files.allowlist import system_warning

    for system in ("/etc", "/etc/ssh", "/proc", "/proc/self", "/sys", "/dev", "/dev/shm", "/boot", "/run", "/root"):
        assert system_warning(Path(system), home=Path("/nirgends/nobody")) is not None, system
    assert system_warning(home, home=Path("/nirgends/nobody")) is None
    assert system_warning(Path("/srv/fotos"), home=Path("/nirgends/nobody")) is None


@pytest.mark.parametrize("system", ["/etc", "/proc", "/sys"])  # /dev holds the tests' data directory (/dev/shm)
def test_allowing_a_system_directory_is_done_and_warned(opened: Any, system: str) -> None:
    """The operator may mean it, so it is allowed — but never silently: the entry carries the warning and the
    command says it on stderr; another person's list stays as it was."""
    out = runner.invoke(cli.app, ["roots", "allow", "--json", system, "--user", "anna"])
    assert out.exit_code == 0, out.output
    entries = json.loads(out.stdout)
    assert [e["pfad"] for e in entries] == [str(Path(system).resolve())]
    assert "Systemverzeichnis" in entries[0]["warnung"] and "Warnung:" in out.stderr and system in out.stderr
    assert [e["pfad"] for e in opened.files.allowed("anna")] == [str(Path(system).resolve())]
    assert opened.files.allowed("bob") == []


def test_allowing_the_server_accounts_home_or_what_holds_it_is_warned(opened: Any, home: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from novaberg.files import allowlist

    server_home = home / "srv" / "nova"
    server_home.mkdir(parents=True)
    (home / "srv" / "anna").mkdir()
    monkeypatch.setattr(allowlist, "_server_home", lambda: server_home.resolve())
    for target in (server_home, home / "srv"):
        out = runner.invoke(cli.app, ["roots", "allow", str(target), "--user", "anna"])
        assert out.exit_code == 0 and "Home-Verzeichnis des Server-Kontos" in out.stderr, out.output
    quiet = runner.invoke(cli.app, ["roots", "allow", str(home / "srv" / "anna"), "--user", "anna"])
    assert quiet.exit_code == 0 and "Warnung" not in quiet.stderr and "warnung" not in quiet.stdout
