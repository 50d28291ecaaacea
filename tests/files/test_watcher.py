"""dateien.md §5, §8.3: the index watcher on real temporary trees — four cases, faults, idempotence."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.watcher import EmbedderBlindError
from tests.files.helpers import LATER, NOW, CountingDescriber, CountingEmbedder, rows_by_path, service, write


def _setup(db: Any, tmp_path: Path, **kwargs: Any) -> tuple[Any, dict[str, Any], Path]:
    root = tmp_path / "docs"
    root.mkdir(exist_ok=True)
    svc = service(db, tmp_path, **kwargs)
    return svc, svc.grant("u1", "nova", str(root), now=NOW), root


def test_new_files_indexed_with_metadata(db: Any, tmp_path: Path) -> None:
    """§4 + §5.1 neu: one row per file, relative path, topic from the first heading, structure, keywords."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "musik" / "bach.md", "# Bach und die Fuge\n\nBach schrieb Fugen. Die Kunst der Fuge.\n\n## Leben\n")
    write(path / "notiz.txt", "Bienen sammeln Nektar. Honig entsteht im Stock.")
    report = svc.index(NOW)
    assert report["neu"] == 2 and report["model_calls"] == 2 and report["embedding_calls"] == 2
    rows = rows_by_path(svc, root["id"])
    bach = rows["musik/bach.md"]
    assert bach["name"] == "bach.md" and bach["thema"] == "Bach und die Fuge"
    assert [h["titel"] for h in bach["struktur"]] == ["Bach und die Fuge", "Leben"]
    assert "Fuge" in bach["stichwoerter"] and bach["grund"] == "created" and bach["eingebettet"]
    assert rows["notiz.txt"]["thema"] == "notiz" and rows["notiz.txt"]["struktur"] is None  # §4: NULL = not taken
    assert rows["notiz.txt"]["zeilen"] == 1


def test_struktur_three_states(db: Any, tmp_path: Path) -> None:
    """§4: a list is the map, [] = looked and found no headings, NULL = markup does not close."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "flach.md", "Nur Text ohne Überschrift.")
    write(path / "offen.md", "# Titel\n\n```\nnie geschlossen\n")
    write(path / "seite.html", "<html><body><h1>Seite</h1><p>Absatz.</p><script>x()</script></body></html>")
    svc.index(NOW)
    rows = rows_by_path(svc, root["id"])
    assert rows["flach.md"]["struktur"] == []
    assert rows["offen.md"]["struktur"] is None
    assert rows["seite.html"]["struktur"][0]["titel"] == "Seite"


def test_suchtext_never_the_content(db: Any, tmp_path: Path) -> None:
    """§4: suchtext is name + topic + summary + keywords (German full text), never the content."""
    svc, root, path = _setup(db, tmp_path)
    body = "Erster Satz über Bienen. Zweiter Satz. Dritter Satz. " + "Füllwort " * 50 + "zzq am Ende."
    write(path / "bienen.md", f"# Bienen\n\n{body}")
    svc.index(NOW)
    with db.transaction() as conn:
        hit = conn.execute("SELECT count(*) AS n FROM dateien_index WHERE suchtext @@ "
                           "to_tsquery('german', 'bienen')").fetchone()["n"]
        secret = conn.execute("SELECT count(*) AS n FROM dateien_index WHERE suchtext @@ "
                              "to_tsquery('german', 'zzq')").fetchone()["n"]
    assert hit == 1 and secret == 0


def test_unchanged_rerun_zero_calls(db: Any, tmp_path: Path) -> None:
    """§5.2 + §8.3: an unchanged re-run makes zero model and zero embedding calls; report in hintergrund_log."""
    describer, embedder = CountingDescriber(), CountingEmbedder()
    svc, _, path = _setup(db, tmp_path, describer=describer, embedder=embedder)
    for i in range(5):
        write(path / f"d{i}.md", f"# Datei {i}\n\nInhalt {i}.")
    svc.index(NOW)
    calls = (describer.calls, embedder.calls)
    report = svc.index(LATER)
    assert (describer.calls, embedder.calls) == calls
    assert report["model_calls"] == 0 and report["embedding_calls"] == 0 and report["unveraendert"] == 5
    with db.transaction() as conn:
        logged = conn.execute("SELECT status, payload FROM hintergrund_log WHERE task = 'dateien_index' "
                              "ORDER BY id").fetchall()
    assert len(logged) == 2 and logged[-1]["payload"]["unveraendert"] == 5


def test_mtime_prefilter_hash_decides(db: Any, tmp_path: Path) -> None:
    """§5.2: a touched file with the same content is not re-described; a same-size rewrite is."""
    describer = CountingDescriber()
    svc, root, path = _setup(db, tmp_path, describer=describer)
    f = write(path / "a.md", "# Alpha\n\nText eins.")
    svc.index(NOW)
    os.utime(f, (1_900_000_000, 1_900_000_000))
    report = svc.index(LATER)
    assert report["model_calls"] == 0 and report["unveraendert"] == 1
    f.write_text("# Gamma\n\nText eins.")  # same size, other content, and the old mtime put back:
    os.utime(f, (1_900_000_000, 1_900_000_000))  # the ctime moved, so the hash is asked and decides
    report = svc.index(LATER)
    assert report["geaendert"] == 1 and report["model_calls"] == 1
    row = rows_by_path(svc, root["id"])["a.md"]
    assert row["thema"] == "Gamma" and row["grund"] == "changed"


def test_deleted_vs_excluded(db: Any, tmp_path: Path) -> None:
    """§5.5a: only a file gone from disk is 'deleted'; one the run no longer evaluates is 'excluded'."""
    svc, root, path = _setup(db, tmp_path)
    gone = write(path / "weg.md", "# Weg\n\nx.")
    grows = write(path / "gross.md", "# Gross\n\nx.")
    empties = write(path / "leer.md", "# Leer\n\nx.")
    write(path / "sub" / "versteckt.md", "# Versteckt\n\nx.")
    svc.index(NOW)
    gone.unlink()
    grows.write_text("# Gross\n\n" + "x" * 100)
    svc.config = type(svc.config)(svc.config.extensions, 50, svc.config.forbidden)
    empties.write_text("")
    (path / "sub").rename(path / ".sub")
    report = svc.index(LATER)
    rows = rows_by_path(svc, root["id"])
    assert rows["weg.md"]["grund"] == "deleted" and not rows["weg.md"]["aktiv"]
    assert rows["gross.md"]["grund"] == "excluded" and rows["leer.md"]["grund"] == "excluded"
    assert rows["sub/versteckt.md"]["grund"] == "deleted"  # its old path is really gone
    assert report["verschwunden"] == 2 and report["ausserhalb"] == 2
    assert report["uebergangen"] == {"leer": 1, "zu_gross": 1}
    assert report["uebergangene_verzeichnisse"] == 1 and report["verzeichnisse"][0]["pfad"] == ".sub"


def test_dot_directory_not_entered_hidden_file_own_reason(db: Any, tmp_path: Path) -> None:
    """§5.1: a dot directory is not entered and reported once; a hidden file is skipped before the extension."""
    svc, root, path = _setup(db, tmp_path)
    for i in range(6):
        write(path / ".obsidian" / f"c{i}.json", "{}")
    write(path / ".hidden.bin", b"\x01")
    write(path / "bild.png", b"\x89PNG")
    write(path / "ok.md", "# Ok\n\nx.")
    report = svc.index(NOW)
    assert report["neu"] == 1
    assert report["uebergangen"] == {"endung": 1, "verborgen": 1}
    assert report["uebergangene_verzeichnisse"] == 1
    assert report["verzeichnisse"] == [{"wurzel_id": root["id"], "pfad": ".obsidian", "grund": "punkt_verzeichnis"}]


def test_excluded_then_back_is_continuation(db: Any, tmp_path: Path) -> None:
    """§5.5b: an excluded row that comes back with the same hash is continued, not re-described."""
    describer = CountingDescriber()
    svc, root, path = _setup(db, tmp_path, describer=describer)
    write(path / "sub" / "a.md", "# A\n\nx.")
    svc.index(NOW)
    (path / "sub").rename(path / ".sub")
    svc.index(NOW)
    (path / ".sub").rename(path / "sub")
    calls = describer.calls
    report = svc.index(LATER)
    row = rows_by_path(svc, root["id"])["sub/a.md"]
    assert row["aktiv"] and report["wieder_aufgenommen"] == 1 and describer.calls == calls


def test_reentry_after_delete_new_hash_is_new(db: Any, tmp_path: Path) -> None:
    """§5.5b: deleted + other hash → Neuanlage (learning state cleared); deleted + same hash → continuation."""
    svc, root, path = _setup(db, tmp_path)
    f = write(path / "a.md", "# A\n\nalt.")
    same = write(path / "b.md", "# B\n\nbleibt.")
    svc.index(NOW)
    with db.transaction() as conn:
        conn.execute("UPDATE dateien_index SET zuletzt_gelernt_hash = inhalt_hash, timeline_id = 7")
    f.unlink()
    same.unlink()
    svc.index(NOW)
    write(f, "# A neu\n\nganz anders.")
    write(same, "# B\n\nbleibt.")
    report = svc.index(LATER)
    rows = rows_by_path(svc, root["id"])
    assert rows["a.md"]["grund"] == "created" and rows["a.md"]["zuletzt_gelernt_hash"] is None
    assert rows["a.md"]["timeline_id"] is None
    assert rows["b.md"]["aktiv"] and rows["b.md"]["zuletzt_gelernt_hash"] is not None
    assert report["neu"] == 1 and report["wieder_aufgenommen"] == 1


def test_root_vanished_rows_untouched(db: Any, tmp_path: Path) -> None:
    """§8.3: a vanished root ends in 'Wurzel nicht lesbar' with the path; its rows are never mass-deleted."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "a.md", "# A\n\nx.")
    svc.index(NOW)
    shutil.rmtree(path)
    report = svc.index(LATER)
    assert report["status"] == "teilweise"
    assert report["wurzeln"][0]["status"] == "abgelehnt"
    assert "Wurzel nicht lesbar" in report["wurzeln"][0]["grund"] and str(path) in report["wurzeln"][0]["grund"]
    row = rows_by_path(svc, root["id"])["a.md"]
    assert row["aktiv"] and row["grund"] == "created"


def test_root_swapped_for_symlink_refused(db: Any, tmp_path: Path) -> None:
    """§7: a stored root whose directory was replaced by a symlink (elsewhere) is not read."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "a.md", "# A\n\nx.")
    svc.index(NOW)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(path)
    path.symlink_to(elsewhere)
    report = svc.index(LATER)
    assert report["wurzeln"][0]["status"] == "abgelehnt"
    assert rows_by_path(svc, root["id"])["a.md"]["aktiv"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads everything")
def test_permission_denied_counted_rows_untouched(db: Any, tmp_path: Path) -> None:
    """Faults: permission denied on a file or directory — counted, no crash, rows untouched."""
    svc, root, path = _setup(db, tmp_path)
    f = write(path / "a.md", "# A\n\nx.")
    write(path / "zu" / "b.md", "# B\n\nx.")
    svc.index(NOW)
    f.write_text("# A2\n\nanders.")
    f.chmod(0)
    (path / "zu").chmod(0)
    try:
        report = svc.index(LATER)
    finally:
        f.chmod(0o644)
        (path / "zu").chmod(0o755)
    assert report["uebergangen"].get("nicht_lesbar") == 1
    assert report["verzeichnisse"][0]["grund"] == "verzeichnis_nicht_lesbar"
    rows = rows_by_path(svc, root["id"])
    assert rows["a.md"]["aktiv"] and rows["a.md"]["thema"] == "A"
    assert rows["zu/b.md"]["aktiv"] and report["verschwunden"] == 0


def test_permission_denied_simulated(db: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Faults (also as root): open() and scandir() refused — counted, no crash, rows untouched."""
    import novaberg.files.watcher as watcher

    svc, root, path = _setup(db, tmp_path)
    f = write(path / "a.md", "# A\n\nx.")
    write(path / "zu" / "b.md", "# B\n\nx.")
    svc.index(NOW)
    f.write_text("# A2\n\nanders.")
    real_open, real_scandir = os.open, os.scandir

    def refuse_open(target: Any, *args: Any, **kwargs: Any) -> int:
        if str(target).endswith("a.md"):
            raise PermissionError(13, "Permission denied")
        return real_open(target, *args, **kwargs)

    def refuse_scandir(target: Any) -> Any:
        if str(target).endswith("/zu"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(target)

    monkeypatch.setattr(watcher.os, "open", refuse_open)
    monkeypatch.setattr(watcher.os, "scandir", refuse_scandir)
    report = svc.index(LATER)
    monkeypatch.undo()
    assert report["uebergangen"] == {"nicht_lesbar": 1}
    assert report["verzeichnisse"] == [{"wurzel_id": root["id"], "pfad": "zu", "grund": "verzeichnis_nicht_lesbar"}]
    rows = rows_by_path(svc, root["id"])
    assert rows["a.md"]["aktiv"] and rows["a.md"]["thema"] == "A"
    assert rows["zu/b.md"]["aktiv"] and rows["zu/b.md"]["grund"] == "created"
    assert report["verschwunden"] == 0 and report["ausserhalb"] == 0


def test_symlinks_in_root(db: Any, tmp_path: Path) -> None:
    """§7 rule 1 + faults: a link out is skipped with a reason, never followed; broken links and loops
    are counted; a link to a file inside is read; a linked directory is not entered."""
    svc, root, path = _setup(db, tmp_path)
    outside = write(tmp_path / "geheim" / "p.md", "# Geheim\n\nPasswort.")
    write(path / "echt.md", "# Echt\n\nx.")
    (path / "raus.md").symlink_to(outside)
    (path / "kaputt.md").symlink_to(path / "fehlt.md")
    (path / "s1.md").symlink_to(path / "s2.md")
    (path / "s2.md").symlink_to(path / "s1.md")
    (path / "nochmal.md").symlink_to(path / "echt.md")
    (path / "schleife").symlink_to(path)
    report = svc.index(NOW)
    assert report["uebergangen"] == {"ausserhalb_der_wurzel": 1, "defekte_verknuepfung": 1,
                                     "verknuepfungs_schleife": 2}
    assert {d["pfad"]: d["grund"] for d in report["verzeichnisse"]} == {"schleife": "verknuepftes_verzeichnis"}
    rows = rows_by_path(svc, root["id"])
    assert set(rows) == {"echt.md", "nochmal.md"}
    assert all("Passwort" not in (r["zusammenfassung"] or "") for r in rows.values())


def test_unicode_and_invalid_utf8_names(db: Any, tmp_path: Path) -> None:
    """Faults: unicode names are indexed; names with invalid UTF-8 are skipped with a reason."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "Übersicht – Größe.md", "# Übersicht\n\nÄpfel.")
    bad = os.path.join(os.fsencode(path), b"kaputt\xff\xfe.md")
    with open(bad, "wb") as handle:
        handle.write(b"# Kaputt\n\nx.")
    report = svc.index(NOW)
    assert report["neu"] == 1 and report["uebergangen"] == {"name_kein_utf8": 1}
    assert set(rows_by_path(svc, root["id"])) == {"Übersicht – Größe.md"}
    assert svc.index(LATER)["verschwunden"] == 0


def test_parse_failure_skipped_run_goes_on(db: Any, tmp_path: Path) -> None:
    """Faults: a file that fails to parse is skipped with its reason; the run goes on."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "kaputt.json", "{nicht json")
    write(path / "binaer.txt", b"a\x00b")
    write(path / "gut.json", '{"thema": "Bienen"}')
    report = svc.index(NOW)
    assert report["uebergangen"] == {"nicht_auswertbar": 2} and report["neu"] == 1


def test_huge_and_empty_files(db: Any, tmp_path: Path) -> None:
    """§5.5a: over the size limit and empty files are seen and skipped with their reasons."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "riesig.txt", "x" * (svc.config.max_bytes + 1))
    write(path / "leer.txt", "")
    report = svc.index(NOW)
    assert report["uebergangen"] == {"leer": 1, "zu_gross": 1} and report["neu"] == 0


def test_killed_mid_run_no_duplicates(db: Any, tmp_path: Path) -> None:
    """Faults: a run killed mid-way; the next run completes the index with no duplicate rows."""

    class Dying(CountingDescriber):
        def describe(self, name: str, text: str, struktur: Any) -> dict[str, Any]:
            if self.calls == 3:
                raise KeyboardInterrupt
            return super().describe(name, text, struktur)

    dying = Dying()
    svc, root, path = _setup(db, tmp_path, describer=dying)
    for i in range(8):
        write(path / f"d{i}.md", f"# D{i}\n\nx.")
    with pytest.raises(KeyboardInterrupt):
        svc.index(NOW)
    assert len(rows_by_path(svc, root["id"])) == 3
    svc.describer = CountingDescriber()
    report = svc.index(LATER)
    assert report["neu"] == 5 and report["unveraendert"] == 3
    with db.transaction() as conn:
        assert conn.execute("SELECT count(*) AS n FROM dateien_index").fetchone()["n"] == 8


def test_blind_embedder_stops_loudly(db: Any, tmp_path: Path) -> None:
    """§5.4: the embedder probe runs before the first embedding; a blind embedder stops the run loudly."""

    class Blind(HashingEmbedder):
        def embed(self, texts: Any) -> list[list[float]]:
            return [[1.0] + [0.0] * 767 for _ in texts]

    svc, root, path = _setup(db, tmp_path, embedder=Blind())
    write(path / "a.md", "# A\n\nx.")
    with pytest.raises(EmbedderBlindError):
        svc.index(NOW)
    assert rows_by_path(svc, root["id"]) == {}
    with db.transaction() as conn:
        row = conn.execute("SELECT status, payload FROM hintergrund_log WHERE task = 'dateien_index'").fetchone()
    assert row["status"] == "fehler" and "EMBEDDER BLIND" in row["payload"]["fehler"]


def test_progress_and_pair_filter(db: Any, tmp_path: Path) -> None:
    """§8.3: progress reports files done / total and the current root; user/character filter the roots."""
    svc, root, path = _setup(db, tmp_path)
    other = tmp_path / "other"
    write(other / "x.md", "# X\n\nx.")
    svc.allow("u2", str(other), now=NOW)
    svc.grant("u2", "nova", str(other), now=NOW)
    write(path / "a.md", "# A\n\nx.")
    write(path / "b.md", "# B\n\nx.")
    seen: list[tuple[int, int, str]] = []
    report = svc.index(NOW, user_id="u1", character_id="nova", progress=lambda d, t, r: seen.append((d, t, r)))
    assert report["neu"] == 2 and [s[:2] for s in seen] == [(1, 2), (2, 2)] and seen[0][2] == str(path)


def test_no_write_function_for_files() -> None:
    """§7 rule 2: no module of the reading/indexing side imports a write function for the person's files."""
    import ast

    import novaberg.files as package

    forbidden = {"shutil", "tempfile"}
    forbidden_calls = {"write_text", "write_bytes", "unlink", "rmdir", "rename", "replace", "mkdir", "remove",
                       "chmod", "utime", "symlink_to", "touch", "makedirs", "removedirs"}
    folder = Path(package.__file__).parent
    for module in folder.glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = {a.name.split(".")[0] for a in node.names} | {(getattr(node, "module", "") or "").split(".")[0]}
                assert not names & forbidden, module
            if isinstance(node, ast.Attribute):
                assert node.attr not in forbidden_calls, f"{module.name}: {node.attr}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in {"w", "wb", "a", "ab", "r+", "w+"}, f"{module.name}: open mode"
            if isinstance(node, ast.Attribute) and node.attr.startswith("O_"):
                assert node.attr in {"O_RDONLY", "O_NOFOLLOW", "O_CLOEXEC"}, f"{module.name}: {node.attr}"


def _docx_bytes(paragraphs: list[tuple[str | None, str]]) -> bytes:
    import io
    import zipfile

    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    def styled(style: str | None) -> str:
        return f"<w:pPr><w:pStyle w:val='{style}'/></w:pPr>" if style else ""

    body = "".join(f"<w:p>{styled(style)}<w:r><w:t>{text}</w:t></w:r></w:p>" for style, text in paragraphs)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", f'<w:document xmlns:w="{w}"><w:body>{body}</w:body></w:document>')
    return buffer.getvalue()


def test_docx_read_with_headings(db: Any, tmp_path: Path) -> None:
    """Formats: .docx text and headings (standard library: zip + WordprocessingML); a broken one is
    skipped with its reason."""
    svc, root, path = _setup(db, tmp_path)
    write(path / "bericht.docx", _docx_bytes([("Heading1", "Jahresbericht Bienen"), (None, "Die Bienen flogen."),
                                              ("Heading2", "Honig"), (None, "Viel Honig.")]))
    write(path / "kaputt.docx", b"PK nicht wirklich")
    report = svc.index(NOW)
    assert report["neu"] == 1 and report["uebergangen"] == {"nicht_auswertbar": 1}
    row = rows_by_path(svc, root["id"])["bericht.docx"]
    assert row["thema"] == "Jahresbericht Bienen"
    assert [(h["ebene"], h["titel"]) for h in row["struktur"]] == [(1, "Jahresbericht Bienen"), (2, "Honig")]
    assert "Bienen" in row["zusammenfassung"]


def test_reactivation_needs_no_reindexing(db: Any, tmp_path: Path) -> None:
    """§2a.3: stilllegen keeps the rows, so a later re-activation makes no model call."""
    describer = CountingDescriber()
    svc, root, path = _setup(db, tmp_path, describer=describer)
    write(path / "a.md", "# A\n\nx.")
    svc.index(NOW)
    svc.disable(root["id"], "u1", "nova", now=NOW)
    assert svc.index(NOW)["wurzeln"] == []
    svc.reactivate(root["id"], "u1", "nova", now=LATER)
    report = svc.index(LATER)
    assert report["unveraendert"] == 1 and report["model_calls"] == 0 and describer.calls == 1


def test_extension_setting_change_is_excluded_not_deleted(db: Any, tmp_path: Path) -> None:
    """§5.5a: a file whose extension left the list lies on disk — 'excluded', never a tombstone 'deleted';
    back in the list it continues without a model call (§5.5b)."""
    describer = CountingDescriber()
    svc, root, path = _setup(db, tmp_path, describer=describer)
    write(path / "daten.csv", "a,b\n1,2\n")
    svc.index(NOW)
    full = svc.config
    svc.config = type(full)((".md",), full.max_bytes, full.forbidden)
    report = svc.index(LATER)
    row = rows_by_path(svc, root["id"])["daten.csv"]
    assert report["ausserhalb"] == 1 and row["grund"] == "excluded" and not row["aktiv"]
    svc.config = full
    report = svc.index(LATER)
    assert report["wieder_aufgenommen"] == 1 and describer.calls == 1
    assert rows_by_path(svc, root["id"])["daten.csv"]["aktiv"]
