"""`novaberg knowledge history|revert --user --character` (dateien.md §3a.2a: every edit
reversible; issue 24: the pair's zone only)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from novaberg import cli
from novaberg.files.knowledge import KnowledgeZone
from novaberg.files.knowledge.pairs import pair_zone
from tests.files.helpers import NOW

runner = CliRunner()
ANNA = ["--user", "anna", "--character", "nova"]


def test_history_and_revert(tmp_path: Path) -> None:
    zone = KnowledgeZone(pair_zone(tmp_path, "anna", "nova"))
    zone.insert("bach.md", "Bach war ab 1723 Thomaskantor in Leipzig.", NOW)
    zone.change("bach.md", 0, "Johann Sebastian Bach war ab 1723 Thomaskantor in Leipzig.", NOW)
    out = runner.invoke(cli.app, ["knowledge", "history", "--json", "bach.md", *ANNA, "--data-dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert [v["art"] for v in json.loads(out.stdout)] == ["eingefügt", "geändert"]
    out = runner.invoke(cli.app, ["knowledge", "revert", "--json", "bach.md", *ANNA, "--data-dir", str(tmp_path)])
    assert out.exit_code == 0 and json.loads(out.stdout)["zurueckgenommen"] == 2
    assert "[i1>] Bach war ab 1723" in zone.text("bach.md") and "[c2>]" not in zone.text("bach.md")
    outside = runner.invoke(cli.app, ["knowledge", "revert", "--json", "../x.md", *ANNA, "--data-dir", str(tmp_path)])
    assert outside.exit_code == 1


def test_the_commands_work_on_one_pairs_zone_only(tmp_path: Path) -> None:
    """Issue 24: history and revert take --user/--character; another pair's text is neither shown nor
    reverted, and a command without the pair is refused."""
    zone = KnowledgeZone(pair_zone(tmp_path, "anna", "nova"))
    zone.insert("tagebuch.md", "Das Codewort ist Kranich7.", NOW)
    before = zone.text("tagebuch.md")
    for other in (["--user", "bob", "--character", "nova"], ["--user", "anna", "--character", "luna"]):
        shown = runner.invoke(cli.app, ["knowledge", "history", "--json", "tagebuch.md", *other, "--data-dir", str(tmp_path)])
        assert shown.exit_code == 0 and json.loads(shown.stdout) == [] and "Kranich7" not in shown.output
        undone = runner.invoke(cli.app, ["knowledge", "revert", "--json", "tagebuch.md", *other, "--data-dir", str(tmp_path)])
        assert undone.exit_code == 1
    assert zone.text("tagebuch.md") == before
    unpaired = runner.invoke(cli.app, ["knowledge", "history", "--json", "tagebuch.md", "--data-dir", str(tmp_path)])
    assert unpaired.exit_code == 2
