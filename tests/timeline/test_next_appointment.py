"""*Was ist mein nächster Termin?* reads the coming appointments however far ahead (timeline.md §4a: the window is
what the turn asked for). It read the proactive window (−3 … +14 days) and answered „Von … bis … ist nichts
eingetragen“ while the next appointment stood three weeks ahead; *Was steht als Nächstes an?* searched the title
„als Nächstes“."""

from __future__ import annotations

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.timeline.presentation import BLOCK_HEADER
from novaberg.timeline.reading import asks_next
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 11, 9)


@pytest.fixture
def nova(db, redis, tmp_path):
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    for order in ("Trag mir am 3.12. um 9 Uhr Yoga ein", "Trag mir am 5.12. um 9 Uhr Chor ein",
                  "Trag mir am 20.12. um 9 Uhr Weihnachtsmarkt ein"):
        nova.turn("u1", "nova", order, berlin(2026, 11, 1, 9))
    return nova


@pytest.mark.parametrize("question", ["Was ist mein nächster Termin?", "Wann ist mein nächster Termin?",
                                      "Sag mal, was ist eigentlich mein nächster Termin?"])
def test_the_next_appointment_weeks_ahead_is_found(nova, question):
    turn = nova.turn("u1", "nova", question, NOW)
    assert turn.answer == "Dein nächster Termin:\n- Donnerstag, 03.12.2026, 09:00 Uhr: Yoga (in 22 Tagen)", turn.answer


@pytest.mark.parametrize("question", ["Was steht als Nächstes an?", "Was sind meine nächsten Termine?"])
def test_the_next_few_in_time_order(nova, question):
    answer = nova.turn("u1", "nova", question, NOW).answer
    assert answer.splitlines()[1:] == ["- Donnerstag, 03.12.2026, 09:00 Uhr: Yoga (in 22 Tagen)",
                                       "- Samstag, 05.12.2026, 09:00 Uhr: Chor (in 24 Tagen)",
                                       "- Sonntag, 20.12.2026, 09:00 Uhr: Weihnachtsmarkt (in 39 Tagen)"], answer


def test_what_is_past_is_not_next(nova):
    """§4a *past*: a clock time before now is past; a day without a clock time is not past until it ends."""
    nova.turn("u1", "nova", "Trag mir heute um 8 Uhr Frühstück ein", berlin(2026, 11, 11, 7))
    nova.turn("u1", "nova", "Trag mir heute Wäsche ein", berlin(2026, 11, 11, 7))
    answer = nova.turn("u1", "nova", "Was sind meine nächsten Termine?", NOW).answer
    assert "Wäsche" in answer and "Frühstück" not in answer, answer


def test_nothing_coming_says_what_was_searched(db, redis, tmp_path):
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    nova.turn("u1", "nova", "Trag mir am 1.11. um 9 Uhr Yoga ein", berlin(2026, 10, 20, 9))
    turn = nova.turn("u1", "nova", "Was ist mein nächster Termin?", NOW)
    assert turn.answer.startswith("Es ist kein kommender Termin eingetragen"), turn.answer


def test_another_pair_never_sees_them(nova):
    answer = nova.turn("u2", "nova", "Was ist mein nächster Termin?", NOW).answer
    assert "Yoga" not in answer and answer.startswith("Es ist kein kommender Termin"), answer
    assert "Yoga" not in nova.turn("u1", "lena", "Was ist mein nächster Termin?", NOW).answer


@pytest.mark.parametrize("question,limit", [("Was ist mein nächster Termin?", 1), ("Was steht als Nächstes an?", 3),
                                            ("Wann ist der nächste Yoga-Termin?", 0), ("Was hab ich nächste Woche?", 0),
                                            ("Was kommt als nächstes?", 3)])
def test_asks_next(question, limit):
    assert asks_next(question) == limit


def test_a_model_composer_gets_the_next_appointment_in_the_block(db, redis, tmp_path):
    """The `[TERMINE]` block reads the same window, so a model can say it in its own words."""
    llm = ScriptedLLM({"compose": {"antwort": "Als Nächstes hast du am 3. Dezember um neun Yoga."},
                       "router": {"domain": "keine"}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    offline = make_nova(db, redis, make_offline_llm(), tmp_path / "o")  # the row, written without the script
    offline.turn("u1", "nova", "Trag mir am 3.12. um 9 Uhr Yoga ein", berlin(2026, 11, 1, 9))
    turn = nova.turn("u1", "nova", "Was ist mein nächster Termin?", NOW)
    block = llm.calls["compose"][-1]["block_map"][BLOCK_HEADER]
    assert "der nächste kommende Termin" in block and "Donnerstag, 03.12.2026, 09:00 Uhr: Yoga" in block, block
    assert turn.verdict == "ok", turn.reasons


def test_find_next_refuses_a_bad_limit(db):
    repo = TimelineRepository(db)
    for limit in (0, -1, True, 1.5):
        with pytest.raises(ValueError):
            repo.find_next("u1", "nova", NOW, berlin(2026, 1, 1).tzinfo, limit=limit)
