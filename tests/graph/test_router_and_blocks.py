"""The router's answer is read checked; the blocks are read again after a verified write."""

from __future__ import annotations

from novaberg.llm.scripted import ScriptedLLM
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)  # Monday


def test_router_timeline_query_reaches_the_reader(db, redis, tmp_path):
    """timeline.md §4a: the router's `timeline_query` names the window that is read (a question the rule reads
    as the proactive window goes to the model, and its prompt carries today for the query)."""
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine",
                                  "timeline_query": {"art": "range", "from": "2026-12-01", "to": "2026-12-02"}}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Was hab ich im Dezember?", NOW)
    blocks = llm.calls["compose"][0]["block_map"]
    assert "01.12.2026" in blocks["[TERMINE]"] and "02.12.2026" in blocks["[TERMINE]"]
    assert "Montag, 2026-11-30" in llm.prompts["router"][0].user


def test_router_answer_with_wrong_type_is_loud_and_serves_nobody(db, redis, tmp_path):
    llm = ScriptedLLM({"router": {"domain": "timeline", "timeline_query": "morgen"}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Was hab ich im Dezember?", NOW)
    assert result.services == []
    with db.transaction() as conn:
        row = conn.execute("SELECT payload FROM pipeline_log WHERE node = 'route' AND kind = 'fehler'").fetchone()
    assert "timeline_query" in row["payload"]["error"]


def test_blocks_are_read_again_after_a_verified_write(db, redis, tmp_path, monkeypatch):
    """A composer must not see the appointments as they were before this turn wrote."""
    monkeypatch.setattr("novaberg.graph.compose.SAY_REPORTS_BY_RULE", False)  # a composer asked beside the report
    llm = ScriptedLLM(fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    assert result.services[0]["status"] == "abgeschlossen"
    assert "Zahnarzt" in llm.calls["compose"][0]["blocks"]
