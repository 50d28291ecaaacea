"""Sie-form recall: a person who says *Sie* to Nova is recalled for as well, and the offline answer
follows her form of address. The default is du (prompts/default/compose.system.txt: „Du antwortest knapp und
warm in der Du-Form“); the pair's Sie directive (tribunal.md §3.1) is the tribunal's to enforce — here the
person's own words decide the memory answer: this turn's, else her latest turn that addressed Nova."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.memory.address import address_of, person_address
from novaberg.text.recall_question import plain_question
from novaberg.text.words import fold
from tests.support import berlin

MONDAY = berlin(2026, 11, 2, 18)
ASKED = MONDAY + timedelta(days=21)


@pytest.mark.parametrize(("text", "form"), [
    ("Was habe ich Ihnen über meine Schwester erzählt?", "Sie"),
    ("Wissen Sie noch, wo ich arbeite?", "Sie"),
    ("Welche Medikamente nehme ich, wissen Sie das noch?", "Sie"),
    ("Was hab ich dir über meine Schwester erzählt?", "du"),
    ("Meine Katze, sie heißt Minka.", None),  # *sie* is the cat
    ("Ich habe eine Katze. Sie heißt Minka.", None),  # a sentence's first word
    ("Wie heißt mein Sohn?", None),
])
def test_the_form_of_address_of_a_turn(text, form):
    assert address_of(text) == form


def test_a_turn_without_address_takes_the_persons_latest_form():
    history = [("Hallo Nova!", "Hallo!"), ("Wissen Sie noch, wo ich arbeite?", "…"), ("Danke.", "Gern.")]
    assert person_address("Wie heißt mein Sohn?", history) == "Sie"
    assert person_address("Wie heißt mein Sohn?", []) == "du"


@pytest.mark.parametrize(("asked", "plain"), [
    ("Wissen Sie noch, wo ich arbeite?", "wo arbeite ich?"),
    ("Weißt du noch, was ich beruflich mache?", "was mache ich beruflich?"),
    ("Erinnern Sie sich, wie mein Hund heißt?", "wie heisst mein hund?"),
    ("Können Sie mir sagen, welchen Sport ich mache?", "welchen sport mache ich?"),
    ("Welches Hobby habe ich, wissen Sie das noch?", "welches hobby habe ich?"),
    ("Wissen Sie noch, wann ich Ihnen von Lena erzählt habe?", "wann habe ich ihnen von lena erzaehlt?"),
])
def test_the_asking_frame_is_left_off(asked, plain):
    assert plain_question(fold(asked)) == plain


def _tell(nova, user: str, told: list[tuple[int, str]]) -> None:
    for day, said in told:
        nova.turn(user, "nova", said, MONDAY + timedelta(days=day))
        nova.pixie.tick(MONDAY + timedelta(days=day, hours=2))


def test_a_person_who_says_sie_is_recalled_for_in_the_sie_form(nova):
    _tell(nova, "frau_lang", [(0, "Meine Schwester Lena wohnt in Wien."), (2, "Ich arbeite bei der Sparkasse.")])
    about = nova.turn("frau_lang", "nova", "Was habe ich Ihnen über meine Schwester erzählt?", ASKED).answer
    assert about == "Am 2. November haben Sie mir erzählt: „Meine Schwester Lena wohnt in Wien.“"
    work = nova.turn("frau_lang", "nova", "Wissen Sie noch, wo ich arbeite?", ASKED + timedelta(minutes=6)).answer
    assert work == "Am 4. November haben Sie mir erzählt: „Ich arbeite bei der Sparkasse.“"
    never = nova.turn("frau_lang", "nova", "Wie heißt mein Hund?", ASKED + timedelta(minutes=12)).answer
    assert never == "Das haben Sie mir noch nicht erzählt."


def test_another_person_keeps_the_du_form(nova):
    """Two persons: one says Sie, the other du — each answer in the asker's own form, from her own memory."""
    _tell(nova, "frau_lang", [(0, "Ich arbeite bei der Sparkasse.")])
    _tell(nova, "jan", [(1, "Ich arbeite bei der Post.")])
    nova.turn("frau_lang", "nova", "Wissen Sie noch, wo ich arbeite?", ASKED)
    answer = nova.turn("jan", "nova", "Weißt du noch, wo ich arbeite?", ASKED + timedelta(minutes=1)).answer
    assert answer == "Am 3. November hast du mir erzählt: „Ich arbeite bei der Post.“"
