"""The bare order's question which is meant waits like a service's question.

*„Lösch Käse“* when Käse stands on a list and in an appointment title asks „… meinst du den Eintrag auf der Liste
oder den Termin?“ and stores the question (`agents.pending`, agent `planer`). A short answer resumes the order on
the side it names; anything else is no answer. timeline.md §10 Resume-TTL, the Klärfall note: „eine Antwort zählt
nur im ersten Menschenturn nach der Frage“ — an unrelated sentence or a new order ends the question as
dismissed and is handled as its own turn. Every test through `Nova.turn` with the offline model."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from novaberg.agents.pending import load_pending
from tests.support import berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"


def _items(nova, user):
    return {row["name"]: row["text"].splitlines() for row in nova.notes.list(user)}


def _titles(nova, user):
    return sorted(row["title"] for row in nova.timeline.list(user, FIGURE))


def _asked(nova, user, lists=("Einkaufsliste",)):
    for name in lists:
        nova.notes.insert(user, name, "einkauf", "Käse\nMilch", [], NOW)
    nova.turn(user, FIGURE, "Trag morgen um 10 Käse-Seminar ein", NOW)
    turn = nova.turn(user, FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("planer", "rueckfrage")], turn.answer
    assert "den Eintrag auf der Liste oder den Termin" in turn.answer
    assert load_pending(nova.stack.redis, user, FIGURE, NOW) is not None
    return turn


@pytest.mark.parametrize("answer", ["die Liste", "auf der Einkaufsliste", "Den Eintrag auf der Liste bitte"])
def test_the_list_answer_strikes_the_item_and_keeps_the_appointment(nova, answer):
    """§7 notizen.md (Wiederaufnahme): *„die Liste“* resumes „Lösch Käse“ on the list — Käse goes, the appointment
    „Käse-Seminar“ stays; the second person's identical data is untouched."""
    _asked(nova, "q1")
    _asked(nova, "q2")
    turn = nova.turn("q1", FIGURE, answer, NOW)
    assert "gestrichen: Käse" in turn.answer, turn.answer
    assert _items(nova, "q1") == {"Einkaufsliste": ["Milch"]}
    assert _titles(nova, "q1") == ["Käse-Seminar"]
    assert _items(nova, "q2") == {"Einkaufsliste": ["Käse", "Milch"]} and _titles(nova, "q2") == ["Käse-Seminar"]
    assert load_pending(nova.stack.redis, "q1", FIGURE, NOW) is None
    assert load_pending(nova.stack.redis, "q2", FIGURE, NOW) is not None  # hers still waits


def test_the_appointment_answer_deletes_the_appointment_and_keeps_the_item(nova):
    """*„den Termin“* resumes „Lösch Käse“ at the timeline: „Käse-Seminar“ goes, the list stays."""
    _asked(nova, "q3")
    turn = nova.turn("q3", FIGURE, "den Termin", NOW)
    assert _titles(nova, "q3") == [], turn.answer
    assert _items(nova, "q3") == {"Einkaufsliste": ["Käse", "Milch"]}


def test_a_named_list_of_two_that_hold_it_is_the_one_struck(nova):
    """Käse on two lists and in a title: *„von der Baumarkt-Liste“* strikes it there only."""
    _asked(nova, "q4", ("Einkaufsliste", "Baumarkt-Liste"))
    nova.turn("q4", FIGURE, "von der Baumarkt-Liste", NOW)
    assert _items(nova, "q4") == {"Einkaufsliste": ["Käse", "Milch"], "Baumarkt-Liste": ["Milch"]}
    assert _titles(nova, "q4") == ["Käse-Seminar"]


@pytest.mark.parametrize("sentence", ["Ich war heute beim Bäcker", "Wie geht es dir?", "Setz Eier auf die Einkaufsliste"])
def test_an_unrelated_sentence_or_a_new_order_is_no_answer(nova, sentence):
    """timeline.md §10 (Klärfall: an answer counts only in the first human turn after the question): an unrelated
    sentence or a new order ends the question as dismissed and is its own turn — nothing of Käse changes, and
    a later *„die Liste“* resumes nothing."""
    _asked(nova, "q5")
    turn = nova.turn("q5", FIGURE, sentence, NOW)
    assert ("planer", "dismissed") in [(s["name"], s["status"]) for s in turn.services], turn.services
    assert "meinst du" not in turn.answer
    assert load_pending(nova.stack.redis, "q5", FIGURE, NOW) is None
    nova.turn("q5", FIGURE, "die Liste", NOW)
    assert "Käse" in _items(nova, "q5")["Einkaufsliste"] and _titles(nova, "q5") == ["Käse-Seminar"]
    if sentence.startswith("Setz"):
        assert _items(nova, "q5")["Einkaufsliste"] == ["Käse", "Milch", "Eier"]


def test_parallel_answers_write_once(nova):
    """Every write path under parallel turns on one person (two persons at once): *„die Liste“* four times at once —
    the question is taken once, Käse struck once per person, the others are turns of their own."""
    for user in ("q6", "q7"):
        _asked(nova, user)
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda user: (user, nova.turn(user, FIGURE, "die Liste", NOW)), ["q6", "q7"] * 4))
    for user in ("q6", "q7"):
        struck = [r for u, r in results if u == user and "gestrichen: Käse" in r.answer]
        assert len(struck) == 1, [r.answer for u, r in results if u == user]
        assert _items(nova, user) == {"Einkaufsliste": ["Milch"]} and _titles(nova, user) == ["Käse-Seminar"]
        assert load_pending(nova.stack.redis, user, FIGURE, NOW) is None
