"""dateien.md §4b.3: the novelty check never keeps a changed fact — a differing number, negation or
name makes the sentence a change (versioned with the anchors of §3a.2a) or a new sentence, never a copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from novaberg.files.knowledge import KnowledgeZone, check_invariant, parse
from novaberg.files.knowledge.judge import model_judge
from novaberg.files.knowledge.novelty import brings_new, fact_differences
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.llm.ask import Asker
from novaberg.llm.scripted import ScriptedLLM
from tests.support import berlin, make_offline_llm

NOW = berlin(2026, 12, 1, 10)
FIVE = "Carl nimmt täglich 5 mg Ramipril."
FIFTY = "Carl nimmt täglich 50 mg Ramipril."
NONE = "Carl nimmt täglich kein Ramipril."


def _order(sentence: str) -> str:
    return f"Merk dir in deinem Wissen zu Carl: {sentence}"


def _wissen(turn: Any) -> dict[str, Any]:
    return next(s for s in turn.services if s["name"] == "wissen")


def test_ramipril_changes_are_written_versioned_and_said(nova: Any, tmp_path: Path) -> None:
    """§4b.3: 5 mg → 50 mg → kein: both later facts replace the old one as versioned
    changes (§3a.2a), the answer says what was replaced, and the history keeps every dose."""
    first = nova.turn("anna", "nova", _order(FIVE), NOW)
    assert "Version 1" in first.answer
    fifty = nova.turn("anna", "nova", _order(FIFTY), NOW)
    assert "ersetzt" in fifty.answer and "5 mg" in fifty.answer and "50 mg" in fifty.answer, fifty.answer
    assert "Version 2" in fifty.answer and "Geschichte" in fifty.answer
    none = nova.turn("anna", "nova", _order(NONE), NOW)
    assert "ersetzt" in none.answer and "kein Ramipril" in none.answer, none.answer
    assert _wissen(none)["data"]["ersetzt"] == [{"alt": FIFTY, "neu": NONE}]
    zone = KnowledgeZone(pair_zone(tmp_path, "anna", "nova"))
    doc = parse(zone.text("carl.md"))
    check_invariant(doc)
    assert doc.paragraphs == [f"[c3>] {NONE}"]  # the current text holds only the newest fact
    assert [(h["version"], h["art"]) for h in zone.history("carl.md")] == [(1, "eingefügt"), (2, "geändert"),
                                                                           (3, "geändert")]
    archived = " ".join(h["alter_text"] for h in zone.history("carl.md"))
    assert FIVE in archived and FIFTY in archived
    again = nova.turn("anna", "nova", _order(NONE), NOW)  # the same fact again is still a copy
    assert "schon" in again.answer and zone.history("carl.md")[-1]["version"] == 3
    zone.revert("carl.md")
    assert parse(zone.text("carl.md")).paragraphs == [f"[c2>] {FIFTY}"]


def test_a_changed_sentence_keeps_the_rest_of_its_paragraph(tmp_path: Path) -> None:
    """§4b.3 „an der richtigen Stelle": only the changed sentence is replaced; the paragraph's other
    sentences and other paragraphs stay as they were."""
    zone = KnowledgeZone(tmp_path / "z", judge=model_judge(Asker(make_offline_llm())))
    zone.insert("carl.md", f"Carl wohnt in Bremen. {FIVE} Er verträgt es gut.", NOW)
    zone.insert("carl.md", "Seine Hausärztin ist Dr. Weber in der Neustadt.", NOW)
    result = zone.insert("carl.md", FIFTY, NOW)
    assert result.status == "geaendert" and result.version == 3
    doc = parse(zone.text("carl.md"))
    assert doc.paragraphs[0] == f"[c3>] Carl wohnt in Bremen. {FIFTY} Er verträgt es gut."
    assert doc.paragraphs[1] == "[i2>] Seine Hausärztin ist Dr. Weber in der Neustadt."


def test_facts_that_differ() -> None:
    assert fact_differences(FIFTY, FIVE) == ["zahl"]
    assert fact_differences(NONE, FIFTY) == ["zahl", "verneinung"]
    assert fact_differences("Carl nimmt Ramipril nicht mehr.", "Carl nimmt Ramipril.") == ["verneinung"]
    assert "name" in fact_differences("Die Hausärztin ist Dr. Schulz.", "Die Hausärztin ist Dr. Weber.")
    assert fact_differences("Carl nimmt am 3.5.2026 Ramipril.", "Carl nimmt am 3.6.2026 Ramipril.") == ["zahl"]
    assert fact_differences("Täglich nimmt Carl 5 mg Ramipril.", FIVE) == []  # the first word is no name


def test_a_similar_sentence_with_other_facts_asks_the_model() -> None:
    """§4b.3: ≥ 0.65 with the same facts is a copy without asking; ≥ 0.65 with other facts costs the one
    question; the model's „Änderung" is a change, its „Fund" a new sentence."""
    llm = ScriptedLLM({"knowledge_duplicate": {"dublette": False, "aenderung": True, "begruendung": "neue Dosis"}})
    judge = model_judge(Asker(llm))
    copy = brings_new(FIVE, FIVE, judge)
    assert not copy.new and copy.asked == 0
    changed = brings_new(FIFTY, FIVE, judge)
    assert changed.new and changed.asked == 1 and changed.changes == [(FIFTY, FIVE)]
    assert llm.calls["knowledge_duplicate"][0]["satz"] == FIFTY
    llm.script("knowledge_duplicate", {"dublette": False, "aenderung": False, "begruendung": "weitere Angabe"})
    added = brings_new(FIFTY, FIVE, judge)
    assert added.new and added.changes == [] and added.fresh == [FIFTY]


def test_a_model_that_paraphrases_decides_only_where_the_facts_agree(tmp_path: Path) -> None:
    """Scripted model: a paraphrase with the same facts is its call („Dublette": nothing written); a sentence
    with another dose that the model calls a copy is written as a change anyway (never kept old silently)."""
    llm = ScriptedLLM({"knowledge_duplicate": {"dublette": True, "begruendung": "dieselbe Aussage"}})
    zone = KnowledgeZone(tmp_path / "z", judge=model_judge(Asker(llm)))
    zone.insert("carl.md", FIVE, NOW)
    same = zone.insert("carl.md", "Jeden Tag nimmt Carl 5 mg Ramipril ein.", NOW)
    assert same.status == "steht_schon_da" and len(llm.calls["knowledge_duplicate"]) == 1
    overruled = zone.insert("carl.md", FIFTY, NOW)
    assert overruled.status == "geaendert" and parse(zone.text("carl.md")).paragraphs == [f"[c2>] {FIFTY}"]
    llm.script("knowledge_duplicate", "kein json")  # a failed judgement: decided by the facts, never lost
    failed = zone.insert("carl.md", NONE, NOW)
    assert failed.status == "geaendert" and parse(zone.text("carl.md")).paragraphs == [f"[c3>] {NONE}"]
