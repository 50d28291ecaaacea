"""tribunal.md „Was als Behauptung zählt“: a condition excludes its main clause — and an order to the person
followed by *dann/und* is a condition too (*Nenne mir die Uhrzeit, dann trage ich es ein* = *wenn du sie mir
nennst, …*). A model says this in many words; the twins show that *dann* alone still claims."""

from __future__ import annotations

import pytest

from novaberg.tribunal.claims import find_storage_claims


@pytest.fixture(autouse=True)
def _composer_paraphrases_every_report(monkeypatch):
    """These cases measure the tribunal on a composer's paraphrase of a service's report: the composer is asked for
    every report (a verified write's report or a service's question is otherwise said by rule)."""
    monkeypatch.setattr("novaberg.graph.compose.SAY_REPORTS_BY_RULE", False)


@pytest.mark.parametrize("text", [
    "Nenne mir Tag und Uhrzeit, dann trage ich es ein.",
    "Sag mir kurz, wann, dann trage ich den Zahnarzt ein.",
    "Gib mir Bescheid, dann notiere ich es dir.",
    "Sag mir die Uhrzeit, und ich trage es ein.",
    "Wann soll „Zahnarzt“ sein? Noch ist nichts eingetragen — nenne mir Tag und Uhrzeit, dann trage ich es ein.",
    "Sobald du mir sagst wann, trage ich den Zahnarzt ein.",
])
def test_an_order_then_a_promise_is_no_claim(text):
    assert find_storage_claims(text) == []


@pytest.mark.parametrize("text", [
    "Alles klar, dann reserviere ich zwei Stunden.",
    "Okay, dann trage ich es ein.",
    "Das ist notiert, und ich trage es auch ein.",
])
def test_twin_dann_without_an_order_still_claims(text):
    assert find_storage_claims(text) != []


@pytest.mark.parametrize("said", [
    "Sag mir noch, wann der Zahnarzt sein soll – dann trag ich ihn dir ein.",
    "Wann passt es dir denn? Nenn mir Tag und Uhrzeit, und ich trage den Zahnarzt ein.",
    "Gern! Gib mir nur noch den Tag, dann landet der Zahnarzt in deinem Kalender.",
])
def test_a_paraphrased_time_question_passes_the_tribunal(db, redis, tmp_path, said):
    """End to end: the timeline asks „Wann?“ (nothing written), a model says it in its own words — the answer
    passes without a correction, because it promises under a condition and claims nothing."""
    from novaberg.llm.scripted import ScriptedLLM
    from tests.support import berlin, make_nova, make_offline_llm

    nova = make_nova(db, redis, ScriptedLLM({"compose": {"antwort": said}}, fallback=make_offline_llm()), tmp_path)
    turn = nova.turn("u1", "nova", "Trag den Zahnarzt ein", berlin(2026, 11, 30, 10))
    assert [s["status"] for s in turn.services] == ["rueckfrage"]
    assert turn.verdict == "ok" and turn.answer == said, (turn.verdict, turn.reasons, turn.answer)
