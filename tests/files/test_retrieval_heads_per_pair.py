"""The content channel's compound heads (Frist → Kündigungsfrist) count only the pair's own active
files — another person's compounds change neither the hits nor the scores, and a deleted file's sections and
postings no longer answer (each person sees only their own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from novaberg.files.retrieval import Retriever
from tests.files.helpers import LATER, NOW, service, write


def test_a_head_is_found_in_the_own_vocabulary_only(db: Any, tmp_path: Path) -> None:
    """§8.1b with two persons: anna's „Frist" finds her „Kündigungsfrist"; ben's „Abgabefrist" and „Zahlungsfrist"
    are his only — they neither reach anna's search nor change its scores (the head's file count)."""
    anna, ben = tmp_path / "anna", tmp_path / "ben"
    write(anna / "wohnung.md", "# Wohnung\n\nDie Kündigungsfrist beträgt drei Monate zum Monatsende.\n")
    write(anna / "garten.md", "# Garten\n\nDie Hecke wird im Juni geschnitten.\n")
    svc = service(db, tmp_path, users=("u1", "u2"))
    svc.grant("u1", "nova", str(anna))
    svc.index(NOW)
    retriever = Retriever(db, svc.embedder)
    alone = retriever.run("u1", "nova", "Frist", NOW, track=False)
    for number in range(6):
        write(ben / f"steuer{number}.md", f"# Steuer {number}\n\nDie Abgabefrist endet im Juli, die Zahlungsfrist "
                                          "im August.\n")
    svc.grant("u2", "nova", str(ben))
    svc.index(LATER)
    mine = retriever.run("u1", "nova", "Frist", LATER, track=False)
    assert [Path(hit.path).name for hit in mine.hits][:1] == ["wohnung.md"]
    assert all(str(anna) in hit.path for hit in mine.hits)
    assert mine.ranked["inhalt"] and mine.values["inhalt"] == alone.values["inhalt"]
    theirs = retriever.run("u2", "nova", "Frist", LATER, track=False)
    assert theirs.hits and all(str(ben) in hit.path for hit in theirs.hits)


def test_a_retired_file_is_no_longer_found_through_a_head(db: Any, tmp_path: Path) -> None:
    """The postings of a deleted file go with it (files/terms.py), so its compounds no longer answer a head."""
    root = tmp_path / "haus"
    write(root / "wohnung.md", "# Wohnung\n\nDie Kündigungsfrist beträgt drei Monate zum Monatsende.\n")
    gone = write(root / "alt.md", "# Alt\n\nDie Widerrufsfrist betrug vierzehn Tage.\n")
    svc = service(db, tmp_path)
    svc.grant("u1", "nova", str(root))
    svc.index(NOW)
    retriever = Retriever(db, svc.embedder)
    before = {Path(hit.path).name for hit in retriever.run("u1", "nova", "Frist", NOW, track=False).hits}
    assert before == {"wohnung.md", "alt.md"}
    gone.unlink()
    svc.index(LATER)
    after = retriever.run("u1", "nova", "Frist", LATER, track=False)
    assert {Path(hit.path).name for hit in after.hits} == {"wohnung.md"}
    assert len(after.ranked["inhalt"]) == 1
