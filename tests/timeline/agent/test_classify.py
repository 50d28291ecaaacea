"""Classification (timeline.md §3, §3a, §7.2, §7.3; end of the file: [OBJEKT], [ZUSTIMMUNG])."""

from __future__ import annotations

import pytest

from novaberg.llm.prompts import PromptLoader
from novaberg.timeline.agent import const
from novaberg.timeline.agent.classify import carry_resolved_date, classification_data
from tests.support import berlin
from tests.timeline.agent.conftest import NOW, steps_of
from tests.timeline.conftest import FIGURE, USER

STATEMENTS = [
    "Morgen um 10 habe ich Zahnarzt",
    "Am Donnerstag habe ich Zahnarzt",
    "Morgen muss ich Getränke kaufen",
    "Nächste Woche fahre ich nach Berlin",
    "Um 15 Uhr ist das Meeting",
]


@pytest.mark.parametrize("text", STATEMENTS)
def test_section3a_a_statement_writes_nothing(agent, repo, text):
    """§3a: only an explicit request writes — a statement with day and time is `rejected`."""
    result = agent.run(text)
    assert result.status == "rejected"
    assert "nichts eingetragen" in result.answer
    assert repo.count(USER, FIGURE, active_only=False) == 0
    assert steps_of(result, const.NODE_EXECUTE) == [] and steps_of(result, const.NODE_SEARCH) == []


def test_section3a_the_twin_an_explicit_request_writes(agent, repo):
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "abgeschlossen"
    assert [r["title"] for r in repo.list(USER, FIGURE)] == ["Zahnarzt"]


def test_section3_time_expression_is_kept_literal(agent):
    result = agent.run("Trag mir am Donnerstag um 14 Uhr den Zahnarzt ein")
    step = steps_of(result, const.NODE_CLASSIFY)[0]
    assert step["zeitausdruck"] == "am Donnerstag um 14 Uhr" and step["ziel"] == "Zahnarzt"


# --- checked reading (§3 "Die Antwort wird geprüft gelesen") ----------------------------------------

def test_section3_null_fields_are_missing_and_give_the_defaults(scripted, repo):
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10",
                       "event_type": None, "normalisiert": None})
    result = runner.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "abgeschlossen"
    assert repo.list(USER, FIGURE)[0]["event_type"] == "termin"


@pytest.mark.parametrize("answer", ["kein json", None, ["create"], "```json\n[1]\n```"])
def test_section3_an_answer_that_is_no_object_is_a_loud_failure(scripted, repo, answer):
    result = scripted(answer).run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler"
    assert steps_of(result, const.NODE_CLASSIFY)[0]["ausgang"] == "kein_objekt"
    assert "nichts eingetragen" in result.answer
    assert repo.count(USER, FIGURE, active_only=False) == 0


@pytest.mark.parametrize("field,value", [("target", 5), ("zeitausdruck", ["morgen"]), ("event_type", {"x": 1}),
                                         ("action", 3)])
def test_section3_a_wrong_field_type_is_a_loud_failure(scripted, repo, field, value):
    answer = {"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10", "event_type": "termin",
              field: value}
    result = scripted(answer).run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler"
    assert steps_of(result, const.NODE_CLASSIFY)[0]["ausgang"] == "feld_falscher_typ"
    assert repo.count(USER, FIGURE, active_only=False) == 0


@pytest.mark.parametrize("kind", ["urlaub", "erinnerungs_anker", "ereignis"])
def test_section8_an_unknown_or_unassignable_type_from_the_model_writes_nothing(scripted, repo, kind):
    answer = {"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10", "event_type": kind}
    result = scripted(answer).run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler" and "nichts eingetragen" in result.answer
    assert steps_of(result, const.NODE_CLASSIFY)[0]["ausgang"] == "unbekannter_typ"
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_section3_an_unknown_action_is_loud_not_a_silent_read(scripted, repo):
    result = scripted({"action": "archive", "target": "Zahnarzt"}).run("Archivier den Zahnarzt")
    assert result.status == "fehler" and steps_of(result, const.NODE_CLASSIFY)[0]["ausgang"] == "unbekannte_aktion"


def test_section3_rejected_without_reason_gets_the_default_reason(scripted):
    result = scripted({"action": "rejected", "grund": None}).run("Morgen habe ich Zahnarzt")
    assert result.status == "rejected"
    assert steps_of(result, const.NODE_CLASSIFY)[0]["grund"] == "kein Grund angegeben"


def test_model_down_is_a_failure_with_nothing_written(scripted, repo):
    from novaberg.core.errors import ModelUnreachableError

    def down(_data):
        raise ModelUnreachableError("timeout")

    result = scripted(down).run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler" and "nichts eingetragen" in result.answer
    assert repo.count(USER, FIGURE, active_only=False) == 0


# --- hints and confidence (§7.2, §7.3) ----------------------------------------------------------------

def _classification_logs(db):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE kind = 'klassifikation' ORDER BY id")]


def test_section7_2_hints_and_confidence_are_computed_and_logged(agent, scripted, db):
    agent.run("Verschieb den Zahnarzt auf Freitag")
    scripted({"action": "delete", "target": "Zahnarzt"}).run("Verschieb den Zahnarzt auf Freitag")
    scripted({"action": "read"}).run("Hallo du")
    logs = _classification_logs(db)
    assert logs[0]["hints"] == ["reschedule"] and logs[0]["konfidenz"] == "hoch"
    assert logs[1]["konfidenz"] == "konflikt"
    assert logs[2]["hints"] == [] and logs[2]["konfidenz"] == "niedrig"


def test_section7_3_a_conflict_asks_and_never_writes(scripted, repo):
    """§7.3: hint *delete* against a model that says *create* is `konflikt` → a question,
    nothing written (TIMELINE-KONFIDENZ-OHNE-LESER closed)."""
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10"})
    result = runner.run("Lösch morgen um 10 den Zahnarzt")
    assert steps_of(result, const.NODE_CLASSIFY)[0]["konfidenz"] == "konflikt"
    assert result.status == "rueckfrage" and "„Zahnarzt“" in result.answer
    assert result.pending["kind"] == const.PENDING_CONFIRM
    assert repo.list(USER, FIGURE) == []


def test_section7_3_hint_and_model_agree_goes_on_without_a_question(scripted, repo):
    """The twin: a paraphrasing model that agrees with the hint (*create*) writes without asking."""
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10",
                       "normalisiert": "Anlegen: Zahnarzt, morgen 10 Uhr"})
    result = runner.run("Kannst du mir morgen um 10 den Zahnarzt eintragen?")
    assert steps_of(result, const.NODE_CLASSIFY)[0]["konfidenz"] == "hoch"
    assert result.status == "abgeschlossen" and len(repo.list(USER, FIGURE)) == 1


def test_section7_2_hints_reach_the_prompt(scripted):
    runner = scripted({"action": "rejected"})
    runner.run("Lösch den Zahnarzt")
    prompt = runner.llm.prompts["timeline_classify"][0]
    assert "[ERKENNUNGSHILFE]" in prompt.user and "delete" in prompt.user
    assert "[FACHSPRACHE]" in prompt.system


def test_prompt_renders_with_every_placeholder_and_every_type_line():
    data = classification_data("Trag mir morgen den Zahnarzt ein", NOW, {}, ())
    prompt = PromptLoader().build(const.TASK_CLASSIFY, data)
    for name in ("termin", "geburtstag", "deadline", "jahrestag", "erinnerung"):
        assert f"- {name}:" in prompt.user
    assert "erinnerungs_anker" not in prompt.user and "$" not in prompt.user


# --- [OBJEKT] and [ZUSTIMMUNG] (end of timeline.md) -------------------------------------------------------

SUNDAY_EVENING = berlin(2026, 11, 29, 20)


def _offer(said_at=SUNDAY_EVENING, offer=True):
    return {"objekt_bezug": {"name": "Zahnarzt", "zeitausdruck": "morgen um 10", "gesagt_am": said_at.isoformat(),
                             "angebot": offer}}


def test_consent_to_an_offer_takes_target_and_time_from_the_object_with_the_day_it_was_said(agent, repo):
    """*Zustimmung*: "morgen" said on Sunday 29.11. is Monday 30.11., even when the consent comes on Monday."""
    result = agent.run("Gerne", kontext=_offer())
    assert result.status == "abgeschlossen"
    row = repo.list(USER, FIGURE)[0]
    assert row["title"] == "Zahnarzt" and row["event_time"] == berlin(2026, 11, 30, 10)


def test_consent_without_an_offer_writes_nothing(agent, repo):
    result = agent.run("Gerne", kontext=_offer(offer=False))
    assert result.status == "rejected"
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_a_refusal_of_the_offer_writes_nothing(agent, repo):
    assert agent.run("Nein, lass mal", kontext=_offer()).status == "rejected"
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_objekt_and_zustimmung_blocks_reach_the_prompt(scripted):
    runner = scripted({"action": "rejected"})
    runner.run("Ja", kontext=_offer())
    user = runner.llm.prompts["timeline_classify"][0].user
    assert "[OBJEKT]" in user and "„Zahnarzt“" in user and "[ZUSTIMMUNG]" in user
    assert "am 30.11.2026 um 10:00 Uhr" in user
    runner.run("Wann war das nochmal?", kontext=_offer())
    assert "[ZUSTIMMUNG]" not in runner.llm.prompts["timeline_classify"][1].user


def test_carry_resolved_date():
    assert carry_resolved_date("morgen um 10", berlin(2026, 11, 29, 20)) == "am 30.11.2026 um 10:00 Uhr"
    assert carry_resolved_date("übermorgen", berlin(2026, 11, 29, 20)) == "am 01.12.2026"
    assert carry_resolved_date("irgendwann", berlin(2026, 11, 29, 20)) == "irgendwann"


_KLEMM = ("Klemm mir morgen um 10 den Zahnarzt rein", "Klemm mir übermorgen um 10 den Friseur rein",
          "Klemm mir am Freitag um 10 die Physiotherapie rein", "Klemm mir am Samstag um 10 das Kino rein")
_KLEMM_ORDERS = [{"action": "create", "target": t, "zeitausdruck": z}
                 for t, z in (("Zahnarzt", "morgen um 10"), ("Friseur", "übermorgen um 10"),
                              ("Physiotherapie", "am Freitag um 10"), ("Kino", "am Samstag um 10"))]


def test_section7_2_stage_b_three_confirmations_learn_the_verb(scripted, repo):
    """§7.2 Stufe B, notizen.md §10: an unknown verb (no hint) asks; each *Ja* writes and counts once; from
    3 confirmations on the same verb goes through without a question."""
    runner = scripted(*_KLEMM_ORDERS)
    for i, text in enumerate(_KLEMM[:3]):
        asked = runner.run(text)
        assert asked.status == "rueckfrage" and steps_of(asked, const.NODE_CLASSIFY)[0]["konfidenz"] == "niedrig"
        assert repo.count(USER, FIGURE) == i
        done = runner.answer("Ja")
        assert done.status == "abgeschlossen", done.answer
        assert [s["bestaetigungen"] for s in steps_of(done, const.NODE_RESUME)] == [i + 1]
    learned = runner.run(_KLEMM[3])
    assert learned.status == "abgeschlossen" and steps_of(learned, const.NODE_CLASSIFY)[0]["konfidenz"] == "hoch_gelernt"
    assert repo.count(USER, FIGURE) == 4


def test_section7_2_a_mapping_is_learned_per_pair_and_a_refusal_teaches_nothing(scripted, repo):
    """The twins: a *Nein* ends the question (`dismissed`), writes and learns nothing; another figure of the
    same person still gets the question."""
    runner = scripted(*(_KLEMM_ORDERS[:1] * 5))
    for _ in range(3):
        runner.run(_KLEMM[0])
        assert runner.answer("Nein").status == "dismissed"
    assert repo.count(USER, FIGURE) == 0
    assert runner.run(_KLEMM[0]).status == "rueckfrage"
    assert runner.run(_KLEMM[0], figure="anna").status == "rueckfrage"


def test_section3a_and_7_3_a_model_that_writes_a_statement_is_asked_first(scripted, repo):
    """§3a with §7.3: a model that reads a statement as *create* has no hint behind it (`niedrig`) — the
    agent asks, and nothing is written without the answer."""
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10"})
    result = runner.run("Morgen um 10 habe ich Zahnarzt")
    assert steps_of(result, const.NODE_CLASSIFY)[0]["konfidenz"] == "niedrig"
    assert result.status == "rueckfrage" and repo.count(USER, FIGURE, active_only=False) == 0
    assert runner.answer("Wie bitte?").status == "rueckfrage"  # unclear: asked again, still nothing
    assert repo.count(USER, FIGURE, active_only=False) == 0
