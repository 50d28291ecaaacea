"""A judge that timed out is no vote (tribunal.md §5.4 read with time-outs): the majority is taken among the judges
that answered; with none left, the computed checks decide alone. And the [LAGEBILD] carries intent and tone (§4.1)."""

from __future__ import annotations

import time

import pytest

from novaberg.graph.lagebild import expected_tone, request_intent
from novaberg.llm.scripted import ScriptedLLM
from novaberg.tribunal.judges import TIMED_OUT_PROBLEM, verdict_of
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)  # Monday


def _vote(word: str, timed_out: bool = False) -> dict:
    problems = [f"{TIMED_OUT_PROBLEM} 1 s after it was sent"] if timed_out else []
    return {"agent": "x", "vote": "fehler" if timed_out else word, "status": "fehler" if timed_out else "beurteilt",
            "probleme": problems}


@pytest.mark.parametrize(("votes", "verdict"), [
    ((_vote("ablehnen"), _vote("", True), _vote("ok")), "warnung"),
    ((_vote("ablehnen"), _vote("", True), _vote("", True)), "warnung"),
    ((_vote("ablehnen"), _vote("ablehnen"), _vote("", True)), "ablehnen"),
    ((_vote("ok"), _vote("", True), _vote("ok")), "ok"),
    ((_vote("", True), _vote("", True), _vote("", True)), "ok"),
    ((_vote("ablehnen"), _vote("ok"), _vote("ok")), "ok"),  # no time-out: the majority of three as before
])
def test_a_timed_out_judge_is_no_vote(votes, verdict):
    assert verdict_of(list(votes)) == verdict


def test_an_unreadable_answer_still_counts_as_ok_not_as_no_vote():
    unreadable = {"agent": "x", "vote": "fehler", "status": "fehler", "probleme": ["model answer is not JSON"]}
    assert verdict_of([_vote("ablehnen"), unreadable, _vote("ok")]) == "ok"


def _hang(data):
    time.sleep(1.5)
    return {"score": 0.0, "reasoning": ""}


def _rows(db, node, kind):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = %s AND kind = %s ORDER BY id", (node, kind))]


def test_one_ablehnen_beside_a_timed_out_judge_sends_the_answer_into_a_correction_round(db, redis, tmp_path):
    rude = "Das ist doch egal, hör auf zu jammern."
    kind = "Das tut mir leid. Magst du erzählen, was los ist?"
    llm = ScriptedLLM({"compose": {"antwort": rude}, "correct": {"antwort": kind},
                       "tribunal_psychologe": [{"score": 0.95, "reasoning": "Die Antwort kränkt."}][0],
                       "tribunal_ethik": _hang, "tribunal_jurist": {"score": 0.0, "reasoning": ""}},
                      fallback=make_offline_llm(), timeout=0.2)
    llm.script("tribunal_psychologe", {"score": 0.95, "reasoning": "Die Antwort kränkt."},
               {"score": 0.0, "reasoning": ""})
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Mir geht es heute schlecht", NOW)
    assert len(llm.calls["correct"]) == 1  # the correction round ran
    assert result.answer == kind
    first = _rows(db, "tribunal", "urteil")[0]
    assert first["mehrheit"] == "warnung" and first["ohne_urteil"] == ["ethik"]


def test_all_judges_timed_out_leave_the_verdict_to_the_computed_checks(db, redis, tmp_path):
    claim = "Ich habe den Friseur für morgen eingetragen."  # a claimed write no service made
    llm = ScriptedLLM({"compose": {"antwort": claim}, "correct": {"antwort": claim},  # a corrector that keeps it
                       "tribunal_jurist": _hang, "tribunal_psychologe": _hang, "tribunal_ethik": _hang},
                      fallback=make_offline_llm(), timeout=0.2)
    result = make_nova(db, redis, llm, tmp_path).turn("u2", "nova", "Ich gehe morgen zum Friseur", NOW)
    last = _rows(db, "tribunal", "urteil")[-1]  # the last round: the only one the judges are asked in
    assert last["letzte_runde"] and len(last["ohne_urteil"]) == 3
    assert last["mehrheit"] == "ok" and last["gerechnet"] == "warnung" and last["urteil"] == "warnung"
    assert result.verdict == "warnung" and result.answer != claim  # the correction sentence is appended


def test_the_lagebild_carries_the_requests_intent_and_expected_tone(db, redis, tmp_path):
    llm = ScriptedLLM({"compose": {"antwort": "Das tut mir leid."}}, fallback=make_offline_llm())
    make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Mir geht es heute nicht gut", NOW)
    prompt = llm.prompts["tribunal_psychologe"][0].user
    lagebild = prompt.split("[LAGEBILD]")[1].split("[BEWERTUNGSOBJEKT]")[0]
    assert "Absicht der Anfrage: eine Mitteilung über sich oder ihr Leben" in lagebild
    assert "Erwarteter Ton: ernst und fürsorglich, ohne Floskeln; Anrede: du" in lagebild  # read as distress


def test_an_order_to_a_service_is_its_intent_and_wants_a_matter_of_fact_tone():
    services = [{"name": "timeline", "status": "abgeschlossen", "answer": "Eingetragen."}]
    assert request_intent("Trag mir morgen um 10 den Zahnarzt ein", services) == "Auftrag an die Termine (ausgeführt)"
    assert expected_tone("Trag mir morgen um 10 den Zahnarzt ein", services, "Sie").startswith("sachlich")
    assert expected_tone("Trag mir morgen um 10 den Zahnarzt ein", services, "Sie").endswith("Anrede: Sie")
    assert request_intent("Wie geht es dir?", []) == "Smalltalk"


def test_the_judges_in_one_request_read_each_perspectives_verdict_as_its_own_answer():
    """The measured alternative to three requests (bench.tribunal.one_request): one prompt, one verdict each; a
    perspective whose part is missing is that judge's unreadable vote, the others stand."""
    from novaberg.llm.ask import Asker
    from novaberg.llm.prompts import PromptLoader
    from novaberg.tribunal.judge_runs import run_judges_in_one_request
    from novaberg.tribunal.judges import judge_input

    llm = ScriptedLLM({"tribunal": {"jurist": {"score": 0.0}, "psychologe": {"score": 0.95, "reasoning": "Kränkend."}}})
    votes = run_judges_in_one_request(Asker(llm, PromptLoader()), judge_input("Hallo", "Hau ab."))
    assert [(v.agent, v.vote, v.status) for v in votes] == [
        ("jurist", "ok", "beurteilt"), ("psychologe", "ablehnen", "beurteilt"), ("ethik", "fehler", "fehler")]
    assert len(llm.calls["tribunal"]) == 1 and "### psychologe" in llm.prompts["tribunal"][0].user
