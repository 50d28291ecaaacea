"""CLI input is checked at the edge: a bad value is exit 2 with the rule, and nothing is opened or written."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from novaberg import cli
from novaberg.cli import base

runner = CliRunner()


@pytest.fixture
def nothing_opens(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    opened: list[Any] = []
    monkeypatch.setattr(base, "open_nova", lambda *args, **kwargs: opened.append(args))
    return opened


@pytest.mark.parametrize("path", ["/home/a\x00b", "/home/\ud800"])
def test_roots_disallow_refuses_an_unstorable_path_before_opening(nothing_opens: list[Any], path: str) -> None:
    """The entry is looked up in the database as typed: a NUL byte or a lone surrogate never gets there."""
    out = runner.invoke(cli.app, ["roots", "disallow", path, "--user", "u1"])
    assert out.exit_code == 2, out.output
    assert "pfad" in out.output
    assert nothing_opens == []


def test_roots_disallow_refuses_a_bad_user_before_opening(nothing_opens: list[Any]) -> None:
    out = runner.invoke(cli.app, ["roots", "disallow", "/home/a", "--user", "u\x00"])
    assert out.exit_code == 2, out.output
    assert nothing_opens == []
