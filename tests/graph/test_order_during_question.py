"""A new order never answers a waiting question — the waiting question ends as dismissed and the
new text is handled as its own turn; real answers still answer. Measured on the external sets' sentences played as
answers to „Welche Liste meinst du?“: orders that name a list of their own (*Bitte Butter auf die Einkaufsliste*,
*Les mir meine Einkaufsliste vor*) were read as the choice and put the waiting item on the list they named."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import load_pending
from tests.support import berlin

NOW = berlin(2026, 12, 9, 9, 30)
FIG = "nova"


def _list_question(nova, user: str) -> None:
    """Two lists made with another figure (no running list in this conversation), then an item for „unsere Liste“."""
    nova.turn(user, "andere", "Erstelle eine Einkaufsliste mit Brot", NOW)
    nova.turn(user, "andere", "Erstelle eine Liste Baumarkt mit Spachtel", NOW)
    asked = nova.turn(user, FIG, "Setz Zimtsterne auf unsere Liste", NOW)
    assert asked.answer.startswith("Welche Liste meinst du"), asked.answer


def _lists(nova, user: str) -> dict[str, list[str]]:
    return {n["name"]: n["text"].splitlines() for n in nova.notes.list(user)}


@pytest.mark.parametrize(("said", "lists"), [
    ("Bitte Butter auf die einkaufsliste", {"Einkaufsliste": ["Brot", "Butter"], "Baumarkt": ["Spachtel"]}),
    ("Könntest du Tomaten in die EinkaufsListe, bitte", {"Einkaufsliste": ["Brot", "Tomaten"], "Baumarkt": ["Spachtel"]}),
    ("Raeume Spachtel von der Baumarkt-Liste", {"Einkaufsliste": ["Brot"], "Baumarkt": []}),
    ("Les mir meine Einkaufsliste vor", {"Einkaufsliste": ["Brot"], "Baumarkt": ["Spachtel"]}),
    ("Bitte entferne Spachtel", {"Einkaufsliste": ["Brot"], "Baumarkt": []}),
])
def test_an_order_naming_a_list_ends_the_which_list_question_and_runs_as_its_own(nova, said, lists):
    """notizen.md §7 (a waiting question) with the order is no choice — the waiting item lands
    nowhere, the question ends (dismissed), and the order itself is done."""
    _list_question(nova, "u1")
    result = nova.turn("u1", FIG, said, NOW)
    got = _lists(nova, "u1")
    assert {name: [i for i in items if i] for name, items in got.items()} == lists, result.answer
    assert load_pending(nova.stack.redis, "u1", FIG, NOW) is None
    assert ("notizen", "dismissed") in [(s["name"], s["status"]) for s in result.services], result.services
    if said.startswith("Les"):
        assert "Brot" in result.answer


@pytest.mark.parametrize(("said", "where"), [("die Einkaufsliste", "Einkaufsliste"), ("ja, die vom Baumarkt", "Baumarkt"),
                                             ("Die Liste vom Baumarkt", "Baumarkt"),
                                             ("auf die Einkaufsliste bitte", "Einkaufsliste")])
def test_real_answers_to_the_which_list_question_still_answer(nova, said, where):
    _list_question(nova, "u1")
    nova.turn("u1", FIG, said, NOW)
    assert "Zimtsterne" in _lists(nova, "u1")[where]


def test_an_order_of_its_own_never_answers_the_time_question_but_a_time_does(nova):
    """timeline.md §5.1 / §10 Klärfall: „Wann soll „Volleyball“ sein?“ — *Erstelle einen Termin morgen um 15 Uhr* is
    an order of its own (it asks for its own title), never Volleyball's time; *Freitag um 10* is the answer."""
    for k, said in enumerate(["Erstelle einen Termin morgen um 15 Uhr", "Termin morgen um 10 Uhr"]):
        nova.turn(f"t1{k}", FIG, "Trag Volleyball ein", NOW)
        own = nova.turn(f"t1{k}", FIG, said, NOW)
        assert nova.timeline.list(f"t1{k}", FIG) == [] and "Volleyball" not in own.answer, own.answer
    nova.turn("t2", FIG, "Trag Volleyball ein", NOW)
    nova.turn("t2", FIG, "Freitag um 10", NOW)
    [row] = nova.timeline.list("t2", FIG)
    assert (row["title"], f"{row['event_time'].astimezone(NOW.tzinfo):%d.%m. %H:%M}") == ("Volleyball", "11.12. 10:00")


def test_another_services_order_ends_the_which_list_question_despite_a_refusal_stem(nova):
    """*Erstelle einen Termin Zahnarzt*: the consent reading finds a refusal stem in *einen* — the timeline's order is
    no answer to „Welche Liste meinst du?“ all the same: the list question ends, the order asks its own question
    (when), and the waiting item lands nowhere."""
    _list_question(nova, "u1")
    result = nova.turn("u1", FIG, "Erstelle einen Termin Zahnarzt", NOW)
    assert ("notizen", "dismissed") in [(s["name"], s["status"]) for s in result.services], result.services
    assert load_pending(nova.stack.redis, "u1", FIG, NOW)["agent"] == "timeline"
    assert all("Zimtsterne" not in items for items in _lists(nova, "u1").values())
