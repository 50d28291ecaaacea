"""What the commands print for people by default (a table, the answer), and JSON with --json."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from typer.testing import CliRunner

from novaberg.cli import app, talk
from novaberg.cli.render import cell

runner = CliRunner()

WARNED = {"answer": "Das habe ich so nicht verstanden.", "services": [], "verdict": "warnung",
          "reasons": ["Antwort passt nicht zur Frage"], "turn_id": "7f0c0000-0000-0000-0000-000000000000"}


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """`say` without any server or database: the turn answers WARNED (or an ok copy of it)."""
    verdicts = ["warnung"]
    monkeypatch.setattr(talk._Turns, "__init__", lambda self, *args, **kwargs: None)
    monkeypatch.setattr(talk._Turns, "close", lambda self: None)
    monkeypatch.setattr(talk._Turns, "turn", lambda self, *args: {**WARNED, "verdict": verdicts[0],
                                                                    "reasons": [] if verdicts[0] == "ok" else
                                                                    WARNED["reasons"]})
    return verdicts


def _say(*extra: str) -> Any:
    return runner.invoke(app, ["say", *extra, "--user", "anna", "--character", "nova", "Hallo"])


def test_say_prints_the_answer_and_a_verdict_that_is_not_ok(answered):
    done = _say()
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [WARNED["answer"], "Urteil: warnung — Antwort passt nicht zur Frage"]


def test_say_prints_only_the_answer_when_the_verdict_is_ok(answered):
    answered[0] = "ok"
    done = _say()
    assert done.exit_code == 0 and done.stdout.splitlines() == [WARNED["answer"]]


def test_say_with_json_prints_the_whole_result(answered):
    done = _say("--json")
    assert done.exit_code == 0 and json.loads(done.stdout) == WARNED


def test_a_time_is_shown_in_the_persons_zone_and_plain_values_as_a_person_reads_them():
    winter, summer = datetime(2026, 12, 7, 19, 15, tzinfo=UTC), datetime(2026, 7, 1, 22, 30, tzinfo=UTC)
    assert (cell(winter), cell(summer)) == ("07.12.2026 20:15", "02.07.2026 00:30")
    assert cell("2026-12-07T19:15:24.303840+00:00") == "07.12.2026 20:15"
    assert (cell(True), cell(None), cell(["a", "b"])) == ("ja", "", "a, b")


def test_a_directive_with_brackets_is_printed_as_written(monkeypatch: pytest.MonkeyPatch):
    """Stored text is never read as rich markup: `[bold]` in a directive is shown, not applied."""
    from novaberg.cli import base

    class Rows:
        def list(self, user: str, character: str) -> list[Any]:
            return [type("D", (), {"as_dict": lambda self: {"id": 1, "text": "[bold]Sie[/bold] sagen",
                                                             "created_at": "2026-12-07T19:15:24+00:00"}})()]

    class Opened:
        directives = Rows()

        def close(self) -> None:
            pass

    monkeypatch.setattr(base, "open_nova", lambda *args, **kwargs: Opened())
    monkeypatch.setattr(base.console, "width", 200)
    done = runner.invoke(app, ["directives", "list", "--user", "anna", "--character", "nova"])
    assert done.exit_code == 0, done.output
    assert "[bold]Sie[/bold] sagen" in done.stdout and "07.12.2026 20:15" in done.stdout
    assert "Direktiven von anna/nova" in done.stdout
