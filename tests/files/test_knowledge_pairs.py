"""Her knowledge is kept per pair (person × figure), the old shared zone is archived for the operator,
files are 0600 and directories 0700, and no response carries the server path (dateien.md §3a.3, §7: the
zone `knowledge/` is hers to write — per pair, never another person's)."""

from __future__ import annotations

import json
import logging
import os
import stat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from novaberg import cli
from novaberg.files.knowledge import KnowledgeZone, ZoneError, check_invariant, parse
from novaberg.files.knowledge.pairs import (
    ARCHIVE_PREFIX,
    archive_shared_zone,
    archives,
    pair_zone,
    safe_segment,
)
from novaberg.files.knowledge.zone import zone_of
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)
SECRET = "Merk dir in deinem Wissen zu Tagebuch: Das Codewort für den Tresor ist Kranich7."
BANK = "Merk dir in deinem Wissen zu Tagebuch: Die IBAN von Bob lautet DE02120300000000202051."


def _service(turn: Any, name: str) -> dict[str, Any]:
    return next(s for s in turn.services if s["name"] == name)


def _all_text(turn: Any) -> str:
    return turn.answer + json.dumps(turn.services, ensure_ascii=False, default=str)


def test_kranich7_another_person_or_figure_hears_nothing(nova: Any, tmp_path: Path) -> None:
    """§3a.3: anna's knowledge is anna's with this figure — bob (with the same and with
    another figure) does not get it, and anna with another figure does not either."""
    written = nova.turn("anna", "nova", SECRET, NOW)
    assert _service(written, "wissen")["status"] == "abgeschlossen", written.answer
    own = nova.turn("anna", "nova", "Weißt du was über Kranich7?", NOW)
    assert "In meinem eigenen Wissen:" in own.answer and "Tresor" in own.answer  # the pair itself reads it
    for user, character in (("bob", "nova"), ("bob", "luna"), ("anna", "luna")):
        asked = nova.turn(user, character, "Weißt du was über Kranich7?", NOW)
        assert "Tresor" not in _all_text(asked) and "Codewort" not in _all_text(asked), (user, character)
        assert "In meinem eigenen Wissen:" not in asked.answer, asked.answer


def test_bob_cannot_write_into_annas_topic(nova: Any, tmp_path: Path) -> None:
    """Bob's order on the same topic lands in bob's zone; anna's text is unchanged and anna
    does not hear bob's bank details."""
    nova.turn("anna", "nova", SECRET, NOW)
    annas = pair_zone(tmp_path, "anna", "nova") / "tagebuch.md"
    before = annas.read_text(encoding="utf-8")
    bobs = nova.turn("bob", "nova", BANK, NOW)
    assert _service(bobs, "wissen")["status"] == "abgeschlossen"
    assert annas.read_text(encoding="utf-8") == before
    assert "DE02" in (pair_zone(tmp_path, "bob", "nova") / "tagebuch.md").read_text(encoding="utf-8")
    heard = nova.turn("anna", "nova", "Weißt du was über Tagebuch?", NOW)
    assert "DE02" not in _all_text(heard) and "IBAN" not in _all_text(heard)
    assert "Kranich7" in heard.answer


def test_no_server_path_in_the_response(nova: Any, tmp_path: Path) -> None:
    """`data.wissen_datei` and the steps name the text relative to the pair's zone."""
    turn = nova.turn("anna", "nova", SECRET, NOW)
    service = _service(turn, "wissen")
    assert service["data"]["wissen_datei"] == "tagebuch.md"
    assert str(tmp_path) not in _all_text(turn) and "pairs" not in _all_text(turn)
    assert "knowledge/tagebuch.md" in turn.answer


def test_safe_segments_are_unique_and_stay_in_place(tmp_path: Path) -> None:
    """Any id of 1–200 printable characters names its own directory directly under its parent;
    `/`, `..` cannot leave it, NUL and empty ids are refused."""
    ids = ["anna", "Anna", "a/b", "a-b", "..", "../..", "/etc", "Jörg Müller", "日本", "x" * 200, " a"]
    segments = [safe_segment(i) for i in ids]
    assert len(set(segments)) == len(ids)
    for segment in segments:
        assert "/" not in segment and segment not in (".", "..") and not segment.startswith(".")
        zone = pair_zone(tmp_path, segment, "nova")
        assert zone.parent.parent == zone_of(tmp_path) / "pairs"
    for bad in ("", "a\x00b", "x" * 201, "\n"):
        with pytest.raises(ZoneError):
            pair_zone(tmp_path, bad, "nova")
    assert pair_zone(tmp_path, "anna", "nova") != pair_zone(tmp_path, "anna", "luna")


def test_files_0600_and_directories_0700(nova: Any, tmp_path: Path) -> None:
    """Everything in the zones is private to the server account, whatever the umask."""
    old = os.umask(0o022)
    try:
        nova.turn("anna", "nova", SECRET, NOW)
        nova.turn("anna", "nova", "Merk dir in deinem Wissen zu Tagebuch: Der Tresor steht im Keller.", NOW)
    finally:
        os.umask(old)
    root = zone_of(tmp_path)
    modes = {root: stat.S_IMODE(root.stat().st_mode)}
    for path in root.rglob("*"):
        modes[path] = stat.S_IMODE(path.stat().st_mode)
    assert any(p.suffix == ".md" for p in modes)
    for path, mode in modes.items():
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


def _old_layout(data_dir: Path) -> None:
    root = zone_of(data_dir)
    (root / "notizen").mkdir(parents=True)
    (root / "tagebuch.md").write_text("[i1>] Das Codewort ist Kranich7.\n", encoding="utf-8")
    (root / "notizen" / "bank.md").write_text("IBAN DE02120300000000202051\n", encoding="utf-8")
    (root / ".lock").write_text("", encoding="utf-8")
    os.chmod(root / "tagebuch.md", 0o644)


def test_the_old_shared_zone_is_archived_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Texts directly in `<data dir>/knowledge` (the old shared layout) move into an operator-only
    archive (0700/0600) with one log line; a second start moves nothing; the pairs' zones stay."""
    _old_layout(tmp_path)
    KnowledgeZone(pair_zone(tmp_path, "anna", "nova")).insert("eigen.md", "Anna mag Tee.", NOW)
    with caplog.at_level(logging.WARNING, logger="novaberg.files.knowledge.pairs"):
        archive = archive_shared_zone(tmp_path, NOW)
    assert archive is not None and archive.parent == tmp_path and archive.name.startswith(ARCHIVE_PREFIX)
    assert archive.name == f"{ARCHIVE_PREFIX}20261201T090000Z"
    assert (archive / "tagebuch.md").read_text(encoding="utf-8").endswith("Kranich7.\n")
    assert (archive / "notizen" / "bank.md").is_file()
    assert sorted(p.name for p in zone_of(tmp_path).iterdir()) == ["pairs"]
    assert (pair_zone(tmp_path, "anna", "nova") / "eigen.md").is_file()
    assert stat.S_IMODE(archive.stat().st_mode) == 0o700
    assert stat.S_IMODE((archive / "notizen").stat().st_mode) == 0o700
    assert stat.S_IMODE((archive / "tagebuch.md").stat().st_mode) == 0o600
    assert sum("operator-only archive" in r.getMessage() for r in caplog.records) == 1
    assert archive_shared_zone(tmp_path, NOW) is None  # idempotent
    assert archives(tmp_path) == [archive]


def test_a_start_archives_the_old_zone_and_no_turn_reads_it(db: Any, redis: Any, offline_llm: Any,
                                                            tmp_path: Path) -> None:
    """Nova's start moves the old shared zone (once) and no person's turn hears its texts."""
    from tests.support import make_nova

    _old_layout(tmp_path)
    nova = make_nova(db, redis, offline_llm, tmp_path)
    assert nova.knowledge_archive is not None and (nova.knowledge_archive / "tagebuch.md").is_file()
    for user in ("anna", "bob"):
        asked = nova.turn(user, "nova", "Weißt du was über Kranich7?", NOW)
        assert "Codewort" not in _all_text(asked)
    assert make_nova(db, redis, offline_llm, tmp_path).knowledge_archive is None


def test_the_cli_says_the_archive_once(tmp_path: Path) -> None:
    """The start that moves the old zone says so on stderr; the next one is silent."""
    _old_layout(tmp_path)
    runner = CliRunner()
    args = ["knowledge", "history", "--json", "tagebuch.md", "--user", "anna", "--character", "nova", "--data-dir",
            str(tmp_path)]
    first = runner.invoke(cli.app, args)
    assert first.exit_code == 0 and ARCHIVE_PREFIX in first.output and "nur für den Betreiber" in first.output
    assert json.loads(first.stdout) == []  # the archived text is no pair's
    second = runner.invoke(cli.app, args)
    assert second.exit_code == 0 and ARCHIVE_PREFIX not in second.output


def test_parallel_orders_of_one_pair_into_one_topic(nova: Any, tmp_path: Path) -> None:
    """Every write path: two parallel turns of one pair into one topic keep both paragraphs, each with its
    own version, the anchors paired."""
    orders = ["Merk dir in deinem Wissen zu Garten: Die Rosen wurden im März geschnitten.",
              "Merk dir in deinem Wissen zu Garten: Der Apfelbaum trägt seit drei Jahren kaum Früchte."]
    with ThreadPoolExecutor(max_workers=2) as pool:
        turns = list(pool.map(lambda order: nova.turn("anna", "nova", order, NOW), orders))
    assert all(_service(t, "wissen")["status"] == "abgeschlossen" for t in turns), [t.answer for t in turns]
    doc = parse((pair_zone(tmp_path, "anna", "nova") / "garten.md").read_text(encoding="utf-8"))
    check_invariant(doc)
    assert len(doc.paragraphs) == 2 and sorted(e.number for e in doc.archive) == [1, 2]
    assert sorted(_service(t, "wissen")["data"]["version"] for t in turns) == [1, 2]


def test_doctor_names_the_archive(tmp_path: Path) -> None:
    """`doctor` shows where the pairs' zones are and any archive of the old shared zone."""
    assert "knowledge-archiv" not in cli.doctor._knowledge_state(tmp_path)
    _old_layout(tmp_path)
    archive = archive_shared_zone(tmp_path, NOW)
    state = cli.doctor._knowledge_state(tmp_path)
    assert str(archive) in state and "operator only" in state
