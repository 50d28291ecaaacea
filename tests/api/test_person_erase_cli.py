"""`novaberg person erase --user U [--yes]` asks first, reports JSON, and refuses the unknown."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from novaberg.cli import app

runner = CliRunner()


def _persons_with_a_token(data) -> list[str]:
    listed = runner.invoke(app, ["token", "list", "--data-dir", str(data)])
    assert listed.exit_code == 0, listed.output
    return listed.output.split()


def test_the_operators_own_person_is_erased_only_with_yes(tmp_path):
    """`ich` is the CLI's own person: a typed 'ja' is not enough, nothing opens (exit 2)."""
    result = runner.invoke(app, ["person", "erase", "--json", "--user", "ich", "--data-dir", str(tmp_path / "data")], input="ja\n")
    assert result.exit_code == 2
    assert "nur mit --yes" in result.output
    assert not (tmp_path / "data").exists()


def test_erase_asks_refusal_changes_nothing_then_ja_erases_and_a_second_run_finds_nothing(data_dir):
    data = data_dir
    runner.invoke(app, ["token", "create", "--user", "anna", "--data-dir", str(data)])
    runner.invoke(app, ["token", "create", "--user", "bob", "--data-dir", str(data)])
    assert _persons_with_a_token(data) == ["anna", "bob"]

    declined = runner.invoke(app, ["person", "erase", "--json", "--user", "anna", "--data-dir", str(data)], input="nein\n")
    assert declined.exit_code == 1, declined.output
    assert "Anmelde-Token: ja" in declined.output and "nichts gelöscht" in declined.output
    assert _persons_with_a_token(data) == ["anna", "bob"]

    done = runner.invoke(app, ["person", "erase", "--json", "--user", "anna", "--data-dir", str(data)], input="ja\n")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout[done.stdout.index("{"):done.stdout.rindex("}") + 1])
    assert report["user_id"] == "anna" and report["token"] is True and report["gesamt"] == 1
    assert _persons_with_a_token(data) == ["bob"]

    again = runner.invoke(app, ["person", "erase", "--json", "--user", "anna", "--yes", "--data-dir", str(data)])
    assert again.exit_code == 2
    assert "nichts gespeichert" in again.output
    assert _persons_with_a_token(data) == ["bob"]


def test_an_unknown_person_is_exit_2_and_nothing_changes(data_dir):
    data = data_dir
    runner.invoke(app, ["token", "create", "--user", "bob", "--data-dir", str(data)])
    result = runner.invoke(app, ["person", "erase", "--json", "--user", "carla", "--yes", "--data-dir", str(data)])
    assert result.exit_code == 2 and "Von carla ist nichts gespeichert" in result.output
    assert _persons_with_a_token(data) == ["bob"]
