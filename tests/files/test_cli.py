"""DESIGN.md CLI: `novaberg roots list|add|disable|forget` and `novaberg index` (dateien.md §2a, §8.3)."""

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
def opened(nova: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("NOVABERG_FILES_BOUNDARY", str(tmp_path / "home"))
    monkeypatch.setattr(nova, "close", lambda: None)
    monkeypatch.setattr(cli, "_open", lambda *args: nova)
    return nova


def test_roots_and_index_commands(opened: Any, tmp_path: Path) -> None:
    """§2a.2 + §8.3: add (resolved), list, index with a report, disable keeps rows, forget deletes them."""
    write(tmp_path / "home" / "docs" / "a.md", "# A\n\nInhalt.")
    out = runner.invoke(cli.app, ["roots", "add", str(tmp_path / "home" / "docs" / ".."), "--user", "u1",
                                  "--character", "nova", "--bezeichnung", "Heim"])
    assert out.exit_code == 0, out.output
    root = json.loads(out.stdout)
    assert root["pfad"] == str((tmp_path / "home").resolve()) and root["neu"] is True
    listed = json.loads(runner.invoke(cli.app, ["roots", "list", "--user", "u1", "--character", "nova"]).stdout)
    assert [r["id"] for r in listed] == [root["id"]]
    out = runner.invoke(cli.app, ["index"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["neu"] == 1
    again = json.loads(runner.invoke(cli.app, ["index", "--user", "u1"]).stdout)
    assert again["model_calls"] == 0 and again["unveraendert"] == 1
    out = runner.invoke(cli.app, ["roots", "disable", str(root["id"]), "--user", "u1", "--character", "nova"])
    assert out.exit_code == 0 and json.loads(out.stdout)["aktiv"] is False
    assert len(opened.files.index_rows(root["id"], "u1", "nova")) == 1
    out = runner.invoke(cli.app, ["roots", "forget", str(root["id"]), "--user", "u1", "--character", "nova"])
    assert out.exit_code == 0 and json.loads(out.stdout)["geloeschte_indexzeilen"] == 1


def test_roots_add_outside_is_exit_1(opened: Any, tmp_path: Path) -> None:
    """§7 rule 3a: outside the boundary → exit 1 naming the resolved path; nothing written."""
    (tmp_path / "home").mkdir()
    (tmp_path / "etc").mkdir()
    out = runner.invoke(cli.app, ["roots", "add", str(tmp_path / "home" / ".." / "etc"), "--user", "u1",
                                  "--character", "nova"])
    assert out.exit_code == 1 and "außerhalb" in out.stderr
    assert opened.files.roots("u1", "nova") == []
    out = runner.invoke(cli.app, ["roots", "forget", "999", "--user", "u1", "--character", "nova"])
    assert out.exit_code == 1 and "gibt es nicht" in out.stderr
