"""A bare delete/strike order (no list, no appointment word, no time) goes where the
person's data says, end to end through `Nova.turn` with the offline model. Before, the route hints saw only the
sentence: *„Lösch Käse“* went to the timeline („Einen Termin „Käse“ finde ich nicht“, or worse, it deleted the
appointment „Käse-Seminar“) while Käse stood on the shopping list."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

from novaberg.graph.bare_orders import MOVE, read_bare_order
from novaberg.graph.holdings import RepositoryHoldings
from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.agent.const import LIST_TYPES
from novaberg.notes.repository import NotesRepository
from novaberg.text.commands import REMOVE
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"


def _items(nova, user):
    return {row["name"]: row["text"].splitlines() for row in nova.notes.list(user)}


def _titles(nova, user, figure=FIGURE):
    return sorted(row["title"] for row in nova.timeline.list(user, figure))


def _shopping(nova, user, *items):
    nova.turn(user, FIGURE, f"Leg eine Einkaufsliste an mit {', '.join(items)}", NOW)


def test_loesch_kaese_after_setting_it_on_the_list_removes_the_item(nova):
    """„Setz Käse auf die Einkaufsliste“ then „Lösch Käse“: Käse is an item of her list and no appointment is called
    Käse — the item goes, no appointment is touched, the answer names the list."""
    _shopping(nova, "u-a", "Milch")
    nova.turn("u-a", FIGURE, "Trag morgen um 10 Zahnarzt ein", NOW)
    nova.turn("u-a", FIGURE, "Setz Käse auf die Einkaufsliste", NOW)
    turn = nova.turn("u-a", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-a") == {"Einkaufsliste": ["Milch"]}, turn.answer
    assert _titles(nova, "u-a") == ["Zahnarzt"]
    assert "Käse" in turn.answer and "Einkaufsliste" in turn.answer and "Termin" not in turn.answer, turn.answer


def test_a_noun_on_the_list_is_struck_even_when_another_list_ran_last(nova):
    """The data names the list that holds the item, not the list the conversation ran on: „Lösch den Käse“
    after something went on the Baumarkt list strikes Käse from the shopping list."""
    _shopping(nova, "u-b", "Käse", "Milch")
    nova.turn("u-b", FIGURE, "Leg eine Liste Baumarkt an mit Spachtel", NOW)
    nova.turn("u-b", FIGURE, "Setz Pinsel auf die Baumarkt-Liste", NOW)
    turn = nova.turn("u-b", FIGURE, "Lösch bitte den Käse", NOW)
    items = _items(nova, "u-b")
    assert items["Einkaufsliste"] == ["Milch"], (turn.answer, items)
    assert items["Baumarkt"] == ["Spachtel", "Pinsel"], (turn.answer, items)


def test_streich_das_after_a_list_answer_acts_on_the_list(nova):
    """„Streich das“ right after Nova answered about a list: the pronoun follows the last exchange (the Lage of
    the previous turn: a list) — the item just put on goes, no appointment is asked about."""
    _shopping(nova, "u-c", "Milch")
    nova.turn("u-c", FIGURE, "Trag morgen um 10 Zahnarzt ein", NOW)
    nova.turn("u-c", FIGURE, "Setz Eier auf die Einkaufsliste", NOW)
    turn = nova.turn("u-c", FIGURE, "Streich das", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-c") == {"Einkaufsliste": ["Milch"]}
    assert _titles(nova, "u-c") == ["Zahnarzt"] and "Termin" not in turn.answer, turn.answer


def test_loesch_das_after_an_appointment_answer_stays_with_the_timeline(nova):
    """The twin: after an appointment answer the pronoun is the timeline's (its own question), the list untouched."""
    _shopping(nova, "u-d", "Milch", "Eier")
    nova.turn("u-d", FIGURE, "Trag morgen um 10 Zahnarzt ein", NOW)
    turn = nova.turn("u-d", FIGURE, "Lösch das", NOW)
    assert turn.services and turn.services[0]["name"] == "timeline", turn.answer
    assert _items(nova, "u-d") == {"Einkaufsliste": ["Milch", "Eier"]}


def test_an_appointment_and_a_list_item_of_the_same_word_ask_which(nova):
    """An appointment „Käse-Seminar“ and the list item „Käse“: „Lösch Käse“ asks which is meant and writes nothing."""
    _shopping(nova, "u-e", "Käse", "Milch")
    nova.turn("u-e", FIGURE, "Trag morgen um 10 Käse-Seminar ein", NOW)
    turn = nova.turn("u-e", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("planer", "rueckfrage")], turn.answer
    assert "Käse-Seminar" in turn.answer and "Einkaufsliste" in turn.answer and "?" in turn.answer, turn.answer
    assert _titles(nova, "u-e") == ["Käse-Seminar"]
    assert _items(nova, "u-e") == {"Einkaufsliste": ["Käse", "Milch"]}


def test_an_appointment_title_alone_stays_with_the_timeline(nova):
    """The reverse: the word only in an appointment title (nothing on her lists) — the timeline acts on it."""
    _shopping(nova, "u-f", "Milch")
    nova.turn("u-f", FIGURE, "Trag morgen um 10 Zahnarzt ein", NOW)
    nova.turn("u-f", FIGURE, "Setz Eier auf die Einkaufsliste", NOW)
    turn = nova.turn("u-f", FIGURE, "Streich den Zahnarzt", NOW)
    assert [s["name"] for s in turn.services] == ["timeline"], turn.answer
    assert _titles(nova, "u-f") == [] and _items(nova, "u-f") == {"Einkaufsliste": ["Milch", "Eier"]}


def test_another_persons_data_never_steers_the_route(nova):
    """Person B's appointment „Käse-Seminar“ (and A's own with another figure) make no question for A: A's
    „Lösch Käse“ strikes A's list item; B's list item „Käse“ stays, B's appointment too."""
    _shopping(nova, "u-a2", "Käse", "Milch")
    nova.turn("u-b2", FIGURE, "Trag morgen um 10 Käse-Seminar ein", NOW)
    _shopping(nova, "u-b2", "Käse")
    nova.turn("u-a2", "luna", "Trag morgen um 11 Käse-Workshop ein", NOW)
    turn = nova.turn("u-a2", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-a2") == {"Einkaufsliste": ["Milch"]}
    assert _items(nova, "u-b2") == {"Einkaufsliste": ["Käse"]} and _titles(nova, "u-b2") == ["Käse-Seminar"]
    assert _titles(nova, "u-a2", "luna") == ["Käse-Workshop"]


def test_the_holdings_read_is_bound_to_the_person_and_the_pair(nova):
    """§ each person sees only her own: the reads see A's lists and A×nova's appointments only."""
    _shopping(nova, "u-h1", "Käse")
    nova.turn("u-h2", FIGURE, "Trag morgen um 10 Käse-Seminar ein", NOW)
    held = RepositoryHoldings(nova.stack.db).held("u-h1", FIGURE, list_types=LIST_TYPES, item_patterns=["%Käse%"],
                                           title_patterns=["%käse%"])
    assert [name for name, _ in held.lists] == ["Einkaufsliste"] and held.titles == ()
    other = RepositoryHoldings(nova.stack.db).held("u-h2", FIGURE, list_types=LIST_TYPES, item_patterns=["%Käse%"],
                                            title_patterns=["%käse%"])
    assert other.lists == () and other.titles == ("Käse-Seminar",)


def test_parallel_bare_orders_strike_once_and_lose_nothing(nova):
    """Every write path under parallel turns on one person: four „Lösch Käse“ at once — Käse goes, Milch stays."""
    _shopping(nova, "u-p", "Käse", "Milch", "Eier")
    with ThreadPoolExecutor(max_workers=4) as pool:
        turns = list(pool.map(lambda _: nova.turn("u-p", FIGURE, "Lösch Käse", NOW), range(4)))
    assert all(t.services and t.services[0]["name"] == "notizen" for t in turns), [t.answer for t in turns]
    assert _items(nova, "u-p") == {"Einkaufsliste": ["Milch", "Eier"]}


@pytest.mark.parametrize(("text", "kind", "thing", "pronoun"), [
    ("Lösch Käse", REMOVE, "Käse", ""),
    ("Lösch bitte den Käse", REMOVE, "Käse", ""),
    ("Kannst du den Käse löschen?", REMOVE, "Käse", ""),
    ("Streich das", REMOVE, "", "das"),
    ("Streich es bitte", REMOVE, "", "es"),
    ("Hak sie ab", REMOVE, "", "sie"),
    ("Sag den Zahnarzt ab", REMOVE, "Zahnarzt", ""),
    ("Verschieb den", MOVE, "", "den"),
    ("Oma anrufen ist erledigt, streich das", REMOVE, "Oma anrufen", ""),
])
def test_bare_orders_are_read(text, kind, thing, pronoun):
    order = read_bare_order(text)
    assert order is not None and (order.kind, order.object, order.pronoun) == (kind, thing, pronoun), order


@pytest.mark.parametrize("text", [
    "Lösch Käse von der Einkaufsliste", "Lösch den Termin Käse", "Lösch Zahnarzt am Montag", "Was ist mit Käse?",
    "Käse ist erledigt", "Lösch den Zahnarzt morgen um 10", "Trag Käse ein", "Leg eine Liste an",
    "Lösch den Käse nicht", "Streich das bitte nicht",
])
def test_orders_with_a_container_a_time_or_no_delete_verb_are_not_bare(text):
    assert read_bare_order(text) is None


def _holdings_reads(nova, monkeypatch, user, text):
    sent: list[str] = []
    original = psycopg.Cursor.execute

    def spy(self, query, *args, **kwargs):
        sent.append(str(query))
        return original(self, query, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(psycopg.Cursor, "execute", spy)
        nova.turn(user, FIGURE, text, NOW)
    return sum(1 for query in sent if "ILIKE ANY" in query and "FROM notizen" in query), len(sent)


def test_the_data_is_read_once_and_only_for_a_bare_noun_order(nova, monkeypatch):
    """One statement for „Lösch Käse“; none for an order with its list or time, a pronoun (the Lage decides) or
    a move (the notes have none)."""
    _shopping(nova, "u-q", "Käse", "Milch")
    assert _holdings_reads(nova, monkeypatch, "u-q", "Trag morgen um 10 Zahnarzt ein")[0] == 0
    assert _holdings_reads(nova, monkeypatch, "u-q", "Streich Milch von der Einkaufsliste")[0] == 0
    assert _holdings_reads(nova, monkeypatch, "u-q", "Verschieb den Zahnarzt")[0] == 0
    assert _holdings_reads(nova, monkeypatch, "u-q", "Setz Eier auf die Einkaufsliste")[0] == 0
    assert _holdings_reads(nova, monkeypatch, "u-q", "Streich das")[0] == 0
    assert _holdings_reads(nova, monkeypatch, "u-q", "Lösch Käse")[0] == 1


def test_a_model_router_is_not_asked_when_the_data_decides(db, redis, tmp_path):
    """With a model: the data decides before the router prompt (a model saying „timeline“ for „Lösch Käse“ would
    repeat the old fault) — the item goes, the router task is never called for that turn."""
    llm = ScriptedLLM(fallback=make_offline_llm())
    llm.script("router", {"domain": "timeline"})
    nova = make_nova(db, redis, llm, tmp_path)
    NotesRepository(db).insert("u-m", "Einkaufsliste", "einkauf", "Käse\nMilch", ["Einkaufsliste"], NOW)
    turn = nova.turn("u-m", FIGURE, "Lösch Käse", NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert _items(nova, "u-m") == {"Einkaufsliste": ["Milch"]}
    assert not llm.calls.get("router"), llm.calls.get("router")


def test_streich_das_after_the_list_was_only_read_writes_nothing(nova):
    """A read of the whole list names no single thing: „Streich das“ then must not strike the item an older turn
    put on (the notes would resolve the pronoun to it) — nothing is struck."""
    _shopping(nova, "u-r", "Käse", "Milch")
    nova.turn("u-r", FIGURE, "Setz Eier auf die Einkaufsliste", NOW)
    nova.turn("u-r", FIGURE, "Was steht auf meiner Einkaufsliste?", NOW)
    turn = nova.turn("u-r", FIGURE, "Streich das", NOW)
    assert _items(nova, "u-r") == {"Einkaufsliste": ["Käse", "Milch", "Eier"]}, turn.answer
