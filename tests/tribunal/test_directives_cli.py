"""`novaberg directives list|add|remove` on the embedded default."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from novaberg.cli import app

runner = CliRunner()


def test_directives_add_list_remove_and_refusals(tmp_path):
    data = str(tmp_path / "data")
    pair = ["--user", "u1", "--character", "nova", "--data-dir", data]
    added = runner.invoke(app, ["directives", "add", "--json", *pair, "Sprich mich mit Sie an"])
    assert added.exit_code == 0, added.output
    directive = json.loads(added.stdout)
    assert directive["text"] == "Sprich mich mit Sie an" and directive["neu"] is True
    too_long = runner.invoke(app, ["directives", "add", "--json", *pair, "x" * 501])
    assert too_long.exit_code == 2 and "500" in too_long.output
    empty = runner.invoke(app, ["directives", "add", "--json", *pair, "  "])
    assert empty.exit_code == 2
    listed = runner.invoke(app, ["directives", "list", "--json", *pair])
    assert [d["text"] for d in json.loads(listed.stdout)] == ["Sprich mich mit Sie an"]
    other = runner.invoke(app, ["directives", "remove", "--json", "--user", "u2", "--character", "nova", "--data-dir", data,
                                str(directive["id"])])
    assert other.exit_code == 1  # another person's id: nothing changed
    removed = runner.invoke(app, ["directives", "remove", "--json", *pair, str(directive["id"])])
    assert removed.exit_code == 0, removed.output
    assert json.loads(runner.invoke(app, ["directives", "list", "--json", *pair]).stdout) == []
