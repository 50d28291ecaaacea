"""A prompt carries only what its task reads — the router is asked only when the route hints do not
decide, its optional rules only where they can apply, and the composer gets a list once."""

from __future__ import annotations

import pytest

from novaberg.api.catalog import build_registry
from novaberg.graph.router import NO_DOMAIN, decided_by_hints, route
from novaberg.llm.ask import Asker
from novaberg.llm.scripted import ScriptedLLM
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9, 30)  # Monday
ZONE = NOW.tzinfo
CREATE = "Trag mir morgen um 10 den Zahnarzt ein"
REGISTRY = build_registry()


@pytest.mark.parametrize(("text", "domain"), [
    (CREATE, "timeline"),  # an explicit order in the timeline's own phrasing, no other service near
    ("Was steht diese Woche an?", "timeline"),  # a question the rule reads as a period (timeline.md §4a)
    ("Setz Milch auf die Einkaufsliste", "notizen"),
    ("Wie geht es dir?", NO_DOMAIN),  # small talk by the templates, no service's hint sees anything
])
def test_decisive_route_hints_decide_without_the_model(text, domain):
    assert decided_by_hints(text, REGISTRY, NOW, ZONE) == domain


@pytest.mark.parametrize("text", [
    "Merk dir, dass ich morgen Mehl brauche",  # notes 0.97 and timeline 0.95: no clear margin
    "Wann muss ich wieder zum Zahnarzt?",  # the rule reads no window for it: the model gives timeline_query
    "Schreib Milch auf die Liste und trag morgen Zahnarzt ein",  # two orders
    "Meine Schwester heißt Lena",  # no hint at all, and no small talk: a service may still be meant
    "Ich gehe morgen zum Friseur",  # a mention only
])
def test_undecided_route_hints_leave_the_model_call(text):
    assert decided_by_hints(text, REGISTRY, NOW, ZONE) == ""


def test_the_router_is_not_asked_when_the_hints_decide_and_the_order_is_carried_out(db, redis, tmp_path):
    """A decisive hint saves the router's model call; the turn does what the model would have routed."""
    llm = ScriptedLLM(fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", CREATE, NOW)
    assert llm.calls["router"] == []
    assert result.services[0]["name"] == "timeline" and result.services[0]["status"] == "abgeschlossen"
    assert [row["title"] for row in nova.timeline.list("u1", "nova", active_only=True)] == ["Zahnarzt"]


def test_the_router_is_asked_when_the_hints_do_not_decide(db, redis, tmp_path):
    """Without decisive hints the model routes — its answer wins over the hints."""
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine"}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", "Merk dir, dass ich morgen Mehl brauche", NOW)
    assert len(llm.calls["router"]) == 1
    assert result.services == []


def _router_prompt(text: str, history: list[tuple[str, str]] | None = None) -> str:
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine"}})
    route(Asker(llm), text, history or [], "Montag, 2026-11-30", REGISTRY, NOW, ZONE)
    return llm.prompts["router"][0].user


def test_the_router_gets_the_query_rule_only_for_a_question_about_appointments():
    """The `timeline_query` rule (with today) goes only where it can apply."""
    asked = _router_prompt("Wann muss ich wieder zum Zahnarzt?")
    assert "timeline_query" in asked and "Heute ist Montag, 2026-11-30." in asked
    told = _router_prompt("Meine Schwester heißt Lena")
    assert "timeline_query" not in told and "2026-11-30" not in told


def test_the_router_gets_the_orders_rule_only_where_two_orders_can_be():
    assert "auftraege" in _router_prompt("Merk dir Mehl und dann erinner mich an den Zahnarzt")
    assert "auftraege" not in _router_prompt("Meine Schwester heißt Lena")


def test_the_router_reads_the_last_two_exchanges():
    history = [(f"Satz {n}", f"Antwort {n}") for n in range(1, 6)]
    prompt = _router_prompt("Meine Schwester heißt Lena", history)
    assert "Satz 4" in prompt and "Satz 5" in prompt and "Satz 3" not in prompt


def test_a_read_turn_gives_the_composer_the_appointments_once(db, redis, tmp_path):
    """The timeline's report and `[TERMINE]` list the same week; the composer reads it once."""
    llm = ScriptedLLM(fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", CREATE, NOW)
    result = nova.turn("u1", "nova", "Was steht diese Woche an?", NOW)
    assert "Zahnarzt" in result.answer
    prompt = llm.prompts["compose"][-1].user
    assert prompt.count("10:00 Uhr: Zahnarzt") == 1
    assert "[TERMINE]" not in prompt


def test_an_unasked_empty_appointments_block_is_left_out_of_the_composer(db, redis, tmp_path):
    llm = ScriptedLLM(fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Meine Schwester heißt Lena", NOW)
    prompt = llm.prompts["compose"][-1].user
    assert "[TERMINE]" not in prompt and "Nach Terminen wurde nicht gezielt gefragt" not in prompt
    assert "fehler" not in prompt  # the report rules go only with reports


def test_an_asked_block_stays_beside_a_report_that_lists_other_things():
    """The block goes out only when a report holds every one of its entries: a created appointment's report is
    no list, so the block read after the write stays (the composer must see the day as it is now). (A turn that
    only created is said by rule — the composer is asked where a report is not the whole answer.)"""
    from novaberg.graph.compose import blocks_for_model

    block = "[TERMINE]\nDeine Termine morgen:\n- Di 01.12. 10:00 Zahnarzt"
    assert blocks_for_model({"[TERMINE]": block}, ["Ich habe „Zahnarzt“ für morgen, 10:00 eingetragen."]) == [block]


def test_the_hints_decide_from_one_reading_of_each_service():
    """The best service and the runner-up come from one reading of every route hint (it read every
    hint twice); the decision is the one the real hints give."""
    from dataclasses import replace

    from novaberg.agents.registry import Registry

    counted: dict[str, int] = {}

    def counting(entry):
        def hint(text: str) -> float:
            counted[entry.name] = counted.get(entry.name, 0) + 1
            return entry.route_hint(text)
        return replace(entry, route_hint=hint)

    registry = Registry(tuple(counting(e) for e in REGISTRY.services), REGISTRY.readers)
    for text, domain in ((CREATE, "timeline"), ("Setz Milch auf die Einkaufsliste", "notizen"),
                         ("Merk dir, dass ich morgen Mehl brauche", "")):
        counted.clear()
        assert decided_by_hints(text, registry, NOW, ZONE) == domain
        assert counted and set(counted.values()) == {1}, (text, counted)
