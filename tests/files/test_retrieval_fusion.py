"""Retrieval, the fusion's rules (dateien.md §6.2, §6.3, §6.3a, §8.1b) on the embedded Postgres."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.files.retrieval import Retriever, fuse
from tests.files.helpers import NOW, service, shared, write

TOWNS = ("Kassel", "Gotha", "Erfurt")


def _retriever(db: Any, svc: Any) -> Retriever:
    return Retriever(db, svc.embedder)


def test_a_lexical_tie_is_one_rank_over_the_whole_group() -> None:
    """§6.2/§6.3: files a lexical channel scores equally share the mean rank of the whole group (the ranks
    come with the list), so the dense channel decides inside it; a real lexical lead still counts."""
    ranked = {"scharf": [1, 2, 3, 4], "dicht": [4, 9], "inhalt": []}
    order = [item for item, _ in fuse(ranked, ranks={"scharf": [20.5, 20.5, 20.5, 20.5]})]
    assert order[0] == 4  # the tie member the dense channel found too
    ranked = {"scharf": [7, 1, 2, 4], "dicht": [9], "inhalt": []}
    order = [item for item, _ in fuse(ranked, ranks={"scharf": [1.0, 20.5, 20.5, 20.5]})]
    assert order.index(7) < order.index(1)  # one file that carries more of the question leads its channel


def test_tie_group_rank_counts_every_member_not_only_the_list(db: Any, tmp_path: Path) -> None:
    """§6.2: forty files that carry the same two words of the question are one group for the sharp channel;
    each gets the group's mean rank (20.5), not 1..20 by id for the first twenty that fit in the list."""
    root = tmp_path / "gleich"
    for number in range(40):
        write(root / f"notiz{number:02d}.md", f"# Heizung Kassel {number}\n\nHeizung in Kassel, Notiz {number}.\n")
    svc = shared(db, tmp_path, root, NOW)
    result = _retriever(db, svc).run("u1", "nova", "Heizung in Kassel", NOW)
    ranks = result.ranks["scharf"]
    assert len(ranks) >= 20 and set(ranks) == {20.5}
    # the channel's list also carries every dense candidate it found, even beyond its head of twenty
    dense = set(result.dense_ids)
    assert dense <= set(result.ranked["scharf"])


def test_compound_is_found_by_its_first_part(db: Any, tmp_path: Path) -> None:
    """§8.1b „deutsche Komposita": the question says *Bad*, the keywords say *Badezimmerfliesen* — a lexeme of
    at least three letters matches as the start of a compound (and the verb stem *wart* the noun *Wartung*)."""
    root = tmp_path / "haus"
    write(root / "fliesen.md", "# Badezimmerfliesen\n\nDie Badezimmerfliesen wurden neu verfugt. Firma Quadflieg.\n")
    write(root / "garten.md", "# Garten\n\nTomaten brauchen viel Sonne.\n")
    write(root / "therme.md", "# Gastherme Wartung\n\nDie Wartung der Gastherme macht Firma Kaltenbach.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = _retriever(db, svc)
    hits = retriever.run("u1", "nova", "Was war mit dem Bad?", NOW).hits
    assert hits and hits[0].path == str(root / "fliesen.md")
    assert "scharf" in hits[0].channels
    hits = retriever.run("u1", "nova", "Wann soll ich die Therme warten lassen?", NOW).hits
    assert hits and hits[0].path == str(root / "therme.md")
    assert "scharf" in hits[0].channels


def test_dense_hit_vouched_for_by_a_keyword_needs_only_the_floor(db: Any, tmp_path: Path) -> None:
    """§6.3a „gegenseitige Absicherung": with the computed threshold out of reach, a dense hit whose keywords
    carry a word of the question is still delivered (the floor holds); one that carries none is not."""
    root = tmp_path / "orte"
    for town in TOWNS:
        for number in range(8):  # each town is common: one town word alone is no lexical evidence
            write(root / town / f"notiz{number}.md", f"# {town} Ausflug {number}\n\nAusflug nach {town}, Tag {number}.\n")
    svc = shared(db, tmp_path, root, NOW)
    with db.transaction() as conn:  # a tracked threshold no cosine reaches
        conn.execute("INSERT INTO dateien_schwelle (user_id, character_id, werte, geaendert_am) "
                     "VALUES ('u1', 'nova', %s, %s)", ([0.999] * 20, NOW))
    result = _retriever(db, svc).run("u1", "nova", "Was gibt es in Gotha?", NOW, track=False)
    assert result.threshold is not None and result.threshold.value > 0.99
    assert result.hits, "a dense hit vouched for by its keyword must pass with the floor"
    assert all(f"{Path(hit.path).parent.name}" == "Gotha" for hit in result.hits)
    assert all(hit.cosine is None or hit.cosine >= result.threshold.floor for hit in result.hits)


@pytest.mark.parametrize("query", [
    "O'Reilly \\ Back\\slash 'Heizung' \"Kassel\"",
    " ".join(f"Wort{chr(97 + n % 26)}{n}" for n in range(400)),  # far more lexemes than the cap
    "Heizung:* & | ! <-> Kassel",  # tsquery syntax is text, not an operator
    "a" * 10_000,
])
def test_odd_questions_raise_nothing(db: Any, tmp_path: Path, query: str) -> None:
    """Quotes, backslashes, tsquery operators and hundreds of distinct words in a
    question are text — no error; the pair of lexemes is built from at most the capped number of terms."""
    root = tmp_path / "haus"
    write(root / "heizung.md", "# Heizung Kassel\n\nDie Heizung in Kassel.\n")
    svc = shared(db, tmp_path, root, NOW)
    result = _retriever(db, svc).run("u1", "nova", query, NOW)
    assert isinstance(result.hits, list)


def test_compound_in_the_question_finds_its_first_part(db: Any, tmp_path: Path) -> None:
    """§8.1b, the other direction: the question says *Dachziegel*, the file's keywords say *Dach* — a long
    question word's leading part (four letters or more, a tail of four left) matches as a word."""
    root = tmp_path / "haus"
    write(root / "dach.md", "# Dach und Rinne\n\nIm Frühjahr war Laub in den Rinnen. Firma Brandauer kam.\n")
    write(root / "garten.md", "# Garten\n\nTomaten brauchen viel Sonne.\n")
    svc = shared(db, tmp_path, root, NOW)
    hits = _retriever(db, svc).run("u1", "nova", "Was ist mit den Dachziegeln?", NOW).hits
    assert hits and hits[0].path == str(root / "dach.md")
    assert "scharf" in hits[0].channels


@pytest.mark.parametrize("exact_max", [0, 200])
def test_small_stock_keeps_its_nearest_files_next_to_a_large_one(db: Any, tmp_path: Path, monkeypatch: Any,
                                                                  exact_max: int) -> None:
    """§6.3 filter first, both ways the dense channel runs: through the HNSW index with the pair's filter inside
    the scan (exact_max 0), and exactly for a small stock (the default) — three files of one pair next to
    sixty near-identical files of another pair all come back as the pair's dense candidates."""
    from novaberg.files import retrieval

    monkeypatch.setattr(retrieval, "DENSE_EXACT_MAX", exact_max)
    mine = tmp_path / "meins"
    for name in ("heizung", "therme", "ofen"):
        write(mine / f"{name}.md", f"# {name.title()}\n\nDie {name.title()} im Keller, Wartung im Oktober.\n")
    theirs = tmp_path / "fremd"
    for number in range(60):
        write(theirs / f"heizung{number}.md", f"# Heizung {number}\n\nDie Heizung im Keller, Wartung {number}.\n")
    svc = service(db, tmp_path, users=("u1", "u2"))
    svc.grant("u1", "nova", str(mine))
    svc.grant("u2", "nova", str(theirs))
    svc.index(NOW)
    result = _retriever(db, svc).run("u1", "nova", "Wartung der Heizung im Keller", NOW)
    assert len(result.dense_ids) == 3
    assert {Path(hit.path).parent for hit in result.hits} == {mine}
