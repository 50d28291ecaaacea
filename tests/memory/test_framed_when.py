"""A framed question (*Weißt du noch, …?*) is memory's — unless it asks when an appointment
is. „Weißt du noch, wann ich den Zahnarzt habe?" asks the timeline (present tense, a thing she has), „Weißt du
noch, wann ich in Rom war?" asks what she told (past). Found by the offline corpus after the Sie-form merge:
timeline/question/read fell from 100/100 to 97/100."""

import pytest

from novaberg.text.recall_question import asks_what_was_told


@pytest.mark.parametrize("text", [
    "Weißt du noch, wann ich den Zahnarzt habe?",
    "Weißt du noch, wann ich die Physiotherapie habe?",
    "Wissen Sie noch, wann ich das Kino mit Jonas habe?",
    "Weißt du noch, wann Annas Geburtstag ist?",
])
def test_a_framed_when_question_in_the_present_is_no_memory_question(text):
    assert not asks_what_was_told(text)


@pytest.mark.parametrize("text", [
    "Weißt du noch, wann ich in Rom war?",
    "Weißt du noch, wann ich umgezogen bin?",
    "Wissen Sie noch, wann ich geheiratet habe?",
    "Weißt du noch, wo ich arbeite?",
    "Wissen Sie noch, wo ich arbeite?",
])
def test_a_framed_question_about_the_past_or_her_life_stays_memorys(text):
    assert asks_what_was_told(text)


def test_a_framed_question_naming_a_time_is_the_timelines_through_the_turn(nova):
    """„Kannst du mir sagen, was ich morgen vorhabe?" reads tomorrow's appointments (the frame made it memory's after
    the Sie-form merge: tests/offline/test_colloquial_reads.py caught it); „Weißt du noch, wo ich arbeite?" stays
    memory's."""
    from datetime import UTC, datetime

    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    nova.turn("u-fw", "nova", "Trag morgen um 15 Uhr Zahnarzt ein", now)
    answer = nova.turn("u-fw", "nova", "Kannst du mir sagen, was ich morgen vorhabe?", now).answer
    assert "Zahnarzt" in answer
