"""dateien.md §3.0c („Weißt du was über X" is one request over every store, each labelled) and §3.0d (the
early gate: a shared file is opened only when her own knowledge text shows a gap — absence, thinness or
contradiction), through `Nova.turn` on real directory trees and the embedded stack."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from novaberg.files.knowledge.pairs import pair_zone
from novaberg.files.knowledge.zone import KnowledgeZone
from tests.files.helpers import allow, scripted_nova, write
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)
HEATING = "# Heizung\n\nDie Gastherme wurde im Oktober von der Firma Kaltenbach gewartet.\n"
# her own text on the topic: long enough not to be thin (§3.0d „Text vorhanden, aber dünn")
KNOWN = ("Die Gastherme im Haus wird jedes Jahr im Oktober gewartet, zuletzt von der Firma Kaltenbach aus dem Ort. "
         "Die Wartung umfasst Brenner, Abgaswerte und Druck; die Heizung läuft danach wieder ruhig und sparsam. "
         "Eine Gastherme dieser Bauart hält bei guter Pflege etwa zwanzig Jahre.")


@pytest.fixture
def home(home: Path, db: Any) -> Path:
    boundary = home / "home"
    write(boundary / "docs" / "haus" / "heizung.md", HEATING)
    write(boundary / "docs" / "rezepte.txt", "Linsensuppe mit Möhren und etwas Essig.\n")
    allow(db, boundary, "u1")  # the operator allowed it for u1 only
    return boundary


_nova = scripted_nova


def _share(nova: Any, home: Path, user: str = "u1") -> None:
    nova.turn(user, "nova", f"Du darfst in {home / 'docs'} nachsehen", NOW)
    nova.turn(user, "nova", "Das ist meins", NOW)
    done = nova.turn(user, "nova", "Ja", NOW)
    assert any(s["name"] == "dateien_wurzeln" and s["status"] == "abgeschlossen" for s in done.services), done.answer


def _service(turn: Any) -> dict[str, Any]:
    return next(s for s in turn.services if s["name"] == "dateien")


def _step(service: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((s for s in service["steps"] if s.get("schritt") == name), None)


def _know(tmp_path: Path, text: str = KNOWN) -> None:
    KnowledgeZone(pair_zone(tmp_path, "u1", "nova")).insert("gastherme.md", text, NOW)  # the asking pair's own


def test_memory_and_own_knowledge_are_stores_with_their_labels(db: Any, redis: Any, tmp_path: Path,
                                                               home: Path) -> None:
    """§3.0c: the question is asked of notes, calendar, memory (what she was told), her knowledge/ and the
    files — every part says where it comes from."""
    nova, _ = _nova(db, redis, tmp_path)
    _share(nova, home)
    _know(tmp_path)
    nova.turn("u1", "nova", "Meine Gastherme hat mein Vater 2009 eingebaut.", NOW)
    nova.pixie.tick(NOW + timedelta(minutes=10))
    answer = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW + timedelta(days=7)).answer
    assert "Aus dem, was du mir erzählt hast:" in answer and "2009" in answer, answer
    assert "In meinem eigenen Wissen:" in answer and "knowledge/gastherme.md" in answer, answer
    assert "docs/haus/heizung.md" in answer and str(home) not in answer, answer


def test_without_shared_roots_the_other_stores_still_answer(db: Any, redis: Any, tmp_path: Path) -> None:
    """§3.0c: the request is not limited to the files — no shared directory is no reason to say nothing."""
    nova, _ = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Meine Gastherme hat mein Vater 2009 eingebaut.", NOW)
    answer = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW + timedelta(hours=1)).answer
    assert "Aus dem, was du mir erzählt hast:" in answer and "2009" in answer, answer
    assert "Verzeichnis" not in answer.split("2009")[0]  # not the „share a directory first" refusal


def test_nothing_anywhere_says_what_was_asked(db: Any, redis: Any, tmp_path: Path) -> None:
    nova, _ = _nova(db, redis, tmp_path)
    turn = nova.turn("u1", "nova", "Weißt du was über Quasare?", NOW)
    assert "Quasare" in turn.answer and "nichts" in turn.answer, turn.answer


def test_memory_of_another_pair_is_never_in_the_overview(db: Any, redis: Any, tmp_path: Path) -> None:
    nova, _ = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Meine Gastherme hat mein Vater 2009 eingebaut.", NOW)
    nova.pixie.tick(NOW + timedelta(minutes=10))
    for user, character in (("u2", "nova"), ("u1", "andere")):
        answer = nova.turn(user, character, "Weißt du was über die Gastherme?", NOW + timedelta(days=1)).answer
        assert "2009" not in answer, (user, character, answer)


def test_gate_absence_opens_the_file(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0d: no text of hers on the topic is a gap (Abwesenheit) — the file is opened and cited by line."""
    nova, llm = _nova(db, redis, tmp_path)
    _share(nova, home)
    turn = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW)
    gate = _step(_service(turn), "fruehes_tor")
    assert gate is not None and gate["luecke"] == "abwesenheit" and gate["geoeffnet"] is True
    assert "Zeile 3" in turn.answer and "Kaltenbach" in turn.answer, turn.answer
    assert not llm.calls["knowledge_gap"]  # absence needs no model question


def test_gate_thin_text_opens_the_file(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0d: a text that exists but is thin is a gap (Ergänzung)."""
    nova, _ = _nova(db, redis, tmp_path)
    _share(nova, home)
    _know(tmp_path, "Die Gastherme ist im Keller.")
    gate = _step(_service(nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW)), "fruehes_tor")
    assert gate is not None and gate["luecke"] == "ergaenzung" and gate["geoeffnet"] is True


def test_gate_covered_keeps_the_file_closed(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0d: her text covers the index's summary — one model question, no file access, the location is
    still named from the index (she says where it is, and that she did not open it)."""
    nova, llm = _nova(db, redis, tmp_path, {"knowledge_gap": {"luecke": "abgedeckt"}})
    _share(nova, home)
    _know(tmp_path)
    turn = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW)
    service = _service(turn)
    gate = _step(service, "fruehes_tor")
    assert gate is not None and gate["luecke"] == "abgedeckt" and gate["geoeffnet"] is False
    assert _step(service, "zugriffe")["anzahl"] == 0 and _step(service, "nadel") is None
    assert len(llm.calls["knowledge_gap"]) == 1 and "Kaltenbach" in llm.calls["knowledge_gap"][0]["wissen"]
    assert "docs/haus/heizung.md" in turn.answer and "nicht geöffnet" in turn.answer


def test_gate_contradiction_opens_the_file(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0d: a text that contradicts the summary is the most important gap — the file that would correct
    her is opened (a model wording of the verdict, not the offline rule's)."""
    nova, _ = _nova(db, redis, tmp_path, {"knowledge_gap": {"luecke": "widerspruch", "grund": "anderes Jahr"}})
    _share(nova, home)
    _know(tmp_path)
    turn = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW)
    gate = _step(_service(turn), "fruehes_tor")
    assert gate is not None and gate["luecke"] == "widerspruch" and gate["geoeffnet"] is True
    assert "Zeile 3" in turn.answer, turn.answer


@pytest.mark.parametrize("broken", ["kein json", {"luecke": "vielleicht"}, {"luecke": 3}])
def test_a_failed_judgement_opens_the_file(db: Any, redis: Any, tmp_path: Path, home: Path, broken: Any) -> None:
    """§3.0d asymmetry: an unreadable verdict opens the file — a wrongly closed gate costs the correction."""
    nova, _ = _nova(db, redis, tmp_path, {"knowledge_gap": broken})
    _share(nova, home)
    _know(tmp_path)
    turn = nova.turn("u1", "nova", "Weißt du was über die Gastherme?", NOW)
    gate = _step(_service(turn), "fruehes_tor")
    assert gate is not None and gate["geoeffnet"] is True
    assert "Zeile 3" in turn.answer, turn.answer


def test_an_explicit_records_question_always_opens(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0d gates her own wish to read; „Was steht in meinen Unterlagen" asks for the file itself."""
    nova, llm = _nova(db, redis, tmp_path, {"knowledge_gap": {"luecke": "abgedeckt"}})
    _share(nova, home)
    _know(tmp_path)
    turn = nova.turn("u1", "nova", "Was steht in meinen Unterlagen über die Gastherme?", NOW)
    assert _step(_service(turn), "fruehes_tor") is None and not llm.calls["knowledge_gap"]
    assert "Zeile 3" in turn.answer, turn.answer


def test_a_huge_question_is_answered_with_what_was_searched(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """Bad input: a question of 10,000 characters — no error, no block, and the answer names the
    searched term cut to a readable length (it was capped to „Zu …“)."""
    nova, _ = _nova(db, redis, tmp_path)
    _share(nova, home)
    turn = nova.turn("u1", "nova", "Weißt du was über " + "x" * 10_000, NOW)
    assert "x" * 40 + "…" in turn.answer and "x" * 41 not in turn.answer, turn.answer[:200]
    assert len(turn.answer) < 600


@pytest.mark.parametrize("question", [
    "Was weißt du über den WLAN-Code?", "Wie war nochmal der WLAN-Code?", "Erinnerst du dich an den WLAN-Code?",
    "Weißt du noch, wie der WLAN-Code war?", "Was war gleich der WLAN-Code?",
])
def test_asking_her_to_remember_in_other_words_is_the_overview(db, redis, tmp_path, question):
    """§3.0c in other words: a recall question (*Wie war nochmal …*, *Erinnerst du dich an …*) asks every store
    like „Weißt du was über X" — the note said in one sentence is shown once, not as name and text."""
    nova, _ = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Merk dir: der WLAN-Code ist 4711-abc.", NOW)
    turn = nova.turn("u1", "nova", question, NOW)
    assert _service(turn)["status"] == "abgeschlossen", turn.answer
    assert "- der WLAN-Code ist 4711-abc" in turn.answer and turn.answer.count("4711-abc") == 1, turn.answer


@pytest.mark.parametrize("question", ["Wie heißt du?", "Wie war dein Tag?", "Was weißt du?", "Wie ist das Wetter?",
                                      "Was weißt du über mich?", "Weißt du was über uns?"])
def test_twin_questions_to_her_are_no_recall(question):
    from novaberg.files.reading.service import route_hint

    assert route_hint(question) == 0.0
