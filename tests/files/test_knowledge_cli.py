"""`novaberg knowledge history|revert` (DESIGN.md CLI; dateien.md §3a.2a: every edit reversible)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from novaberg import cli
from novaberg.files.knowledge import KnowledgeZone
from tests.files.helpers import NOW

runner = CliRunner()


def test_history_and_revert(tmp_path: Path) -> None:
    zone = KnowledgeZone(tmp_path / "knowledge")
    zone.insert("bach.md", "Bach war ab 1723 Thomaskantor in Leipzig.", NOW)
    zone.change("bach.md", 0, "Johann Sebastian Bach war ab 1723 Thomaskantor in Leipzig.", NOW)
    out = runner.invoke(cli.app, ["knowledge", "history", "bach.md", "--data-dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert [v["art"] for v in json.loads(out.stdout)] == ["eingefügt", "geändert"]
    out = runner.invoke(cli.app, ["knowledge", "revert", "bach.md", "--data-dir", str(tmp_path)])
    assert out.exit_code == 0 and json.loads(out.stdout)["zurueckgenommen"] == 2
    assert "[i1>] Bach war ab 1723" in zone.text("bach.md") and "[c2>]" not in zone.text("bach.md")
    outside = runner.invoke(cli.app, ["knowledge", "revert", "../x.md", "--data-dir", str(tmp_path)])
    assert outside.exit_code == 1
