"""What a model says never ends a turn in an error: NaN/Infinity
are wrong types, dates outside 1900–2199 are no dates, and the trace is written whatever it carries."""

from __future__ import annotations

import math

import pytest

from novaberg.graph import nodes
from novaberg.llm.scripted import ScriptedLLM
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)  # Monday
CREATE = "Bitte morgen um 10 den Zahnarzt eintragen"  # read by the classification (no template vouches)


def _stored_turn(db) -> dict:
    with db.transaction() as conn:
        return conn.execute("SELECT text, answer, verdict FROM turns").fetchone()


def _trace(db, node: str, kind: str) -> list[dict]:
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = %s AND kind = %s", (node, kind))]


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_in_a_router_field_is_a_wrong_type_and_the_turn_ends_with_an_answer(db, redis, tmp_path, bad):
    """NaN/Infinity in a router field are a wrong type (checked reading): the turn ends with an
    answer, is stored with it, and nothing is written."""
    router = ('{"domain": "timeline", "management_action": "agent", "timeline_query": {"art": "search", '
              '"keyword": "Zahnarzt", "limit": ' + bad + "}}")
    nova = make_nova(db, redis, ScriptedLLM({"router": router}, fallback=make_offline_llm()), tmp_path)
    result = nova.turn("u1", "nova", "Wann muss ich wieder zum Zahnarzt?", NOW)  # a question the model routes
    assert result.answer and result.services == []
    assert _stored_turn(db)["answer"] == result.answer
    assert nova.timeline.list("u1", "nova", active_only=True) == []
    assert "not finite" in _trace(db, "route", "fehler")[0]["error"]


def test_nan_that_reaches_the_trace_no_longer_loses_the_answer(db, redis, tmp_path, monkeypatch):
    """A router decision carrying NaN and NUL (any field the reader does not look at) used to fail
    the trace write after the appointment was committed; now the turn is stored with its answer."""
    real_route = nodes.route

    def route_with_garbage(*args, **kwargs):
        return {**real_route(*args, **kwargs), "score": math.nan, "rest": [math.inf, "a\x00b", "\ud800"]}

    monkeypatch.setattr(nodes, "route", route_with_garbage)
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    result = nova.turn("u1", "nova", CREATE, NOW)
    assert result.services[0]["status"] == "abgeschlossen"
    assert [row["title"] for row in nova.timeline.list("u1", "nova", active_only=True)] == ["Zahnarzt"]
    assert _stored_turn(db)["answer"] == result.answer and "Zahnarzt" in result.answer
    decision = _trace(db, "route", "entscheidung")[0]
    assert decision["score"] == "NaN" and decision["rest"] == ["Infinity", "a\ufffdb", "\ufffd"]


@pytest.mark.parametrize("expression", ["am 31.12.9999 um 23", "am 1.1.0001", "am 1.1.10000 um 10", "im Jahr 2300"])
def test_a_classifier_date_outside_the_years_is_refused(db, redis, tmp_path, expression):
    """A time expression of the timeline classifier with a year outside 1900–2199 is no date:
    the agent asks or says it cannot read the time — no OverflowError, no write."""
    classify = {"action": "create", "target": "Zahnarzt", "zeitausdruck": expression, "event_type": "termin"}
    nova = make_nova(db, redis, ScriptedLLM({"timeline_classify": classify}, fallback=make_offline_llm()), tmp_path)
    result = nova.turn("u1", "nova", f"Trag mir {expression} den Zahnarzt ein", NOW)
    assert result.answer
    assert result.services and result.services[0]["status"] != "abgeschlossen"
    assert nova.timeline.list("u1", "nova", active_only=False) == []
    assert _stored_turn(db)["answer"] == result.answer


@pytest.mark.parametrize("text", ["Trag mir am 31.12.9999 um 23 den Zahnarzt ein", "Trag mir am 1.1.0001 den Zahnarzt ein",
                                  "Was steht am 31.12.9999 an?", "Verschieb den Zahnarzt auf den 1.1.0001"])
def test_the_offline_model_with_such_dates_answers(nova, db, text):
    """*am 31.12.9999 um 23* and *1.1.0001* give an answer, never an OverflowError."""
    nova.turn("u1", "nova", "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    result = nova.turn("u1", "nova", text, NOW)
    assert result.answer
    titles = [(row["title"], row["event_time"].year) for row in nova.timeline.list("u1", "nova", active_only=False)]
    assert titles == [("Zahnarzt", 2026)]


@pytest.mark.parametrize("bound", ["0001-01-01", "9999-12-31", "2300-01-01T10:00:00+01:00"])
def test_a_router_range_outside_the_years_reads_no_window_of_it(db, redis, tmp_path, bound):
    """A `timeline_query` bound with a year outside 1900–2199 is no date: the window reader is
    told the query is unreadable (it says so), and the turn answers."""
    router = {"domain": "keine", "management_action": "keine",
              "timeline_query": {"art": "range", "from": bound, "to": "2026-12-02"}}
    llm = ScriptedLLM({"router": router}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Was steht an?", NOW)
    assert result.answer
    assert _trace(db, "route", "entscheidung")[0]["timeline_query"]["art"] == "unlesbar"


def test_nan_from_the_notes_classifier_writes_nothing(db, redis, tmp_path):
    """NaN in a notes classification is a wrong type: a clear answer, no note."""
    classify = '{"action": "create", "target": "Einkaufsliste", "inhalt": "Brot", "konfidenz": NaN}'
    nova = make_nova(db, redis, ScriptedLLM({"notes_classify": classify}, fallback=make_offline_llm()), tmp_path)
    result = nova.turn("u1", "nova", "Erstelle eine Einkaufsliste mit Brot", NOW)
    assert result.answer
    assert nova.notes.list("u1") == []


def test_a_nul_in_a_model_title_writes_nothing(db, redis, tmp_path):
    """A NUL in the classifier's target would fail the database write; it is a wrong type."""
    classify = {"action": "create", "target": "Zahn\x00arzt", "zeitausdruck": "morgen um 10", "event_type": "termin"}
    nova = make_nova(db, redis, ScriptedLLM({"timeline_classify": classify}, fallback=make_offline_llm()), tmp_path)
    result = nova.turn("u1", "nova", CREATE, NOW)
    assert result.answer and nova.timeline.list("u1", "nova", active_only=False) == []
    assert _stored_turn(db)["answer"] == result.answer
