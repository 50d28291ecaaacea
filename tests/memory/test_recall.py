"""Recall through `Nova.turn` and `nova.pixie.tick`: facts told on several days among other turns,
asked two weeks later in everyday words — answered offline with the told sentence and its day, from this pair's
short- and long-term memory only; a thing never told is „noch nicht erzählt", never a neighbouring fact."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.text.recall_question import memory_question
from tests.support import berlin

DAY1 = berlin(2026, 12, 1, 18)
FACTS = (  # (day offset, told sentence)
    (0, "Ich spiele jeden Dienstag Volleyball im Verein."),
    (1, "Mein Lieblingsessen ist Lasagne."),
    (2, "Ich arbeite bei Siemens als Ingenieurin."),
    (3, "Meine Schwester Lena studiert Medizin in Leipzig."),
    (4, "Ich wohne in Köln."),
)
OTHER_TURNS = ("Hallo Nova!", "Das Wetter ist heute schön.", "Notier mir {item}", "Danke dir.")
ITEMS = ("Milch", "Brot", "Eier", "Butter", "Käse")
ASKED = DAY1 + timedelta(days=18)


def _tell_over_days(nova, user: str = "anna") -> None:
    for offset, fact in FACTS:
        day = DAY1 + timedelta(days=offset)
        for minute, other in enumerate(OTHER_TURNS):  # a new item each day: no waiting question (see the report)
            nova.turn(user, "nova", other.format(item=ITEMS[offset]), day + timedelta(minutes=minute))
        nova.turn(user, "nova", fact, day + timedelta(minutes=10))
        nova.pixie.tick(day + timedelta(hours=1))


@pytest.mark.parametrize(("question", "fact", "day"), [
    ("Was ist mein Lieblingsessen?", "Mein Lieblingsessen ist Lasagne.", "2. Dezember"),
    ("Welchen Sport mach ich?", "Ich spiele jeden Dienstag Volleyball im Verein.", "1. Dezember"),
    ("Welchen Sport spiele ich?", "Ich spiele jeden Dienstag Volleyball im Verein.", "1. Dezember"),
    ("Wo arbeite ich nochmal?", "Ich arbeite bei Siemens als Ingenieurin.", "3. Dezember"),
    ("Was hab ich dir über meine Schwester erzählt?", "Meine Schwester Lena studiert Medizin in Leipzig.",
     "4. Dezember"),
    ("Wo wohne ich?", "Ich wohne in Köln.", "5. Dezember"),
    ("Was mache ich beruflich?", "Ich arbeite bei Siemens als Ingenieurin.", "3. Dezember"),
])
def test_told_over_days_answered_two_weeks_later_with_its_day(nova, question, fact, day):
    """Promoted facts are recalled (synapsen-promotion.md: promoted facts outlive the 14-day short-term lifetime): the answer
    is one sentence with the day and the person's words — no list of nodes."""
    _tell_over_days(nova)
    answer = nova.turn("anna", "nova", question, ASKED).answer
    assert answer == f"Am {day} hast du mir erzählt: „{fact}“"


def test_every_fact_reached_long_term(nova):
    _tell_over_days(nova)
    assert sorted(n["inhalt"] for n in nova.memory.long_term("anna", "nova")) == sorted(f for _, f in FACTS)


def test_a_fact_still_in_short_term_answers_the_same_day(nova):
    nova.turn("anna", "nova", "Mein Lieblingsessen ist Lasagne.", DAY1)  # no tick: still short-term
    answer = nova.turn("anna", "nova", "Was ist mein Lieblingsessen?", DAY1 + timedelta(hours=2)).answer
    assert answer == "Am 1. Dezember hast du mir erzählt: „Mein Lieblingsessen ist Lasagne.“"


@pytest.mark.parametrize("question", ["Was ist meine Lieblingsfarbe?", "Wie heißt mein Hund?",
                                      "Was hab ich dir über meinen Bruder erzählt?", "Welche Musik hör ich?"])
def test_never_told_is_said_never_a_neighbour_fact(nova, question):
    """Lieblingsessen, Schwester, Volleyball told — Lieblingsfarbe, Hund, Bruder, Musik asked."""
    _tell_over_days(nova)
    answer = nova.turn("anna", "nova", question, ASKED).answer
    assert answer == "Das hast du mir noch nicht erzählt."


def test_bob_never_hears_annas_facts(nova):
    """Each person sees only their own: anna's facts are no answer to bob, even with bob's own fact beside them."""
    _tell_over_days(nova, "anna")
    nova.turn("bob", "nova", "Mein Lieblingsessen ist Pizza.", DAY1)
    nova.pixie.tick(DAY1 + timedelta(hours=2))
    assert nova.turn("bob", "nova", "Was ist mein Lieblingsessen?", ASKED).answer == (
        "Am 1. Dezember hast du mir erzählt: „Mein Lieblingsessen ist Pizza.“")
    for question in ("Welchen Sport mach ich?", "Was hab ich dir über meine Schwester erzählt?", "Wo wohne ich?"):
        assert nova.turn("bob", "nova", question, ASKED).answer == "Das hast du mir noch nicht erzählt."
    assert "Lasagne" in nova.turn("anna", "nova", "Was ist mein Lieblingsessen?", ASKED).answer


@pytest.mark.parametrize("text", ["Was ist mein nächster Termin?", "Was steht auf meiner Einkaufsliste?",
                                  "Wie spät ist es?", "Mein Lieblingsessen ist Lasagne."])
def test_other_questions_are_no_memory_questions(text):
    assert memory_question(text) is None
