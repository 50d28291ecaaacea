"""Retrieval, German morphology in the lexical channels (dateien.md §8.1b „deutsche Komposita tun das
nicht", §6.3a) on real trees and the embedded Postgres. Each rule is switched off once to show that the test
depends on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.files import retrieval
from novaberg.files.retrieval import Retriever
from tests.files.helpers import NOW, shared, write

LEXICAL = {"scharf", "inhalt"}


def _found_lexically(hits: list[Any], path: Path) -> bool:
    return bool(hits) and hits[0].path == str(path) and bool(LEXICAL & set(hits[0].channels))


def _household(base: Path) -> Path:
    root = base / "haushalt"
    write(root / "wohnung.md", "# Mietwohnung\n\nDie Kaltmiete beträgt 640 Euro. Die Kündigungsfrist beträgt drei "
                               "Monate zum Monatsende.\n")
    write(root / "zahnarzt.md", "# Zahnarzt\n\nKontrolle im Frühjahr und Herbst in der Praxis am Markt.\n")
    write(root / "hausarzt.md", "# Hausärztin\n\nDr. Sommer, Praxis in der Bahnhofstraße, dienstags bis 18 Uhr.\n")
    write(root / "schule.md", "# Schule\n\nDie Klassenlehrerin von Paul heißt Frau Brandt. Elternabend im Oktober.\n")
    write(root / "restaurant.md", "# Zum Anker\n\nDie Chefköchin heißt Frau Albers. Reservierung unter 0341 2219.\n")
    write(root / "garten.md", "# Garten\n\nTomaten brauchen viel Sonne. Die Beete werden im Frühjahr umgegraben.\n")
    write(root / "reise.md", "# Urlaub\n\nDer Reisepass läuft im März ab, vorher verlängern lassen.\n")
    return root


@pytest.fixture
def household(db: Any, tmp_path: Path) -> tuple[Retriever, Path]:
    root = _household(tmp_path)
    svc = shared(db, tmp_path, root, NOW)
    return Retriever(db, svc.embedder), root


@pytest.mark.parametrize("query,name", [
    ("Wie lange ist die Frist, wenn ich ausziehen will?", "wohnung.md"),
    ("Ist mein Pass noch gültig?", "reise.md"),
])
def test_a_question_word_finds_the_head_of_a_compound(household: Any, monkeypatch: Any, query: str, name: str) -> None:
    """§8.1b: the question says *Frist*, the file *Kündigungsfrist*; *Pass*, the file *Reisepass* — a word of four
    letters or more matches as the last part of a document's compound (a GIN prefix query over the reversed
    lexemes, schema 006). Switched off, the lexical channels find nothing."""
    retriever, root = household
    assert _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / name)
    monkeypatch.setattr(retrieval, "HEAD_MIN", 0)
    assert not _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / name)


@pytest.mark.parametrize("query,name", [
    ("Bei welcher Zahnärztin bin ich?", "zahnarzt.md"),
    ("Wer ist dort der Koch?", "restaurant.md"),  # the base finds the feminine compound (Chefköchin)
])
def test_movierung_is_undone(household: Any, monkeypatch: Any, query: str, name: str) -> None:
    """§8.1b, a grammar and not a phrase list: a feminine noun in -in/-innen after a consonant is one word with
    its base, the umlaut undone (Zahnärztin → Zahnarzt); a base also finds the feminine compound (Koch →
    Chefköchin). Switched off (and the head rule with it, which carries the second case), nothing is found."""
    retriever, root = household
    assert _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / name)
    monkeypatch.setattr(retrieval, "MOVIERUNG", False)
    monkeypatch.setattr(retrieval, "HEAD_MIN", 0)
    assert not _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / name)


def test_movierung_alone_carries_the_feminine_question(household: Any, monkeypatch: Any) -> None:
    """§8.1b: *Zahnärztin* → *Zahnarzt* needs Movierung itself, not the head rule: with the head rule off the
    file is still found, with Movierung off it is not."""
    retriever, root = household
    monkeypatch.setattr(retrieval, "HEAD_MIN", 0)
    assert _found_lexically(retriever.run("u1", "nova", "Bei welcher Zahnärztin bin ich?", NOW, track=False).hits,
                            root / "zahnarzt.md")
    monkeypatch.setattr(retrieval, "MOVIERUNG", False)
    assert not _found_lexically(retriever.run("u1", "nova", "Bei welcher Zahnärztin bin ich?", NOW,
                                              track=False).hits, root / "zahnarzt.md")


def test_a_word_ending_in_in_without_a_base_is_left_alone(household: Any) -> None:
    """§8.1b: Movierung needs a consonant before -in and a base of four letters: *Termin*, *Benzin*, *Kamin* keep
    their word (no base *Kam* that every *kam* of a text would match)."""
    retriever, _ = household
    for query in ("Wann ist der Termin?", "Was kostet Benzin?", "Ist der Kamin sauber?"):
        assert retriever.run("u1", "nova", query, NOW, track=False).hits == [] or all(
            "scharf" not in hit.channels for hit in retriever.run("u1", "nova", query, NOW, track=False).hits)


def test_a_common_head_is_no_evidence_alone(db: Any, tmp_path: Path) -> None:
    """§6.3a „Seltenheit ist nicht Einschlägigkeit", the same evidence discipline for heads: a head that many
    files carry (*…versicherung* in every file) is one common lexeme — no file counts for it alone, and with a
    second, rare word of the question the file carrying both leads."""
    root = tmp_path / "policen"
    for number, kind in enumerate(("Haftpflicht", "Hausrat", "Kfz", "Kranken", "Leben", "Rechtsschutz", "Unfall",
                                   "Reise", "Tier", "Gebäude")):
        write(root / f"police{number}.md", f"# {kind}versicherung\n\nDie {kind}versicherung, Beitrag {number}0 Euro.\n")
    write(root / "fahrrad.md", "# Fahrrad\n\nDas Fahrrad ist in der Hausratversicherung bis 1.500 Euro mitversichert.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    result = retriever.run("u1", "nova", "Welche Versicherung hat der Nachbar?", NOW, track=False)
    assert result.ranked["scharf"] == [] and result.ranked["inhalt"] == []
    hits = retriever.run("u1", "nova", "Ist mein Fahrrad versichert, welche Versicherung?", NOW, track=False).hits
    assert hits and hits[0].path == str(root / "fahrrad.md")


def test_a_question_compound_finds_a_document_compound_with_the_same_head(db: Any, tmp_path: Path,
                                                                           monkeypatch: Any) -> None:
    """§8.1b: two compounds of one head are two kinds of one thing (*Tennisverein*, *Sportverein*: a Verein) —
    a question compound's last five letters, a modifier of four left, match the head of a document's compound
    (also after its own modifier of four). Switched off, the lexical channels find nothing."""
    root = tmp_path / "freizeit"
    write(root / "verein.md", "# Sportverein\n\nMitgliedsbeitrag 80 Euro im Jahr, Training donnerstags.\n")
    write(root / "garten.md", "# Garten\n\nTomaten brauchen viel Sonne.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    query = "Was zahle ich für den Tennisverein?"
    assert _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / "verein.md")
    monkeypatch.setattr(retrieval, "TAIL_MIN", 0)
    assert not _found_lexically(retriever.run("u1", "nova", query, NOW, track=False).hits, root / "verein.md")


def test_the_word_itself_outweighs_a_shared_head(household: Any, monkeypatch: Any) -> None:
    """§8.1b, evidence by strength: *Zahnärztin* is *Zahnarzt* itself (Movierung) and shares only the head with
    *Hausärztin* — the file with the word leads its lexical channels; a form found only as a head counts half.
    At full weight the two files tie in both lexical channels."""
    retriever, root = household
    query = "Bei welcher Zahnärztin bin ich?"
    result = retriever.run("u1", "nova", query, NOW, track=False)
    names = [Path(hit.path).name for hit in result.hits]
    assert names[:2] == ["zahnarzt.md", "hausarzt.md"]
    assert result.ranks["scharf"][0] < result.ranks["scharf"][1]
    monkeypatch.setattr(retrieval, "HEAD_WEIGHT", 1.0)
    result = retriever.run("u1", "nova", query, NOW, track=False)
    assert result.ranks["scharf"][0] == result.ranks["scharf"][1]
