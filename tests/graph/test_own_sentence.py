"""What ends a waiting question of any kind (`agents.pending.is_own_sentence`, the plan's
`_no_answer`). timeline.md §10 Resume-TTL, the Klärfall note: „eine Antwort zählt nur im ersten Menschenturn nach
der Frage“; notizen.md §7 keeps the question once more for an unclear answer (a hesitation)."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import is_own_sentence, load_pending
from novaberg.directives.repository import DirectivesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)


@pytest.mark.parametrize("text", ["Ich war heute beim Bäcker", "Das Wetter ist schön heute", "Wie geht es dir?",
                                  "Danke", "Was habe ich morgen?", "Mein Bruder kommt am Wochenende"])
def test_sentences_of_their_own(text):
    assert is_own_sentence(text)


@pytest.mark.parametrize("text", ["hm, mal sehen", "Hmm, gute Frage", "ja", "nein", "ganz", "nur nächsten Montag",
                                  "den Käse", "nachmittags", "die Liste", "den Termin", "Setz Eier auf die Liste", ""])
def test_answers_hesitations_and_orders_are_none(text):
    assert not is_own_sentence(text)


def test_the_directive_question_ends_on_an_unrelated_sentence_but_not_on_a_hesitation(nova, db):
    """The generic rule reaches a kind it was not written for: „Soll ich mir das merken: …?“ (directives) —
    *„hm, mal sehen“* asks again; *„Ich war heute beim Bäcker“* ends it (dismissed), writes nothing, and a later
    *„Ja, gerne“* consents to nothing. The second person's question stays."""
    for user in ("d1", "d2"):
        assert nova.turn(user, "nova", "Nenn mich nie „Schatz“", NOW).services[0]["status"] == "rueckfrage"
    assert nova.turn("d1", "nova", "hm, mal sehen", NOW).services[0]["status"] == "rueckfrage"
    ended = nova.turn("d1", "nova", "Ich war heute beim Bäcker", NOW)
    assert [(s["name"], s["status"]) for s in ended.services][:1] == [("direktiven", "dismissed")], ended.services
    assert load_pending(nova.stack.redis, "d1", "nova", NOW) is None
    assert load_pending(nova.stack.redis, "d2", "nova", NOW) is not None
    nova.turn("d1", "nova", "Ja, gerne", NOW)
    assert DirectivesRepository(db).list("d1", "nova") == []
