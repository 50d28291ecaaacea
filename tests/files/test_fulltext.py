"""The full-text channel — Okapi BM25 over sections with line ranges, its statistics kept by the
watcher per root, each person's own, and a fusion in which the hashing embedder never outvotes lexical evidence."""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any

from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.fulltext import K1, B
from novaberg.files.retrieval import Retriever, fuse
from novaberg.files.threshold import UNMEASURED_DENSE_WEIGHT, channel_weights
from tests.files.helpers import LATER, NOW, service, shared, write

_RECOUNT = """
WITH aktiv AS (
    SELECT i.wurzel_id, a.id AS abschnitt_id, t.lexeme, coalesce(cardinality(t.positions), 1) AS tf
    FROM dateien_index i JOIN dateien_abschnitte a ON a.index_id = i.id CROSS JOIN LATERAL unnest(a.suchtext) t
    WHERE i.aktiv AND i.wurzel_id = %(root)s AND left(t.lexeme, 1) <> '~'
)
SELECT (SELECT coalesce(jsonb_object_agg(lexeme, n), '{}') FROM (SELECT lexeme, count(*) AS n FROM aktiv GROUP BY lexeme) x) AS df,
       (SELECT count(DISTINCT abschnitt_id) FROM aktiv) AS abschnitte, (SELECT coalesce(sum(tf), 0) FROM aktiv) AS woerter
"""
_KEPT = """
SELECT (SELECT coalesce(jsonb_object_agg(lexem, df), '{}') FROM dateien_lexem_df WHERE wurzel_id = %(root)s AND df > 0) AS df,
       (SELECT coalesce(sum(abschnitte), 0) FROM dateien_statistik WHERE wurzel_id = %(root)s) AS abschnitte,
       (SELECT coalesce(sum(woerter), 0) FROM dateien_statistik WHERE wurzel_id = %(root)s) AS woerter,
       (SELECT count(*) FROM dateien_terme t JOIN dateien_index i ON i.id = t.index_id
        WHERE t.wurzel_id = %(root)s AND NOT i.aktiv) AS verwaist
"""


def _counts(db: Any, root_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    with db.transaction() as conn:
        recount = conn.execute(_RECOUNT, {"root": root_id}).fetchone()
        kept = conn.execute(_KEPT, {"root": root_id}).fetchone()
    return dict(recount), dict(kept)


def _assert_consistent(db: Any, root_id: int) -> dict[str, Any]:
    recount, kept = _counts(db, root_id)
    assert kept["verwaist"] == 0  # no posting of a retired file
    assert kept["df"] == recount["df"]
    assert (kept["abschnitte"], kept["woerter"]) == (recount["abschnitte"], recount["woerter"])
    return kept


def _lexeme(db: Any, word: str) -> str:
    with db.transaction() as conn:
        return conn.execute("SELECT (tsvector_to_array(to_tsvector('german', %s)))[1] AS l", (word,)).fetchone()["l"]


def test_statistics_follow_add_change_delete_and_return(db: Any, tmp_path: Path) -> None:
    """The section counts BM25 needs are kept by the watcher — after a first index, a changed file,
    a deleted one and its return they equal a recount from the active files' sections."""
    root = tmp_path / "doku"
    write(root / "heizung.md", "# Heizung\n\nDie Gastherme wird jeden Herbst gewartet.\n\nDer Kaminkehrer kommt im Mai.\n")
    write(root / "garten.md", "# Garten\n\nTomaten im Mai pflanzen.\n\nDie Hecke im Herbst schneiden.\n")
    gone = write(root / "auto.txt", "Reifenwechsel im Herbst, Ölwechsel alle zwei Jahre.\n")
    svc = shared(db, tmp_path, root, NOW)
    root_id = svc.roots("u1", "nova")[0]["id"]
    herbst, kuerbis, oel = (_lexeme(db, word) for word in ("Herbst", "Kürbisse", "Ölwechsel"))
    first = _assert_consistent(db, root_id)
    assert first["df"][herbst] == 3 and first["abschnitte"] >= 3

    write(root / "garten.md", "# Garten\n\nTomaten im Mai pflanzen. Kürbisse im Juni.\n")  # the Hecke/Herbst part goes
    svc.index(LATER)
    changed = _assert_consistent(db, root_id)
    assert changed["df"][herbst] == 2 and changed["df"][kuerbis] == 1

    text = gone.read_text(encoding="utf-8")
    gone.unlink()
    svc.index(LATER)
    deleted = _assert_consistent(db, root_id)
    assert deleted["df"][herbst] == 1 and oel not in deleted["df"]

    write(root / "auto.txt", text)  # the same content again: the row comes back without a model call
    svc.index(LATER)
    assert _assert_consistent(db, root_id)["df"][herbst] == 2


def test_parallel_index_runs_keep_the_counts_exact(db: Any, tmp_path: Path) -> None:
    """One writer, two runs at once (the heartbeat and `novaberg files index`): whichever run writes a file, the
    counts equal a recount afterwards."""
    root = tmp_path / "viele"
    for number in range(12):
        write(root / f"notiz{number:02d}.txt", f"Notiz {number}: Wartung der Pumpe am Teich, Filter {number} reinigen.\n")
    svc = service(db, tmp_path)
    svc.grant("u1", "nova", str(root))
    svc.index(NOW)
    for number in range(12):
        write(root / f"notiz{number:02d}.txt", f"Notiz {number}: Pumpe getauscht, Teich {number} gereinigt.\n")
    errors: list[BaseException] = []

    def run() -> None:
        try:
            service(db, tmp_path).index(LATER, "u1", "nova")
        except BaseException as err:  # noqa: BLE001 - a lost race may fail loudly; the counts must not drift
            errors.append(err)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    service(db, tmp_path).index(LATER, "u1", "nova")  # whatever a failed run left, the next completes it
    root_id = svc.roots("u1", "nova")[0]["id"]
    kept = _assert_consistent(db, root_id)
    assert kept["df"][_lexeme(db, "Teich")] == 12 and _lexeme(db, "Wartung") not in kept["df"]


def _bm25(tf: int, length: int, avgdl: float, df: int, n: int) -> float:
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    return idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avgdl))


def test_bm25_idf_and_length_normalisation(db: Any, tmp_path: Path) -> None:
    """Okapi BM25 over sections: the channel's score is the formula's (idf from the pair's section counts, length
    against the mean section length); a word many sections carry weighs less than a rare one; of two sections with
    the word once, the shorter one scores higher."""
    root = tmp_path / "bm25"
    write(root / "kurz.txt", "Zisterne reinigen.\n")
    write(root / "lang.txt", "Zisterne prüfen, Deckel öffnen, Pumpe abschalten, Schlamm absaugen, Wasser ablassen.\n")
    for number in range(6):
        write(root / f"fueller{number}.txt", f"Rasen mähen im Garten, Beet {number} hacken und Wasser holen.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    result = retriever.run("u1", "nova", "Zisterne", NOW, track=False)
    names = {hit.index_id: Path(hit.path).name for hit in result.hits}
    full = [names.get(item) for item in result.ranked["volltext"]]
    assert full[:2] == ["kurz.txt", "lang.txt"]
    with db.transaction() as conn:
        stat = conn.execute("SELECT sum(abschnitte) AS n, sum(woerter) AS w FROM dateien_statistik s "
                            "JOIN dateien_wurzeln r ON r.id = s.wurzel_id WHERE r.user_id = 'u1'").fetchone()
        lengths = {row["name"]: row["laenge"] for row in conn.execute(
            "SELECT i.name, t.laenge FROM dateien_terme t JOIN dateien_index i ON i.id = t.index_id "
            "WHERE t.lexem = 'zistern'").fetchall()}
    assert lengths["kurz.txt"] == 2 and lengths["lang.txt"] == 10  # stemmed words, stop words out
    n, avgdl = int(stat["n"]), float(stat["w"]) / float(stat["n"])
    expected = [_bm25(1, lengths[name], avgdl, 2, n) for name in ("kurz.txt", "lang.txt")]
    assert [round(value, 6) for value in result.values["volltext"][:2]] == [round(value, 6) for value in expected]
    # a word in many sections (Wasser: 7 of 8) adds less than a rare one (Zisterne: 2 of 8)
    mixed = retriever.run("u1", "nova", "Zisterne Wasser", NOW, track=False)
    top = {names.get(item) or item: value for item, value in zip(mixed.ranked["volltext"], mixed.values["volltext"],
                                                                  strict=True)}
    assert top["lang.txt"] - result.values["volltext"][1] < result.values["volltext"][1]


def test_the_hit_carries_the_line_range_of_its_best_section(db: Any, tmp_path: Path) -> None:
    """dateien.md §1a.2: a long file is found by a word far down, and the hit names the section's
    lines — the location a person can open."""
    root = tmp_path / "lang"
    lines = [f"Zeile {number}: allgemeine Hinweise zur Bedienung des Geräts." for number in range(1, 181)]
    lines[149] = "Der Entkalker steht im Schrank unter der Spüle, Dosierung 30 Milliliter."
    body = "\n\n".join("\n".join(lines[start:start + 10]) for start in range(0, 180, 10))
    path = write(root / "handbuch.txt", body + "\n")
    write(root / "andere.txt", "Die Spüle tropft, Dichtung bestellen.\n")
    svc = shared(db, tmp_path, root, NOW)
    hits = Retriever(db, svc.embedder).run("u1", "nova", "Wo ist der Entkalker?", NOW, track=False).hits
    assert Path(hits[0].path).name == "handbuch.txt" and hits[0].lines is not None
    low, high = hits[0].lines
    file_lines = path.read_text(encoding="utf-8").splitlines()
    assert low <= file_lines.index(lines[149]) + 1 <= high and high - low < 40


def test_two_persons_never_share_statistics_or_sections(db: Any, tmp_path: Path) -> None:
    """Each person sees only their own: another person's files neither appear nor change the idf of one's own."""
    mine, theirs = tmp_path / "anna", tmp_path / "ben"
    write(mine / "fahrrad.txt", "Die Fahrradkette ölen und den Schlauch flicken.\n")
    write(mine / "brot.txt", "Sauerteig ansetzen, Brot backen.\n")
    svc = service(db, tmp_path, users=("u1", "u2"))
    svc.grant("u1", "nova", str(mine))
    svc.index(NOW)
    retriever = Retriever(db, svc.embedder)
    before = retriever.run("u1", "nova", "Schlauch flicken", NOW, track=False)
    for number in range(8):
        write(theirs / f"schlauch{number}.txt", f"Schlauch {number} flicken, Schlauch prüfen, Schlauch tauschen.\n")
    svc.grant("u2", "nova", str(theirs))
    svc.index(LATER)
    after = retriever.run("u1", "nova", "Schlauch flicken", NOW, track=False)
    assert after.values["volltext"] == before.values["volltext"]  # ben's eight files do not lower anna's idf
    assert all(str(mine) in hit.path for hit in after.hits)
    others = retriever.run("u2", "nova", "Sauerteig Fahrradkette", NOW, track=False)
    assert others.hits == [] and others.ranked["volltext"] == []


def test_hashing_never_outvotes_lexical_evidence() -> None:
    """A paraphrase („Festplatte voll? Freien Speicherplatz prüfen" → hd, sfdisk, repart.d): the hashing embedder's
    vote orders only what the words score equally and comes after every lexical hit — a file two channels
    agree on is not lifted above the full-text channel's first by a character-n-gram neighbour."""
    weights = channel_weights(HashingEmbedder())
    assert weights["dicht"] <= UNMEASURED_DENSE_WEIGHT
    speicher, hd, sfdisk, repart = 1, 2, 3, 4
    ranked = {"volltext": [speicher, hd], "dicht": [hd, sfdisk, repart, speicher]}
    order = [item for item, _ in fuse(ranked, weights=weights)]
    assert order == [speicher, hd, sfdisk, repart]
    assert [item for item, _ in fuse(ranked)][0] == hd  # equal weights: the dense vote would have decided
    # a tie of the words: the dense rank decides inside it
    tie = {"volltext": [hd, speicher], "dicht": [speicher, hd]}
    assert [item for item, _ in fuse(tie, values={"volltext": [2.0, 2.0], "dicht": [0.5, 0.4]}, weights=weights)][0] \
        == speicher


def test_hashing_never_outvotes_lexical_evidence_in_a_search(db: Any, tmp_path: Path) -> None:
    """The same on the index: files whose names and words look like the question's letters (hd, sfdisk) do not
    come before the file that answers it."""
    root = tmp_path / "platte"
    write(root / "plattenplatz.txt", "Belegung prüfen\n\nMit df -h sehen Sie, wie viel Speicherplatz auf jeder "
                                       "Festplatte noch frei ist; du -sh zeigt, was ein Verzeichnis belegt.\n")
    write(root / "hd.txt", "hd zeigt Dateien hexadezimal an.\n")
    write(root / "sfdisk.txt", "sfdisk partitioniert Platten per Skript; Vorsicht beim Schreiben.\n")
    write(root / "repart.d.txt", "repart.d beschreibt Partitionen, die systemd-repart beim Start anlegt.\n")
    svc = shared(db, tmp_path, root, NOW)
    result = Retriever(db, svc.embedder).run("u1", "nova", "Festplatte voll? Freien Speicherplatz prüfen", NOW,
                                             track=False)
    assert Path(result.hits[0].path).name == "plattenplatz.txt"


def test_a_question_compound_is_scored_by_its_parts(db: Any, tmp_path: Path) -> None:
    """Compound splitting: „Speicherplatz" stands in no section, „Speicher" and „Platz" do — the
    full-text channel scores the question's compound by its two parts, found in the pair's own vocabulary."""
    root = tmp_path / "teile"
    write(root / "platte.txt", "Wie viel Platz bleibt im Speicher der Festplatte? Der Befehl df zeigt es.\n")
    write(root / "kochen.txt", "Nudeln kochen, Salz ins Wasser, umrühren.\n")
    svc = shared(db, tmp_path, root, NOW)
    result = Retriever(db, svc.embedder).run("u1", "nova", "Speicherplatz", NOW, track=False)
    assert result.ranked["volltext"] and Path(result.hits[0].path).name == "platte.txt"
    assert "volltext" in result.hits[0].channels
