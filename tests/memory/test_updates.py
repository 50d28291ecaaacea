"""Knowledge updates: a newer told fact in the same slot (`text/told_slots.py`) supersedes the older
node — kept, marked and linked (`store/schema/memory/004_abgeloest.sql`), never deleted; the offline answer gives
the newest with the older as history; `[ERINNERUNGEN]` gives a model both with their days and which is current."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import read_memory_block
from novaberg.text.told_slots import names_of, slot_of
from tests.memory.helpers import NOW, agent, remember
from tests.support import berlin, make_deps

DAY1 = berlin(2026, 11, 2, 18)
ASKED = DAY1 + timedelta(days=30)


def _nodes(db, user: str = "anna") -> dict[str, dict]:
    with db.transaction() as conn:
        rows = conn.execute("SELECT id, inhalt, thema, abgeloest_durch, abgeloest_am FROM lzg_knoten "
                            "WHERE user_id = %s ORDER BY id", (user,)).fetchall()
    return {r["inhalt"]: dict(r) for r in rows}


def _tell(nova, user: str, said: str, day: int) -> None:
    nova.turn(user, "nova", said, DAY1 + timedelta(days=day))
    nova.pixie.tick(DAY1 + timedelta(days=day, hours=2))


KOELN = "Ich wohne in Köln."
BONN = "Wir sind nach Bonn umgezogen, ich wohne jetzt in Bonn."


def test_a_move_supersedes_the_old_home_kept_and_linked(nova, db):
    """*Ich wohne in Köln* → later *… ich wohne jetzt in Bonn*: the Köln node stays, marked
    superseded by the Bonn node; nothing is deleted."""
    _tell(nova, "anna", KOELN, 0)
    _tell(nova, "anna", "Mein Lieblingsessen ist Lasagne.", 3)
    _tell(nova, "anna", BONN, 14)
    nodes = _nodes(db)
    assert set(nodes) == {KOELN, BONN, "Mein Lieblingsessen ist Lasagne."}
    assert nodes[KOELN]["abgeloest_durch"] == nodes[BONN]["id"] and nodes[KOELN]["abgeloest_am"] is not None
    assert nodes[BONN]["abgeloest_durch"] is None and nodes[BONN]["thema"] == "ich|wohnort"
    assert nodes["Mein Lieblingsessen ist Lasagne."]["abgeloest_durch"] is None


def test_the_answer_gives_the_newest_with_the_older_as_history(nova):
    _tell(nova, "anna", KOELN, 0)
    _tell(nova, "anna", BONN, 14)
    answer = nova.turn("anna", "nova", "Wo wohne ich jetzt?", ASKED).answer
    assert answer == (f"Am 16. November hast du mir erzählt: „{BONN}“\n"
                      f"Vorher, am 2. November: „{KOELN}“")


def test_an_unrelated_newer_fact_supersedes_nothing(nova, db):
    """The rule: same subject and same slot. A newer fact about work, a favourite or a relative's home leaves the
    person's own home current."""
    _tell(nova, "anna", KOELN, 0)
    for day, said in enumerate(("Ich arbeite bei Siemens als Ingenieurin.", "Mein Lieblingsessen ist Lasagne.",
                                "Meine Schwester wohnt in Leipzig.", "Meine Mutter ist nach Bonn gezogen."), start=1):
        _tell(nova, "anna", said, day)
    assert all(node["abgeloest_durch"] is None for node in _nodes(db).values())
    assert nova.turn("anna", "nova", "Wo wohne ich?", ASKED).answer == (
        f"Am 2. November hast du mir erzählt: „{KOELN}“")


def test_another_persons_move_supersedes_nothing_of_mine(nova, db):
    """Each person sees only their own: bob's move to Bonn does not touch anna's Köln."""
    _tell(nova, "anna", KOELN, 0)
    _tell(nova, "bob", BONN, 5)
    assert _nodes(db, "anna")[KOELN]["abgeloest_durch"] is None
    assert nova.turn("anna", "nova", "Wo wohne ich?", ASKED).answer == (
        f"Am 2. November hast du mir erzählt: „{KOELN}“")
    assert nova.turn("bob", "nova", "Wo wohne ich?", ASKED).answer == f"Am 7. November hast du mir erzählt: „{BONN}“"


def test_the_block_gives_a_model_both_with_their_days_and_which_is_current(db, redis):
    remember(redis, KOELN, "t1", user="anna", now=NOW)
    remember(redis, BONN, "t2", user="anna", now=NOW + timedelta(days=10))
    agent(db, redis).run(NOW + timedelta(days=10, hours=1))
    state = {"turn_id": uuid.uuid4(), "user_id": "anna", "character_id": "nova", "text": "Wo wohne ich?",
             "now": NOW + timedelta(days=20)}
    block = read_memory_block(state, make_deps(db, redis, ScriptedLLM()))
    lines = block.text.splitlines()
    assert f"- „{BONN}“ (erzählt am 11.12.2026, aktuell)" in lines
    assert f"- „{KOELN}“ (erzählt am 01.12.2026, früher — abgelöst am 11.12.2026)" in lines


def test_promoted_out_of_order_the_older_is_still_the_superseded_one(db, redis):
    """A newer fact promoted first: the older one promoted later is marked superseded at once."""
    remember(redis, BONN, "t2", user="anna", now=NOW + timedelta(days=10))
    agent(db, redis).run(NOW + timedelta(days=10, hours=1))
    remember(redis, KOELN, "t1", user="anna", now=NOW)
    agent(db, redis).run(NOW + timedelta(days=10, hours=2))
    nodes = _nodes(db)
    assert nodes[KOELN]["abgeloest_durch"] == nodes[BONN]["id"] and nodes[BONN]["abgeloest_durch"] is None


@pytest.mark.parametrize(("older", "newer", "same"), [
    ("Ich wohne in Köln.", "Ich bin nach Bonn gezogen.", True),
    ("Mein Lieblingsbuch ist „Der Vorleser“.", "Inzwischen ist mein Lieblingsbuch „Die Mittagsfrau“.", True),
    ("Meine Freundin heißt Nele.", "Meine neue Freundin heißt Kim.", True),
    ("Mein Hausarzt ist Dr. Weber.", "Ich habe einen neuen Hausarzt, Dr. Yilmaz.", True),
    ("Ich arbeite im Krankenhaus.", "Ich habe die Stelle gewechselt und arbeite jetzt in einer Praxis.", True),
    ("Meine Tochter Sarah lebt in München.", "Sarah ist nach Hamburg gezogen.", True),
    ("Ich wohne in Köln.", "Meine Schwester wohnt in Leipzig.", False),
    ("Mein Lieblingsessen ist Lasagne.", "Mein Lieblingsbuch ist „Momo“.", False),
    ("Ich wohne in Köln.", "Ich arbeite in Bonn.", False),
    ("Ich wohne in Köln.", "Ich spiele jeden Dienstag Volleyball.", False),
])
def test_the_slot_rule(older, newer, same):
    names = names_of([older, newer])
    assert slot_of(older, names) is not None
    assert (slot_of(older, names) == slot_of(newer, names)) is same
