"""The content channel reads a question word's forms from the BM25 postings
(`dateien_terme`, schema 009) — the same channel as before: each person's own sections only, a word as the start
of a compound in byte order (an umlaut too), a long word's leading part, the best section's line range."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from novaberg.files.retrieval import Retriever
from tests.files.helpers import NOW, service, write


def _inhalt(db: Any, svc: Any, user: str, query: str) -> list[str]:
    result = Retriever(db, svc.embedder).run(user, "nova", query, NOW, track=False)
    with db.transaction() as conn:
        paths = {row["id"]: row["pfad"] for row in conn.execute("SELECT id, pfad FROM dateien_index").fetchall()}
    return [paths[item] for item in result.ranked["inhalt"]]


def test_the_content_channel_reads_only_the_persons_own_postings(db: Any, tmp_path: Path) -> None:
    """dateien.md §2a: two persons share words, never sections — each one's content channel names only their own
    file, the postings are filtered by the pair's roots."""
    for user in ("anna", "ben"):
        write(tmp_path / user / "notizen" / f"{user}_heizung.md",
              f"# Heizung von {user}\n\nDie Gastherme wird jeden Herbst gewartet.\n")
    svc = service(db, tmp_path, users=("anna", "ben"))
    for user in ("anna", "ben"):
        svc.grant(user, "nova", str(tmp_path / user / "notizen"))
    svc.index(NOW)
    assert _inhalt(db, svc, "anna", "Wann wird die Gastherme gewartet?") == ["anna_heizung.md"]
    assert _inhalt(db, svc, "ben", "Wann wird die Gastherme gewartet?") == ["ben_heizung.md"]


def test_word_forms_from_the_postings_keep_prefix_parts_and_line_range(db: Any, tmp_path: Path) -> None:
    """§8.1b: a question word matches as the start of a compound (Heizung → Heizungsanlage, not Heizkörper), a long
    word's leading part as a word (Dachziegel → Dach), and the hit's lines hold the word."""
    root = tmp_path / "haus"
    write(root / "anlage.md", "# Technik\n\nAllgemeines.\n\nDie Heizungsanlage steht im Keller.\n")
    write(root / "wohnen.md", "# Wohnen\n\nDer Heizkörper im Bad tropft.\n")
    write(root / "dach.md", "# Dach\n\nDas Dach wurde 2019 neu gedeckt.\n")
    svc = service(db, tmp_path)
    svc.grant("u1", "nova", str(root))
    svc.index(NOW)
    assert _inhalt(db, svc, "u1", "Wo ist die Heizung?") == ["anlage.md"]
    assert "dach.md" in _inhalt(db, svc, "u1", "Dachziegel")
    hits = Retriever(db, svc.embedder).run("u1", "nova", "Wo ist die Heizung?", NOW, track=False).hits
    lines = [hit.lines for hit in hits if hit.relative == "anlage.md"]
    assert len(lines) == 1 and lines[0] is not None and lines[0][0] <= 5 <= lines[0][1], lines  # the line with it
