"""Where the computed path already decided, no model is asked: a verified write's report is said by rule and not judged,
small talk the templates answer wholly gets no salience call, a computed finding before the last round skips the
judges. And two turns of one person at once keep their fallbacks apart in the trace."""

from __future__ import annotations

import threading

from novaberg.api import catalog
from novaberg.llm.registry import make_llm
from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.salience import certain_by_rule
from novaberg.timeline.repository import TimelineRepository
from tests.llm.fake_server import fake_server
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)  # Monday
CREATE = "Bitte morgen um 10 den Zahnarzt eintragen"  # read by the classification (no template vouches)


def _trace(db, turn_id, node, kind):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE turn_id = %s AND node = %s AND kind = %s ORDER BY id",
            (turn_id, node, kind))]


def test_a_verified_writes_report_is_said_by_rule_and_not_judged(db, redis, tmp_path):
    llm = ScriptedLLM({"compose": {"antwort": "Ich habe dir den Zahnarzt eingetragen, viel Erfolg!"}},
                      fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("anna", "nova", CREATE, NOW)
    assert result.answer.startswith("Eingetragen: „Zahnarzt“")
    assert "compose" not in llm.calls and not any(task.startswith("tribunal_") for task in llm.calls)
    assert _trace(db, result.turn_id, "compose", "antwort")[0]["aus_regel"] is True
    assert _trace(db, result.turn_id, "tribunal", "richter")[0]["uebersprungen"] == "antwort_aus_regel"
    computed = _trace(db, result.turn_id, "evaluate", "berechnung")  # the computed checks still read it
    assert [c["ergebnis"] for c in computed] == ["keine_behauptung"]


def test_a_read_still_asks_the_composer_and_its_judges(db, redis, tmp_path):
    llm = ScriptedLLM({"compose": {"antwort": "Morgen um 10 hast du den Zahnarzt."}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("anna", "nova", CREATE, NOW)
    result = nova.turn("anna", "nova", "Was steht morgen an?", NOW)
    assert result.answer == "Morgen um 10 hast du den Zahnarzt."
    assert len(llm.calls["compose"]) == 1 and len(llm.calls["tribunal_ethik"]) == 1


def test_small_talk_the_templates_answer_wholly_is_rated_by_rule_and_news_beside_a_greeting_is_not():
    assert certain_by_rule("Wie geht es dir denn heute so?") is not None
    assert certain_by_rule("Danke!") is not None
    assert certain_by_rule("Hallo, Lena hat geheiratet") is None
    assert certain_by_rule("Meine Schwester heißt Lena") is None


def test_small_talk_asks_no_salience_model(db, redis, tmp_path):
    llm = ScriptedLLM({"compose": {"antwort": "Mir geht es gut, danke! Und dir?"}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("anna", "nova", "Wie geht es dir?", NOW)
    assert "salience" not in llm.calls
    nova.turn("anna", "nova", "Hallo, Lena hat geheiratet", NOW)
    assert len(llm.calls["salience"]) == 1


def test_a_computed_finding_before_the_last_round_skips_the_judges_and_the_corrected_answer_is_judged(db, redis,
                                                                                                      tmp_path):
    claim = "Ich habe den Friseur für morgen eingetragen."
    llm = ScriptedLLM({"compose": {"antwort": claim}, "correct": {"antwort": "Viel Spaß morgen beim Friseur!"}},
                      fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("anna", "nova", "Ich gehe morgen zum Friseur", NOW)
    judged = _trace(db, result.turn_id, "tribunal", "richter")
    assert judged[0]["uebersprungen"] == "gerechnet_entschieden" and "uebersprungen" not in judged[1]
    assert len(llm.calls["tribunal_psychologe"]) == 1  # the corrected answer only
    assert result.answer == "Viel Spaß morgen beim Friseur!" and result.verdict == "ok"


def test_parallel_turns_of_one_person_keep_their_fallbacks_in_their_own_trace(db, redis, tmp_path):
    prose = {"choices": [{"message": {"content": "Sure, done!"}}], "usage": {}}
    with fake_server({"/v1/chat/completions": (200, prose)}) as (url, _):
        llm = make_llm("openai:kaputt-8b", f"{url}/v1", 5, rules=catalog.offline_rules(),
                       temperatures=catalog.temperatures())
        nova = make_nova(db, redis, llm, tmp_path)
        results = {}

        def turn(text):
            results[text] = nova.turn("anna", "nova", text, NOW)

        texts = (CREATE, "Bitte übermorgen um 15 Uhr den Friseur eintragen")
        threads = [threading.Thread(target=turn, args=(text,)) for text in texts]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    for text in texts:
        fallbacks = _trace(db, results[text].turn_id, "modell", "rueckfall")
        assert [f["aufgabe"] for f in fallbacks] == ["timeline_classify"], (text, fallbacks)
    rows = sorted((r["title"], r["event_time"]) for r in TimelineRepository(db).list("anna", "nova"))
    assert rows == [("Friseur", berlin(2026, 12, 2, 15)), ("Zahnarzt", berlin(2026, 12, 1, 10))]
