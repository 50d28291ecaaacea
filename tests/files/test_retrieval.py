"""Retrieval (dateien.md §3.0a, §3.0a-bis, §6.3, §6.3a) on real trees and the embedded Postgres."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.core.errors import InputError
from novaberg.files.retrieval import CHANNELS, Retriever, fuse
from novaberg.files.sections import split_sections
from novaberg.files.threshold import threshold
from tests.files.helpers import NOW, service, shared, write

HEIZUNG = """# Heizung im Altbau

Die Gastherme im Keller wurde 2019 eingebaut. Einmal im Jahr kommt der Schornsteinfeger.

## Entlüften

Die Heizkörper werden im Oktober entlüftet. Der Vierkantschlüssel liegt in der Werkzeugkiste.
"""
TOEPFEREI = """# Töpferei

Der Schrühbrand läuft bei 900 Grad, der Glasurbrand bei 1240 Grad.
Die Drehscheibe steht im Gartenhaus.
"""
BACH = """# Johann Sebastian Bach

Er wurde 1685 in Eisenach geboren.

Ab 1723 war er Thomaskantor in Leipzig und schrieb dort die Matthäus-Passion.
"""
GARTEN = """# Garten

Tomaten brauchen viel Sonne. Die Beete werden im Frühjahr umgegraben.
"""


def _tree(base: Path) -> Path:
    root = base / "unterlagen"
    write(root / "haus" / "heizung.md", HEIZUNG)
    write(root / "hobby" / "toepferei.md", TOEPFEREI)
    write(root / "musik" / "bach.md", BACH)
    write(root / "garten.md", GARTEN)
    write(root / "archiv" / "heizung-alt.md", "# Alte Heizung\n\nDer Ölkessel wurde 2019 ausgebaut.\n")
    return root


@pytest.fixture
def indexed(db: Any, tmp_path: Path) -> tuple[Any, Any, Path]:
    root = _tree(tmp_path)
    svc = shared(db, tmp_path, root, NOW)
    return db, svc, root


def _search(db: Any, svc: Any, query: str, user: str = "u1", character: str = "nova", k: int = 5) -> Any:
    return Retriever(db, svc.embedder).run(user, character, query, NOW, k)


def test_sharp_channel_needs_keyword_and_fulltext(indexed: Any) -> None:
    """§6.3a: „Schrühbrand" stands in the keywords of toepferei.md — the sharp channel finds it, and first."""
    db, svc, root = indexed
    result = _search(db, svc, "Bei welcher Temperatur läuft der Schrühbrand?")
    assert result.hits, "the sharp channel must find the file whose keywords carry the term"
    top = result.hits[0]
    assert top.path == str(root / "hobby" / "toepferei.md")
    assert "scharf" in top.channels
    assert Path(top.path).is_absolute()


def test_content_channel_finds_a_term_only_in_the_text(indexed: Any) -> None:
    """§6.3a „Thomaskantor": a word in the text and in no metadatum is reached by the content channel,
    with the line range of its section as the location."""
    db, svc, root = indexed
    result = _search(db, svc, "Wer war Thomaskantor?")
    paths = [hit.path for hit in result.hits]
    assert str(root / "musik" / "bach.md") in paths
    hit = result.hits[paths.index(str(root / "musik" / "bach.md"))]
    assert "inhalt" in hit.channels
    assert hit.lines is not None and hit.lines[0] <= 5 <= hit.lines[1]


@pytest.mark.parametrize("query", ["x" * 10_000, "und oder aber dass weil", "?!… ,;:", "🔥", "😀😀 🙈",
                                   "Wie war dein Tag?"])
def test_bad_questions_find_nothing_and_raise_nothing(indexed: Any, query: str) -> None:
    """10,000 characters, only stop words, only punctuation, an emoji → no error, no hit."""
    db, svc, _ = indexed
    assert _search(db, svc, query).hits == []


def test_second_pair_never_sees_the_first_pairs_files(indexed: Any) -> None:
    """§2a.1: the pair's filter; a second pair with no roots gets nothing, even for a sharp term."""
    db, svc, _ = indexed
    assert _search(db, svc, "Schrühbrand Thomaskantor Heizung", user="u2").hits == []
    assert _search(db, svc, "Schrühbrand Thomaskantor Heizung", character="andere").hits == []


def test_inactive_root_is_not_searched(indexed: Any) -> None:
    db, svc, _ = indexed
    root_id = svc.roots("u1", "nova")[0]["id"]
    svc.disable(root_id, "u1", "nova", now=NOW)
    assert _search(db, svc, "Schrühbrand").hits == []


def test_filter_before_similarity_keeps_k_dense_candidates(db: Any, tmp_path: Path) -> None:
    """§6.3: the pair's filter comes first. A foreign pair with many near-identical files must not crowd
    the pair's own file out of the dense top K (a post-filter would return fewer than K, or none)."""
    mine = tmp_path / "meins"
    write(mine / "heizung.md", HEIZUNG)
    theirs = tmp_path / "fremd"
    for number in range(40):
        write(theirs / f"heizung{number}.md", HEIZUNG.replace("2019", str(1950 + number)))
    svc = service(db, tmp_path, users=("u1", "u2"))
    svc.grant("u1", "nova", str(mine))
    svc.grant("u2", "nova", str(theirs))
    svc.index(NOW)
    result = Retriever(db, svc.embedder).run("u1", "nova", "Heizung Gastherme Keller", NOW, 5)
    assert [hit.path for hit in result.hits] == [str(mine / "heizung.md")]
    assert len(result.dense_top) == 1  # the dense candidates were the pair's one row, not 5 foreign ones


def test_every_search_tracks_the_kth_cosine(db: Any, tmp_path: Path) -> None:
    """§3.0a-bis: the K-th cosine of each turn is written to the pair's distribution, other pairs untouched."""
    root = tmp_path / "viele"
    for number in range(8):
        write(root / f"notiz{number}.md", f"# Notiz {number}\n\nHeizung Wartung Termin {number}.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    for _ in range(3):
        assert retriever.run("u1", "nova", "Heizung warten", NOW).tracked
    with db.transaction() as conn:
        rows = conn.execute("SELECT user_id, werte FROM dateien_schwelle").fetchall()
    assert [(row["user_id"], len(row["werte"])) for row in rows] == [("u1", 3)]


def test_threshold_is_computed_with_floor() -> None:
    """§3.0a-bis: start value until samples exist; then the median of the tracked K-th cosines; never below the floor."""
    assert threshold([], floor=0.3, start=0.55).value == 0.55
    assert threshold([0.7, 0.6, 0.65, 0.62, 0.68], floor=0.3, start=0.55).value == pytest.approx(0.65)
    low = threshold([0.1, 0.12, 0.11, 0.09, 0.1], floor=0.3, start=0.55)
    assert low.value == 0.3 and low.source == "boden"
    assert threshold([float("nan")] * 10, floor=0.3, start=0.55).value == 0.55


def test_rrf_fuses_ranks_not_values() -> None:
    """§6.2: Reciprocal Rank Fusion; an item found by two channels beats one found by one."""
    fused = fuse({"scharf": [1, 2], "dicht": [2, 3], "inhalt": [4]})
    assert fused[0][0] == 2
    assert {item for item, _ in fused} == {1, 2, 3, 4}
    assert CHANNELS == ("scharf", "dicht", "inhalt", "volltext")  # BM25 over the whole text


def test_rrf_gives_equally_scored_items_one_rank() -> None:
    """§6.2 ranks, not values — but a tie is one rank: files a lexical channel scores equally (the same
    words of the question) get the same vote, and the dense channel orders them, not their ids."""
    ranked = {"scharf": [], "dicht": [99, 30, 10], "inhalt": [10, 20, 30]}
    order = [item for item, _ in fuse(ranked, values={"dicht": [0.9, 0.8, 0.7], "inhalt": [2.5, 2.5, 2.5]})]
    assert order.index(30) < order.index(10)  # the tie is one rank: the dense channel decides
    assert [item for item, _ in fuse(ranked)].index(10) < 2  # by position alone, id order in the tie won
    order = [item for item, _ in fuse(ranked, values={"dicht": [0.9, 0.8, 0.7], "inhalt": [3.0, 2.5, 2.0]})]
    assert order.index(10) < order.index(30)  # a real lexical lead still counts


def test_bad_arguments_are_refused(indexed: Any) -> None:
    db, svc, _ = indexed
    retriever = Retriever(db, svc.embedder)
    with pytest.raises(InputError):
        retriever.run("u1", "nova", "Heizung\x00", NOW)
    with pytest.raises(ValueError):
        retriever.run("u1", "nova", "Heizung", NOW, k=0)
    with pytest.raises(InputError):
        retriever.run("", "nova", "Heizung", NOW)


def test_sections_follow_headings_and_blank_lines() -> None:
    text = HEIZUNG
    parts = split_sections(text, [{"titel": "Heizung im Altbau", "zeile": 1, "ebene": 1},
                                  {"titel": "Entlüften", "zeile": 5, "ebene": 2}], ".md")
    assert [(p["zeile_von"], p["zeile_bis"]) for p in parts] == [(1, 3), (5, 7)]
    long = "\n\n".join(f"Absatz {n} " + "Wort " * 5 for n in range(100))
    chunks = split_sections(long, [], ".txt")
    assert all(p["zeile_bis"] - p["zeile_von"] < 40 for p in chunks)
    assert chunks[0]["zeile_von"] == 1 and chunks[-1]["zeile_bis"] == len(long.splitlines())
    assert split_sections("", None, ".txt") == []


def test_parallel_searches_keep_every_tracked_value(db: Any, tmp_path: Path) -> None:
    """The one write of the search (the K-th cosine, §3.0a-bis): parallel turns of one pair lose no value."""
    from concurrent.futures import ThreadPoolExecutor

    root = tmp_path / "viele"
    for number in range(8):
        write(root / f"notiz{number}.md", f"# Notiz {number}\n\nHeizung Wartung Termin {number}.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: retriever.run("u1", "nova", "Heizung warten", NOW), range(8)))
    assert all(result.tracked for result in results)
    with db.transaction() as conn:
        row = conn.execute("SELECT werte FROM dateien_schwelle WHERE user_id = 'u1'").fetchone()
    assert len(row["werte"]) == 8
