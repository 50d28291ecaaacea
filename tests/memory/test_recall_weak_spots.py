"""The weak spots `bench.memory.recall` showed (its development part): a "wann hab ich dir erzählt" question
goes to memory, not the timeline (graph/router.py, `asks_what_was_told`); *Ich bin Lehrerin* answers a work
question; a relative's name stands for the relative over several sessions; *letzte Woche* keeps to that week."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.api.catalog import build_registry
from novaberg.graph.router import NO_DOMAIN, route
from novaberg.llm.ask import Asker
from tests.support import berlin, make_offline_llm

MONDAY = berlin(2026, 11, 2, 18)
ASKED = MONDAY + timedelta(days=35)  # Monday 7 December: "letzte Woche" is 30 November – 6 December


def _tell(nova, user: str, told: list[tuple[int, str]]) -> None:
    for day, said in told:
        nova.turn(user, "nova", said, MONDAY + timedelta(days=day))
        nova.pixie.tick(MONDAY + timedelta(days=day, hours=2))


@pytest.mark.parametrize("question", ["Wann hab ich dir vom Volleyball erzählt?",
                                      "Was hab ich dir letzte Woche über Lena erzählt?",
                                      "Wann hab ich dir erzählt, dass ich Spanisch lerne?",
                                      "Was weißt du über meine Schwester?"])
def test_questions_about_what_was_told_go_to_no_service(question):
    """The router's named check: memory answers these, never the appointment search."""
    decision = route(Asker(make_offline_llm()), question, [], "2026-12-07", build_registry())
    assert decision["domain"] == NO_DOMAIN


def test_when_did_i_tell_you_is_answered_with_the_day(nova):
    _tell(nova, "anna", [(0, "Ich spiele jeden Dienstag Volleyball im Verein."), (3, "Mein Lieblingsessen ist Lasagne.")])
    answer = nova.turn("anna", "nova", "Wann hab ich dir vom Volleyball erzählt?", ASKED).answer
    assert answer == "Am 2. November hast du mir erzählt: „Ich spiele jeden Dienstag Volleyball im Verein.“"


def test_i_am_a_teacher_answers_the_work_question(nova):
    _tell(nova, "elif", [(0, "Ich bin Lehrerin an einer Grundschule in Essen."), (1, "Meine Lieblingsfarbe ist Grün.")])
    answer = nova.turn("elif", "nova", "Was bin ich von Beruf?", ASKED).answer
    assert answer == "Am 2. November hast du mir erzählt: „Ich bin Lehrerin an einer Grundschule in Essen.“"


def test_a_relatives_name_joins_what_was_told_over_sessions(nova):
    """*Meine Schwester Lena …* and weeks later *Lena hat …*: both are about the sister; *letzte Woche* keeps to the
    sentence told that week."""
    _tell(nova, "anna", [(9, "Meine Schwester Lena studiert Medizin in Leipzig."),
                         (29, "Lena hat ihr Physikum bestanden."), (30, "Ich wohne in Köln.")])
    about = nova.turn("anna", "nova", "Was hab ich dir über meine Schwester erzählt?", ASKED).answer
    assert "Physikum" in about and "Medizin" in about and "Köln" not in about
    last_week = nova.turn("anna", "nova", "Was hab ich dir letzte Woche über Lena erzählt?", ASKED + timedelta(minutes=6))
    assert last_week.answer == "Am 1. Dezember hast du mir erzählt: „Lena hat ihr Physikum bestanden.“"


def test_a_question_about_her_home_skips_a_relatives_home(nova):
    _tell(nova, "karin", [(0, "Ich wohne mit meinem Mann in Regensburg."),
                          (3, "Meine Schwiegermutter wohnt bei uns im Haus.")])
    answer = nova.turn("karin", "nova", "Wo wohne ich?", ASKED).answer
    assert answer == "Am 2. November hast du mir erzählt: „Ich wohne mit meinem Mann in Regensburg.“"
