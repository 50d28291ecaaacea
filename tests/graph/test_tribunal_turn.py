"""The tribunal in the real turn: judges → majority → computed checks raise → correction → fallback."""

from __future__ import annotations

import time
from datetime import datetime

from novaberg.directives.repository import DirectivesRepository
from novaberg.llm.scripted import ScriptedLLM
from novaberg.tribunal.texts import FALLBACK_TEXT, FALLBACK_TEXT_SIE, NOT_JUDGED_OFFLINE
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)  # Monday


def _rows(db, node, kind):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = %s AND kind = %s ORDER BY id", (node, kind))]


def _add(db, text, user="u1", character="nova"):
    DirectivesRepository(db).add(user, character, text, datetime.fromisoformat("2026-11-29T10:00:00+00:00"))


def test_sie_directive_du_answer_is_corrected_into_sie_form(db, redis, tmp_path):
    """A directive „Sprich mich mit Sie an“ + a du-form answer → the jurist's offline rule
    votes against it, the computed directive check raises the verdict, the corrector rewrites, the person gets
    the Sie-form (tribunal.md §3.1, §5.3)."""
    _add(db, "Sprich mich bitte mit Sie an")
    du = "Klar, ich erkläre es dir gern: Dein Zug fährt um acht."
    sie = "Gern erkläre ich es Ihnen: Ihr Zug fährt um acht."
    llm = ScriptedLLM({"compose": {"antwort": du}, "correct": {"antwort": sie}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Wann fährt mein Zug?", NOW)
    assert result.answer == sie
    assert result.verdict == "ok"
    assert len(llm.calls["correct"]) == 1
    assert "DIREKTIVE VERLETZT" in llm.calls["correct"][0]["orders"]
    # the broken directive decided the correction round already: the judges are not asked for the first answer,
    # only for the corrected one
    assert _rows(db, "tribunal", "richter")[0]["uebersprungen"] == "gerechnet_entschieden"
    votes = _rows(db, "tribunal", "votum")
    assert len(votes) == 3 and all(v["vote"] == "ok" for v in votes)


def test_paraphrased_corrector_still_in_du_form_goes_out_as_warnung_after_two_rounds(db, redis, tmp_path):
    """tribunal.md §4 "Korrektur-Grenze": a corrector that keeps the du-form → two rounds, then `warnung` sends the
    current answer (the jurist alone is no majority; the computed check raises to `warnung`, never `ablehnen`)."""
    _add(db, "Sieze mich")
    du = "Du hast heute frei."
    llm = ScriptedLLM({"compose": {"antwort": du}, "correct": {"antwort": "Du hast heute wirklich frei."}},
                      fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Hab ich frei?", NOW)
    assert result.verdict == "warnung"
    assert result.answer == "Du hast heute wirklich frei."
    assert len(llm.calls["correct"]) == 2


def test_ablehnen_majority_after_two_rounds_gives_the_fallback_text(db, redis, tmp_path):
    """tribunal.md §4 "Korrektur-Grenze", §5.4: two `ablehnen` votes in every round → after
    two corrections the fixed fallback text, which says honestly that the answer was held back."""
    bad = {"score": 0.95, "reasoning": "Die Antwort setzt den Menschen unter Druck."}
    llm = ScriptedLLM({"compose": {"antwort": "Mach das jetzt sofort."}, "correct": {"antwort": "Mach es jetzt."},
                       "tribunal_psychologe": bad, "tribunal_ethik": {**bad, "reasoning": "Schädlich."}},
                      fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Was soll ich tun?", NOW)
    assert result.verdict == "ablehnen"
    assert result.answer == FALLBACK_TEXT
    assert len(llm.calls["correct"]) == 2
    summary = llm.calls["correct"][0]["orders"]
    assert "[psychologe] Die Antwort setzt den Menschen unter Druck." in summary
    assert "[ethik] Schädlich." in summary and "[jurist]" not in summary and "0.95" not in summary
    votes = _rows(db, "tribunal", "votum")
    assert len(votes) == 9 and {v["score"] for v in votes if v["agent"] != "jurist"} == {0.95}
    assert _rows(db, "tribunal", "zurueckgehalten")


def test_fallback_text_keeps_the_sie_form(db, redis, tmp_path):
    """The fallback text respects a Sie directive (§5)."""
    _add(db, "Sprich mich mit Sie an")
    bad = {"score": 1.0, "reasoning": "Gefährlich."}
    llm = ScriptedLLM({"compose": {"antwort": "Gefährlicher Rat."}, "tribunal_psychologe": bad, "tribunal_ethik": bad},
                      fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Rat?", NOW)
    assert result.answer == FALLBACK_TEXT_SIE


def test_offline_judges_vote_ok_and_say_they_did_not_judge(nova, db):
    """Offline, nothing is scored — `ok` with the honest reasoning, the score null, the log says so."""
    result = nova.turn("u1", "nova", "Hallo", NOW)
    assert result.verdict == "ok"
    votes = _rows(db, "tribunal", "votum")
    assert [v["agent"] for v in votes] == ["jurist", "psychologe", "ethik"]
    assert all(v["vote"] == "ok" and v["score"] is None and v["reasoning"] == NOT_JUDGED_OFFLINE
               and v["status"] == "nicht_beurteilt" for v in votes)
    assert _rows(db, "tribunal", "richter")[0]["nicht_beurteilt"] == ["jurist", "psychologe", "ethik"]


def test_broken_judge_answers_do_not_break_the_turn(db, redis, tmp_path):
    """tribunal.md §8, bad input: no object, nulls, wrong types, NaN, out of range → read checked,
    0.0/`fehler`, loud in the log; the turn still answers."""
    llm = ScriptedLLM({"compose": {"antwort": "Alles gut."}, "tribunal_jurist": "kein json",
                       "tribunal_psychologe": '{"score": NaN, "reasoning": "x"}',
                       "tribunal_ethik": {"score": 0.2, "reasoning": None}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Wie geht's?", NOW)
    assert result.answer == "Alles gut." and result.verdict == "ok"
    votes = {v["agent"]: v for v in _rows(db, "tribunal", "votum")}
    assert votes["jurist"]["vote"] == "fehler" and votes["jurist"]["score"] == 0.0
    assert votes["psychologe"]["vote"] == "fehler" and votes["psychologe"]["probleme"]
    # null reasoning beside an ok score: no crash, and no problem — an ok vote needs no reasoning (only non-ok ones
    # reach the corrector, §5.5; the output format asks for an empty one)
    assert votes["ethik"]["vote"] == "ok" and not votes["ethik"]["probleme"]


def test_a_hanging_judge_is_its_own_fehler_vote_within_its_time_out(db, redis, tmp_path):
    """One judge hanging past its time-out is its own 0.0/`fehler` vote; the turn does not wait on it."""
    def hang(data):
        time.sleep(3.0)
        return {"score": 1.0, "reasoning": "zu spät"}

    llm = ScriptedLLM({"compose": {"antwort": "Gern."}, "tribunal_ethik": hang}, fallback=make_offline_llm(), timeout=0.2)
    started = time.perf_counter()
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Danke", NOW)
    assert time.perf_counter() - started < 2.8
    assert result.verdict == "ok" and result.answer == "Gern."
    ethik = next(v for v in _rows(db, "tribunal", "votum") if v["agent"] == "ethik")
    assert ethik["vote"] == "fehler" and ethik["score"] == 0.0 and "within" in ethik["probleme"][0]


def test_computed_checks_raise_but_never_lower_the_judges_verdict(db, redis, tmp_path):
    """tribunal.md "Die Datumsprüfung": a finding raises to `warnung`, never lowers `ablehnen`. Before the last round
    the finding decides the correction alone (the judges are not asked); in the last round they are."""
    bad = {"score": 0.95, "reasoning": "Nein."}
    answer = "Dein Termin ist am Montag, 1.12.2026."  # the 1.12.2026 is a Tuesday
    llm = ScriptedLLM({"compose": {"antwort": answer}, "correct": {"antwort": answer}, "tribunal_psychologe": bad,
                       "tribunal_ethik": bad}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Dezember?", NOW)
    assert result.verdict == "ablehnen"
    verdicts = _rows(db, "tribunal", "urteil")
    assert verdicts[-1]["gerechnet"] == "warnung" and verdicts[-1]["urteil"] == "ablehnen"
    assert [r.get("uebersprungen") for r in _rows(db, "tribunal", "richter")][:2] == ["gerechnet_entschieden"] * 2
    summary = llm.calls["correct"][0]["orders"]  # §5.5 + "Die Datumsprüfung": the computed order on top
    assert summary.startswith("ZEITANGABE FALSCH")


def test_only_the_jurist_sees_the_pairs_directives_in_the_turn(db, redis, tmp_path):
    """tribunal.md §3.1/§4.2: the jurist's [DIREKTIVEN] block lists the pair's directives; the others see none;
    another pair's directives are not listed."""
    _add(db, "Erwähne nie meine Ex")
    _add(db, "Keine Emojis", user="u2")
    ok = {"score": 0.0, "direktiven_score": 0.0, "reasoning": "unauffällig"}
    llm = ScriptedLLM({"compose": {"antwort": "Schönen Abend!"}, "tribunal_jurist": ok,
                       "tribunal_psychologe": ok, "tribunal_ethik": ok}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Gute Nacht", NOW)
    assert result.verdict == "ok"
    jurist = llm.prompts["tribunal_jurist"][0].user
    assert "[DIREKTIVEN]" in jurist and "Erwähne nie meine Ex" in jurist and "Keine Emojis" not in jurist
    assert "direktiven_score" in jurist
    for other in ("tribunal_psychologe", "tribunal_ethik"):
        assert "[DIREKTIVEN]" not in llm.prompts[other][0].user and "Erwähne" not in llm.prompts[other][0].user


def test_without_directives_the_directives_score_is_not_asked(db, redis, tmp_path):
    """With no directives the jurist gets no [DIREKTIVEN] block and no direktiven_score."""
    ok = {"score": 0.1, "reasoning": "unauffällig"}
    llm = ScriptedLLM({"compose": {"antwort": "Hallo!"}, "tribunal_jurist": ok, "tribunal_psychologe": ok,
                       "tribunal_ethik": ok}, fallback=make_offline_llm())
    make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Hallo", NOW)
    jurist = llm.prompts["tribunal_jurist"][0].user
    assert "[DIREKTIVEN]" not in jurist and "direktiven_score" not in jurist
    assert _rows(db, "tribunal", "fehler") == []  # a missing direktiven_score is not an error when not asked


def test_a_model_that_is_down_is_not_asked_three_more_times(db, redis, tmp_path):
    """When the turn already says its model failed, the judges are skipped (and the log says so)."""
    llm = ScriptedLLM({})  # every task fails: router, compose, judges
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Hallo", NOW)
    assert "Sprachmodell nicht" in result.answer and result.verdict == "ok"
    assert not any(task.startswith("tribunal_") for task in llm.calls)
    assert _rows(db, "tribunal", "richter")[0]["uebersprungen"] == "modell_nicht_erreichbar"


def test_broken_judges_are_countable_error_rows(db, redis, tmp_path):
    """tribunal.md §8: every broken judge answer is one `fehler` row of node `tribunal` — loud and countable."""
    llm = ScriptedLLM({"compose": {"antwort": "Gut."}, "tribunal_jurist": [1, 2],
                       "tribunal_psychologe": {"score": 7, "reasoning": "x"}}, fallback=make_offline_llm())
    make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Na?", NOW)
    errors = _rows(db, "tribunal", "fehler")
    assert sorted(e["richter"] for e in errors) == ["jurist", "psychologe"]


def test_offline_corrector_rewrites_into_the_sie_form(db, redis, tmp_path):
    """Wholly offline: jurist rule → computed directive check → the offline corrector
    rewrites the du-forms it knows → the person gets the Sie-form, `ok` after one round."""
    _add(db, "Bitte siezen Sie mich")
    llm = ScriptedLLM({"compose": {"antwort": "Du hast morgen frei, ich wünsche dir einen schönen Tag."}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Hab ich morgen frei?", NOW)
    assert result.answer == "Sie haben morgen frei, ich wünsche Ihnen einen schönen Tag."
    assert result.verdict == "ok" and len(llm.calls["correct"]) == 1
