"""The own zone `knowledge/` (dateien.md §3a.2a, §3a.3, §4b.3) on a real directory."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from novaberg.files.knowledge import AnchorInvariantError, KnowledgeZone, ZoneError, check_invariant, parse
from novaberg.files.knowledge.judge import model_judge
from novaberg.files.knowledge.novelty import brings_new
from novaberg.files.knowledge.versions import ARCHIVE_RULE
from novaberg.llm.ask import Asker
from novaberg.llm.scripted import ScriptedLLM
from tests.files.helpers import NOW, write

NAPOLEON = "Napoleon wurde 1769 auf Korsika geboren."
KRONE = "Er krönte sich 1804 in Notre-Dame selbst zum Kaiser."
MARIE = "Seine zweite Frau war Marie-Louise von Österreich, die er 1810 heiratete."


@pytest.fixture
def zone(tmp_path: Path) -> KnowledgeZone:
    return KnowledgeZone(tmp_path / "data" / "knowledge")


def test_every_edit_is_anchored_archived_and_reversible(zone: KnowledgeZone) -> None:
    """§3a.2a: [cN>], [dN>], [iN>] at the reader, the old wording at the end; going back over the versions
    restores every earlier state exactly."""
    states = []
    zone.insert("napoleon.md", NAPOLEON, NOW)
    states.append(zone.text("napoleon.md"))
    zone.insert("napoleon.md", KRONE, NOW)
    states.append(zone.text("napoleon.md"))
    changed = zone.change("napoleon.md", 0, "Napoleon Bonaparte wurde am 15. August 1769 in Ajaccio geboren.", NOW)
    states.append(zone.text("napoleon.md"))
    zone.delete("napoleon.md", 0, NOW)  # the changed paragraph deleted: one chain of two steps
    text = zone.text("napoleon.md")
    assert changed.version == 3
    assert "[d4>]" in text and "[i2>]" in text and ARCHIVE_RULE in text
    assert "[<c3_2026-11-30]" in text and "[<d4_2026-11-30]" in text
    archived = text.split(ARCHIVE_RULE)[1]
    assert "[c3>] Napoleon Bonaparte" in archived  # the archived wording carries its own anchor
    check_invariant(parse(text))
    assert [h["version"] for h in zone.history("napoleon.md")] == [1, 2, 3, 4]
    for expected in reversed(states):
        zone.revert("napoleon.md")
        assert zone.text("napoleon.md") == expected
    zone.revert("napoleon.md")
    assert parse(zone.text("napoleon.md")).paragraphs == []


def test_a_write_that_breaks_the_invariant_is_refused(zone: KnowledgeZone) -> None:
    """§3a.2a: anchors pair one to one, checked after every write; a violation is loud and writes nothing."""
    zone.insert("napoleon.md", NAPOLEON, NOW)
    before = zone.text("napoleon.md")
    with pytest.raises(AnchorInvariantError):
        zone.insert("napoleon.md", "Ein Absatz mit einer fremden Marke [c9>] darin.", NOW)
    with pytest.raises(AnchorInvariantError):
        zone.write_raw("napoleon.md", "[c1>] Text ohne Archiv\n")
    assert zone.text("napoleon.md") == before


def test_a_broken_file_is_not_edited_further(zone: KnowledgeZone) -> None:
    target = zone.path("kaputt.md")
    write(target, f"[c1>] Neu\n\n{ARCHIVE_RULE}\n[<c1_2026-11-01]\nAlt\n\n[<d2_2026-11-02]\nweg\n")
    before = target.read_text(encoding="utf-8")
    with pytest.raises(AnchorInvariantError):
        zone.insert("kaputt.md", MARIE, NOW)
    assert target.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("name", ["../draussen.md", "../../etc/x.md", "/tmp/x.md", "", "a\x00.md", "bild.png"])
def test_paths_outside_the_zone_are_refused(zone: KnowledgeZone, tmp_path: Path, name: str) -> None:
    """§3a.3: the zone decides, not the caller; nothing is written outside `knowledge/`."""
    with pytest.raises(ZoneError):
        zone.insert(name, MARIE, NOW)
    assert not (tmp_path / "data" / "draussen.md").exists()


def test_a_link_out_of_the_zone_is_refused(zone: KnowledgeZone, tmp_path: Path) -> None:
    """§3a.3: a shared root is never writable — also not through a link placed in the zone."""
    shared = write(tmp_path / "home" / "docs" / "notiz.md", "Fremdes Material.\n")
    zone.path("x.md")  # the zone exists
    os.symlink(shared.parent, zone.root / "docs")
    with pytest.raises(ZoneError):
        zone.insert("docs/notiz.md", MARIE, NOW)
    assert shared.read_text(encoding="utf-8") == "Fremdes Material.\n"


def test_novelty_zones() -> None:
    """§4b.3: ≥ 0.65 copy without asking; < 0.35 new without asking; between: one question per sentence."""
    asked: list[str] = []

    def judge(sentence: str, nearest: str) -> bool:
        asked.append(sentence)
        return True

    copy = brings_new(KRONE, f"{NAPOLEON} {KRONE}", judge)
    assert not copy.new and copy.asked == 0 and copy.weakest == 1.0
    far = brings_new(MARIE, f"{NAPOLEON} {KRONE}", judge)
    assert far.new and far.asked == 0
    marked = brings_new(f"[i7>] {KRONE}", f"{NAPOLEON} [c2>] {KRONE}", judge)
    assert not marked.new  # anchors do not count: a marked copy is still a copy
    mixed = brings_new(f"{KRONE} {MARIE}", KRONE, judge)
    assert mixed.new  # one known and one new sentence: a real finding
    assert brings_new("Ja.", KRONE, judge).new  # no comparable sentence: new


def test_middle_zone_asks_the_model_once_per_sentence(zone: KnowledgeZone) -> None:
    """§4b.3: a paraphrase in the middle zone costs one model question; the model's „Dublette" rejects it,
    its „Fund" incorporates it, a failed judgement incorporates and is logged."""
    base = "Napoleon wurde 1769 auf Korsika geboren und starb 1821 auf St. Helena."
    near = "Napoleon ist 1769 auf Korsika geboren worden und 1821 auf St. Helena gestorben."
    assert 0.35 <= brings_new(near, base, None).weakest < 0.65
    llm = ScriptedLLM({"knowledge_duplicate": [{"dublette": True, "begruendung": "dieselbe Aussage"}][0]})
    zone.judge = model_judge(Asker(llm))
    zone.insert("n.md", base, NOW)
    result = zone.insert("n.md", near, NOW)
    assert result.status == "steht_schon_da" and len(llm.calls["knowledge_duplicate"]) == 1
    llm.script("knowledge_duplicate", {"dublette": False, "begruendung": "neue Angabe"})
    assert zone.insert("n.md", near, NOW).status == "geschrieben"
    llm.script("knowledge_duplicate", "kein json")
    near2 = "Napoleon kam 1769 auf Korsika zur Welt und ist 1821 auf St. Helena gestorben."
    assert zone.insert("n.md", near2, NOW).status == "geschrieben"


def test_parallel_inserts_lose_nothing_and_identical_twice_writes_once(zone: KnowledgeZone) -> None:
    """Every write path: parallel calls on one text keep every confirmed write; the same paragraph twice is
    written once (the second is `steht_schon_da`)."""
    texts = ["Bei Austerlitz siegte er 1805 über Russen und Österreicher.", "Die Kontinentalsperre begann 1806.",
             "Der Russlandfeldzug von 1812 endete mit dem Rückzug über die Beresina.",
             "In Leipzig verlor er 1813 die Völkerschlacht.", "Auf Elba verbrachte er knapp zehn Monate im Exil.",
             "Waterloo beendete 1815 die Herrschaft der hundert Tage.", "Der Code civil trat 1804 in Kraft.",
             "Josephine de Beauharnais war seine erste Ehefrau."]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda t: zone.insert("schlachten.md", t, NOW), texts))
    assert all(r.status == "geschrieben" for r in results)
    doc = parse(zone.text("schlachten.md"))
    check_invariant(doc)
    assert sorted(r.version for r in results) == list(range(1, 9))
    assert all(any(t in p for p in doc.paragraphs) for t in texts)
    again = zone.insert("schlachten.md", texts[3], NOW)
    assert again.status == "steht_schon_da" and zone.text("schlachten.md").count(texts[3]) == 1


def test_knowledge_zone_lives_under_the_data_directory(tmp_path: Path) -> None:
    from novaberg.files.knowledge.zone import zone_of

    assert zone_of(tmp_path) == tmp_path / "knowledge"




def test_early_gate_opens_on_absence_thinness_and_contradiction(zone: KnowledgeZone) -> None:
    """§3.0d: a gap is absence OR contradiction; only a covering text keeps the file closed; a failed
    judgement opens it."""
    from novaberg.files.knowledge.gate import early_gate

    summary = "Die Gastherme wurde 2019 eingebaut und wird jährlich im Oktober gewartet."
    llm = ScriptedLLM({"knowledge_gap": {"luecke": "widerspruch"}})
    asker = Asker(llm)
    assert early_gate(zone, ["Gastherme"], summary, asker).gap == "abwesenheit"
    zone.insert("gastherme.md", "Die Gastherme ist alt.", NOW)
    assert early_gate(zone, ["Gastherme"], summary, asker).gap == "ergaenzung"  # thin: no model call
    assert llm.calls["knowledge_gap"] == []
    zone.insert("gastherme.md", "Die Gastherme im Keller wurde im Jahr 2015 von einem Fachbetrieb eingebaut und "
                "seither jedes Frühjahr im April gewartet; der Schornsteinfeger misst einmal im Jahr die "
                "Abgaswerte, und die letzte Messung war ohne Befund.", NOW)
    decision = early_gate(zone, ["Gastherme"], summary, asker)
    assert decision.open and decision.gap == "widerspruch" and decision.source == "gastherme.md"
    llm.script("knowledge_gap", {"luecke": "abgedeckt"})
    assert not early_gate(zone, ["Gastherme"], summary, asker).open
    llm.script("knowledge_gap", {"luecke": 3})
    assert early_gate(zone, ["Gastherme"], summary, asker).open  # unreadable judgement: the file opens
