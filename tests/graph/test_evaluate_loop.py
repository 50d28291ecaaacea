"""The computed checks in the turn and the bounded correction loop (tribunal.md §4 "Korrektur-Grenze",
"Der Korrektursatz", "Der dauerhafte Eintrag")."""

from __future__ import annotations

from novaberg.llm.scripted import ScriptedLLM
from novaberg.tribunal.texts import CORRECTION_NOTE
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)  # Monday


def _entries(db, kind):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = 'evaluate' AND kind = %s ORDER BY id", (kind,))]


def test_unproven_storage_claim_survives_two_rounds_and_gets_the_correction_sentence(db, redis, tmp_path):
    """Uncovered claim → warnung; after MAX_CORRECTIONS rounds the sentence is appended once, an error line."""
    claim = "Ich habe dir den Zahnarzt für morgen eingetragen."
    llm = ScriptedLLM({"compose": {"antwort": claim}, "correct": {"antwort": claim}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", "Erzähl mir was", NOW)
    assert result.verdict == "warnung"
    assert result.answer == f"{claim} {CORRECTION_NOTE}"
    assert any("SPEICHERUNG NICHT BELEGT" in reason for reason in result.reasons)  # shown
    assert result.as_dict()["reasons"] == result.reasons
    assert len(llm.calls["correct"]) == 2
    entries = _entries(db, "berechnung")
    assert [e["ergebnis"] for e in entries] == ["nicht_belegt"] * 3
    assert all("Zahnarzt" not in str(e) for e in entries)  # the sentence itself stays in the raw turn
    assert "nicht beseitigt" in _entries(db, "fehler")[0]["fehler"]


def test_wrong_weekday_is_corrected_offline_in_one_round(db, redis, tmp_path):
    """ZEITANGABE FALSCH: the 1.12.2026 is a Tuesday; the corrector writes the right weekday."""
    llm = ScriptedLLM({"compose": {"antwort": "Dein Termin ist am Montag, 1.12.2026."}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", "Erzähl mir von Dezember", NOW)  # no service runs
    assert result.answer == "Dein Termin ist am Dienstag, 1.12.2026."
    assert result.verdict == "ok"
    assert len(llm.calls["correct"]) == 1


def test_clean_answer_is_one_silent_entry(nova, db):
    result = nova.turn("u1", "nova", "Hallo", NOW)
    assert result.verdict == "ok"
    assert [e["ergebnis"] for e in _entries(db, "berechnung")] == ["keine_behauptung"]


def test_broken_corrector_keeps_the_answer_and_the_loop_ends(db, redis, tmp_path):
    claim = "Ist notiert."
    llm = ScriptedLLM({"compose": {"antwort": claim}, "correct": "kein json"}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Hm", NOW)
    assert result.answer.startswith(claim) and CORRECTION_NOTE in result.answer
    assert len(llm.calls["correct"]) == 2

