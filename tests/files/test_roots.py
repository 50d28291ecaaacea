"""dateien.md §2a: roots are a pair's decision — resolved path, no second row, bound to the pair."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from novaberg.files.paths import NothingAllowedError, OutsideBoundaryError, RootNotUsableError
from novaberg.files.service import RootWriteError
from tests.files.helpers import NOW, service, write


def test_grant_resolves_and_is_idempotent(db: Any, tmp_path: Path) -> None:
    """§2a.1 + §8.2a: `pfad` is the resolved path; the same directory twice gives no second row."""
    write(tmp_path / "docs" / "a.md", "# A")
    svc = service(db, tmp_path)
    first = svc.grant("u1", "nova", str(tmp_path / "docs" / ".." / "docs"), now=NOW)
    assert first["neu"] and first["pfad"] == str((tmp_path / "docs").resolve())
    assert first["eigentum"] == "nutzer"  # §1a.5: the default
    (tmp_path / "link").symlink_to(tmp_path / "docs")
    again = svc.grant("u1", "nova", str(tmp_path / "link"), now=NOW)
    assert not again["neu"] and again["id"] == first["id"]
    assert len(svc.roots("u1", "nova")) == 1
    other = svc.grant("u1", "mira", str(tmp_path / "docs"), now=NOW)  # another pair: its own row
    assert other["neu"] and other["id"] != first["id"]


def test_grant_outside_refused(db: Any, tmp_path: Path) -> None:
    """§7 rule 3a: outside the boundary nothing is granted, not even on an operator's request."""
    inner = tmp_path / "home"
    inner.mkdir()
    (tmp_path / "etc").mkdir()
    svc = service(db, inner)
    with pytest.raises(OutsideBoundaryError):
        svc.grant("u1", "nova", str(inner / ".." / "etc"), now=NOW)
    assert svc.roots("u1", "nova") == []


def test_grant_checks_ownership(db: Any, tmp_path: Path) -> None:
    """§1a.5: eigentum is one of nutzer/figur/gemischt."""
    svc = service(db, tmp_path)
    assert svc.grant("u1", "nova", str(tmp_path), eigentum="figur", now=NOW)["eigentum"] == "figur"
    with pytest.raises(ValueError):
        svc.grant("u1", "nova", str(tmp_path), eigentum="deins", now=NOW)


def test_writes_bound_to_pair(db: Any, tmp_path: Path) -> None:
    """§2a.1: with another pair's id no path writes a row; foreign and missing look the same."""
    svc = service(db, tmp_path)
    root = svc.grant("u1", "nova", str(tmp_path), now=NOW)
    for user, character in (("u2", "nova"), ("u1", "mira")):
        with pytest.raises(RootWriteError):
            svc.disable(root["id"], user, character, now=NOW)
        with pytest.raises(RootWriteError):
            svc.forget(root["id"], user, character, now=NOW)
        with pytest.raises(RootWriteError):
            svc.rename(root["id"], user, character, "x", now=NOW)
    assert svc.roots("u1", "nova")[0]["aktiv"] is True
    with pytest.raises(RootWriteError):
        svc.disable(root["id"] + 99, "u1", "nova", now=NOW)
    assert svc.rename(root["id"], "u1", "nova", "meine Projektdoku", now=NOW)["bezeichnung"] == "meine Projektdoku"


def test_disable_keeps_rows_forget_deletes(db: Any, tmp_path: Path) -> None:
    """§2a.3: stilllegen keeps the index rows (root inactive), vergessen deletes them."""
    write(tmp_path / "a" / "x.md", "# X\n\nInhalt.")
    write(tmp_path / "b" / "y.md", "# Y\n\nInhalt.")
    svc = service(db, tmp_path)
    a = svc.grant("u1", "nova", str(tmp_path / "a"), now=NOW)
    b = svc.grant("u1", "nova", str(tmp_path / "b"), now=NOW)
    svc.index(NOW)
    assert svc.disable(a["id"], "u1", "nova", now=NOW)["aktiv"] is False
    assert len(svc.index_rows(a["id"], "u1", "nova")) == 1
    gone = svc.forget(b["id"], "u1", "nova", now=NOW)
    assert gone["aktiv"] is False and gone["geloeschte_indexzeilen"] == 1
    assert svc.index_rows(b["id"], "u1", "nova") == []
    report = svc.index(NOW)  # inactive roots are not walked
    assert report["wurzeln"] == []


def test_every_id_statement_carries_the_pair() -> None:
    """§2a.1: every statement over a root id in the repository has user_id and character_id as AND terms."""
    from novaberg.files import repository

    statements = [v for k, v in vars(repository).items() if k.startswith("_") and isinstance(v, str)]
    statements += list(repository.ROOT_WRITES.values())
    bound = [s for s in statements if re.search(r"\bw?\.?id = %s", s) and "dateien_wurzeln" in s]
    assert len(bound) >= 5
    for statement in bound:
        assert re.search(r"AND \w*\.?user_id = %s", statement), statement
        assert re.search(r"AND \w*\.?character_id = %s", statement), statement


def test_facade_on_nova(nova: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """nova.files.grant/roots/index exist; issue 24: the boundary is the person's allow-list
    (`nova.files.allow/allowed`), NOVABERG_FILES_BOUNDARY grants nothing."""
    monkeypatch.setenv("NOVABERG_FILES_BOUNDARY", str(home))
    write(home / "d" / "a.txt", "Ein Text über Bienen.")
    with pytest.raises(NothingAllowedError):
        nova.files.grant("u1", "nova", str(home / "d"), now=NOW)
    assert [e["neu"] for e in nova.files.allow("u1", str(home), now=NOW)] == [True]
    assert [e["pfad"] for e in nova.files.allowed("u1")] == [str(home)] and nova.files.allowed("u2") == []
    row = nova.files.grant("u1", "nova", str(home / "d"), eigentum="nutzer", bezeichnung="Bienen", now=NOW)
    assert row["erlaubt_durch"] == str(home)
    assert [r["id"] for r in nova.files.roots("u1", "nova")] == [row["id"]]
    report = nova.files.index(NOW, user_id="u1", character_id="nova")
    assert report["neu"] == 1 and report["model_calls"] == 1


def test_index_figure_without_person_refused(db: Any, tmp_path: Path) -> None:
    """§2a.1: roots belong to a pair — an index run for a figure without its person is refused, not widened."""
    svc = service(db, tmp_path)
    with pytest.raises(ValueError):
        svc.index(NOW, character_id="nova")


def test_edge_text_of_a_root_is_refused_before_the_database(db: Any, tmp_path: Path) -> None:
    """NUL / lone surrogate in a label or an id, and an undecodable directory name, are refused; nothing is written."""
    write(tmp_path / "d" / "a.txt", "Text")
    svc = service(db, tmp_path)
    for bad in ("Bie\x00nen", "Bie\ud800nen"):
        with pytest.raises(ValueError):
            svc.grant("u1", "nova", str(tmp_path / "d"), bezeichnung=bad, now=NOW)
    with pytest.raises(ValueError):
        svc.grant("u\x001", "nova", str(tmp_path / "d"), now=NOW)
    assert svc.roots("u1", "nova") == []
    row = svc.grant("u1", "nova", str(tmp_path / "d"), bezeichnung="Bienen", now=NOW)
    with pytest.raises(ValueError):
        svc.rename(row["id"], "u1", "nova", "Wes\x00pen", now=NOW)
    assert svc.roots("u1", "nova")[0]["bezeichnung"] == "Bienen"
    with pytest.raises(ValueError):
        svc.index(NOW, user_id="u\x001")
    undecodable = os.fsdecode(os.fsencode(str(tmp_path)) + b"/kaputt\xff")
    os.mkdir(undecodable)
    with pytest.raises(RootNotUsableError):
        svc.grant("u1", "nova", undecodable, now=NOW)
    assert len(svc.roots("u1", "nova")) == 1


def test_a_figure_id_of_200_characters_is_held(db: Any, tmp_path: Path) -> None:
    """Issue 10 §4: the edge accepts ids of up to 200 characters; the roots table holds them."""
    write(tmp_path / "docs" / "a.md", "# A")
    svc = service(db, tmp_path)
    root = svc.grant("u1", "f" * 200, str(tmp_path / "docs"), now=NOW)
    assert [r["id"] for r in svc.roots("u1", "f" * 200)] == [root["id"]]
