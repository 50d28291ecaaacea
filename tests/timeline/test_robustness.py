"""Bad input never crashes the rules (bad input): arbitrary text through the offline rules,
the router hint and the window of `[TERMINE]`; a very long text is handled like any other."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.timeline.agent import const
from novaberg.timeline.agent.classify import offline_classify
from novaberg.timeline.agent.dispatch import route_hint
from novaberg.timeline.events import offline_events
from novaberg.timeline.reading import appointment_window
from tests.support import BERLIN, berlin

NOW = berlin(2026, 11, 30, 9, 30)
_GERMANISH = st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"
                                                   "0123456789 .,:;!?-'\"„“\n\t")), max_size=200)
_WORDS = st.lists(st.sampled_from(["Trag", "mir", "morgen", "um", "10", "den", "Zahnarzt", "ein", "Verschieb",
                                   "auf", "Freitag", "Lösch", "Termin", "am", "Was", "steht", "an", "?", "halb",
                                   "elf", "nicht", "oder", "Uhr", "nachmittags", "Lena", "zieht", "im", "November",
                                   "nach", "Kassel", "ja", "den", "zweiten", "3.", "Dezember", "15:30"]),
                  max_size=15).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_GERMANISH, _WORDS, st.text(max_size=100)))
def test_offline_rules_router_hint_and_window_never_raise(text):
    answer = offline_classify({"text": text})
    assert answer["action"] in (*const.ACTIONS, const.REJECTED)
    assert 0.0 <= route_hint(text) <= 1.0
    window, _asked = appointment_window({}, text, NOW, BERLIN)
    assert window.kind in ("range", "search", "proactive")
    assert isinstance(offline_events({"candidate_list": [{"nummer": 1, "text": text}]})["ereignisse"], list)


def test_a_very_long_order_is_read_like_the_short_one():
    """A monologue is read for the order in it: the router scores it as the order alone, and the rules read
    the same action, target and time."""
    order = "Trag mir morgen um 10 den Zahnarzt ein."
    text = "Ich erzähl dir mal was. " + "bla " * 25_000 + "Ach ja. " + order
    short, long = offline_classify({"text": order}), offline_classify({"text": text})
    assert short["action"] == "create"
    assert long == short
    assert route_hint(text) == route_hint(order) > 0.0


def test_a_long_statement_writes_nothing(db, redis):
    from novaberg.timeline.repository import TimelineRepository
    from tests.support import make_offline_llm
    from tests.timeline.agent.conftest import AgentRunner

    agent, repo = AgentRunner(db, redis, make_offline_llm()), TimelineRepository(db)
    result = agent.run("Morgen um 10 habe ich Zahnarzt und " + "dann noch etwas " * 2000)
    assert result.status in ("rejected", "fehler")
    assert repo.list("u1", "nova", active_only=False) == []
