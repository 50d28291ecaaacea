"""An unrelated sentence never answers the timeline's waiting questions.

timeline.md §10 Resume-TTL, the Klärfall note: „eine Antwort zählt nur im ersten Menschenturn nach der Frage“.
A sentence of its own that the question's reader does not take as its answer ends the question as `dismissed`
and is handled as its own turn (small talk is answered, a statement acknowledged); a hesitation (*„hm, mal
sehen“*) still gets the question again. Every test through `Nova.turn` with the offline model."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import load_pending
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday
FIGURE = "nova"
UNRELATED = ["Ich war heute beim Bäcker", "Das Wetter ist schön heute", "Wie geht es dir?"]
QUESTIONS = {
    "time": ((), "Trag Volleyball ein"),
    "series": (("Trag jeden Montag um 18 Uhr Volleyball ein",), "Lösch Volleyball"),
    "selection": (("Trag morgen um 10 Zahnarzt ein", "Trag übermorgen um 11 Zahnarzt ein"), "Lösch Zahnarzt"),
    "small hour": ((), "Trag morgen um 3 Yoga ein"),
}


def _rows(nova, user):
    return sorted((r["title"], r["event_time"].isoformat(), r["aktiv"])
                  for r in nova.timeline.list(user, FIGURE, active_only=False))


def _asked(nova, user, kind):
    setup, question = QUESTIONS[kind]
    for text in setup:
        nova.turn(user, FIGURE, text, NOW)
    asked = nova.turn(user, FIGURE, question, NOW)
    assert asked.services[-1]["status"] == "rueckfrage", asked.answer
    return _rows(nova, user)


@pytest.mark.parametrize("kind", list(QUESTIONS))
@pytest.mark.parametrize("sentence", UNRELATED)
def test_an_unrelated_sentence_ends_the_question_and_is_its_own_turn(nova, kind, sentence):
    """§10 Klärfall: „eine Antwort zählt nur im ersten Menschenturn nach der Frage“ — *„Ich war heute beim
    Bäcker“* to „Wann soll „Volleyball“ sein?“ entered Volleyball today before; now no question kind writes,
    asks again, or waits after it; the sentence gets its own answer."""
    before = _asked(nova, "t1", kind)
    turn = nova.turn("t1", FIGURE, sentence, NOW)
    assert ("timeline", "dismissed") in [(s["name"], s["status"]) for s in turn.services], turn.services
    assert not any(s["status"] == "rueckfrage" for s in turn.services), turn.answer
    assert _rows(nova, "t1") == before
    assert load_pending(nova.stack.redis, "t1", FIGURE, NOW) is None
    if sentence.startswith("Wie"):
        assert "mir geht es gut" in turn.answer, turn.answer


def test_the_time_question_still_takes_a_time_said_in_a_sentence(nova):
    """A sentence that carries the time and nothing else of its own is the answer: *„Ich kann am Dienstag um 10“*."""
    _asked(nova, "t2", "time")
    turn = nova.turn("t2", FIGURE, "Ich kann am Dienstag um 10", NOW)
    assert turn.answer.startswith("Eingetragen: „Volleyball“ am Dienstag, 01.12.2026, 10:00"), turn.answer


def test_a_hesitation_gets_the_question_again_and_the_other_person_is_untouched(nova):
    """*„hm, mal sehen“* is no sentence of its own: the question comes again. The second person's identical
    question stays hers while the first person's ends on an unrelated sentence."""
    _asked(nova, "t3", "selection")
    _asked(nova, "t4", "selection")
    again = nova.turn("t3", FIGURE, "hm, mal sehen", NOW)
    assert again.services[-1]["status"] == "rueckfrage", again.answer
    nova.turn("t3", FIGURE, "Ich war heute beim Bäcker", NOW)
    assert load_pending(nova.stack.redis, "t3", FIGURE, NOW) is None
    assert load_pending(nova.stack.redis, "t4", FIGURE, NOW) is not None
