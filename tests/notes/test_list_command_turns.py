"""Everyday list sentences end to end through `Nova.turn`, with a second list
(„Baumarkt-Liste“) present so that a write on the wrong list shows; notizen.md §3 (Container vs. Inhalt),
§5 add_content/remove_content, §7 (Rückfrage bei mehreren Treffern)."""

from __future__ import annotations

import pytest

from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user="u1"):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _two_lists(db, shopping="Milch", user="u1"):
    repo = NotesRepository(db)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    repo.insert(user, "Einkaufsliste", "einkauf", shopping, [], NOW)


def _say(nova, text, user="u1"):
    result = nova.turn(user, "nova", text, NOW)
    services = [s for s in result.services if s["name"] == "notizen"]
    return result, (services[0] if services else None)


@pytest.mark.parametrize(
    ("sentence", "item"),
    [
        ("Füge Eier zu meiner Einkaufsliste hinzu", "Eier"),
        ("Ergänze Quark in meiner Einkaufsliste", "Quark"),
        ("Füge Eier zu meiner Einkaufsliste hinzu, bitte", "Eier"),
        ("Füge Eier zu meiner Einkaufsliste hinzu, danke", "Eier"),
        ("Kaffee auf unsere Einkaufsliste", "Kaffee"),
        ("Eier auf die Einkaufsliste", "Eier"),
        ("Milch auf die Einkaufsliste setzen", "Milch"),
        ("Kannst du Tomaten der Einkaufsliste hinzufügen", "Tomaten"),
        ("Könntest du Öl zu unserem Einkauf hinzufügen", "Öl"),
    ],
)
def test_add_in_other_peoples_words_lands_on_the_named_list(nova, db, sentence, item):
    """The closing particle, the elliptic order, the infinitive, the polite frame and
    *dem Einkauf* all add exactly the item to the Einkaufsliste — never to the Baumarkt-Liste, never with
    the container phrase inside the item."""
    _two_lists(db, shopping="Brot")
    _, service = _say(nova, sentence)
    assert service is not None and service["status"] == "abgeschlossen", service
    assert _lists(db) == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": f"Brot\n{item}"}


@pytest.mark.parametrize(
    "sentence",
    [
        "Nehme Käse aus unserer Einkaufsliste raus",
        "Schließe Käse von meiner Einkaufsliste ab",
        "Lösch den Käse aus meinem Einkauf raus",
        "Eier von unserem Einkauf nehmen",
    ],
)
def test_remove_with_separable_verbs_and_dem_einkauf(nova, db, sentence):
    """*nimm … raus*, *schließ … ab*, *lösch … aus meinem Einkauf raus* (once routed to the
    calendar), *… von unserem Einkauf nehmen* remove the item from the Einkaufsliste only."""
    _two_lists(db, shopping="Käse\nEier\nBrot")
    _, service = _say(nova, sentence)
    assert service is not None and service["status"] == "abgeschlossen", service
    gone = "Eier" if "Eier" in sentence else "Käse"
    left = [line for line in ("Käse", "Eier", "Brot") if line != gone]
    assert _lists(db) == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "\n".join(left)}


def test_bare_unsere_liste_asks_which_list_and_the_answer_chooses(nova, db):
    """*„Bitte Backpapier zu unserer Liste hinzufügen“* with two lists asks which one (it
    once guessed: the one whose name holds *Liste*); nothing is written until the answer names one."""
    repo = NotesRepository(db)
    repo.insert("u1", "Baumarkt", "einkauf", "Schrauben", [], NOW)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result, service = _say(nova, "Bitte Backpapier zu unserer Liste hinzufügen")
    assert service["status"] == "rueckfrage", service
    assert "Baumarkt" in result.answer and "Einkaufsliste" in result.answer
    assert _lists(db) == {"Baumarkt": "Schrauben", "Einkaufsliste": "Milch"}
    _, service = _say(nova, "die Baumarkt")
    assert service["status"] == "abgeschlossen", service
    assert _lists(db) == {"Baumarkt": "Schrauben\nBackpapier", "Einkaufsliste": "Milch"}


def test_bare_liste_with_one_list_takes_it(nova, db):
    """A bare *Liste* fits one list only when the person has one."""
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    _, service = _say(nova, "Füge Eier zu meiner Liste hinzu")
    assert service["status"] == "abgeschlossen", service
    assert _lists(db) == {"Einkaufsliste": "Milch\nEier"}


def test_create_a_named_list_with_items(nova, db):
    """*„Erstelle eine Liste Baumarkt mit Spachtel, Pinsel“* is as explicit as it gets (it was
    refused): a list „Baumarkt“ with both items."""
    _, service = _say(nova, "Erstelle eine Liste Baumarkt mit Spachtel, Pinsel")
    assert service["status"] == "abgeschlossen", service
    assert _lists(db) == {"Baumarkt": "Spachtel\nPinsel"}


def test_pronoun_points_to_the_item_named_in_the_same_sentence(nova, db):
    """*„Den Käse hab ich schon, nimm ihn bitte von der Liste“* removes the Käse (it
    answered „hat sich nichts geändert“)."""
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Käse\nMilch", [], NOW)
    _, service = _say(nova, "Den Käse hab ich schon, nimm ihn bitte von der Liste")
    assert service["status"] == "abgeschlossen", service
    assert _lists(db) == {"Einkaufsliste": "Milch"}


def test_completion_strikes_from_the_list_that_holds_it(nova, db):
    """*„Oma anrufen ist erledigt, streich das“* strikes „Oma anrufen“ from the one list
    that holds it; the other list is untouched."""
    repo = NotesRepository(db)
    repo.insert("u1", "To-do-Liste", "todo", "Oma anrufen\nSteuer machen", [], NOW)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    _, service = _say(nova, "Oma anrufen ist erledigt, streich das")
    assert service["status"] == "abgeschlossen", service
    assert _lists(db) == {"To-do-Liste": "Steuer machen", "Einkaufsliste": "Milch"}


def test_a_pronoun_without_anything_named_writes_nothing(nova, db):
    """*„Nimm ihn von der Einkaufsliste“* with nothing named before: no guess, no write."""
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Käse\nMilch", [], NOW)
    _say(nova, "Nimm ihn von der Einkaufsliste")
    assert _lists(db) == {"Einkaufsliste": "Käse\nMilch"}


def test_lists_of_another_person_are_never_offered_or_written(nova, db):
    """Each person sees only their own: Anna's bare *Liste* with one own list takes hers; Ben's lists are
    neither offered nor changed."""
    _two_lists(db, user="ben")
    NotesRepository(db).insert("anna", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result, service = _say(nova, "Füge Eier zu meiner Liste hinzu", user="anna")
    assert service["status"] == "abgeschlossen", service
    assert "Baumarkt" not in result.answer
    assert _lists(db, "anna") == {"Einkaufsliste": "Milch\nEier"}
    assert _lists(db, "ben") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_parallel_turns_in_new_phrasings_keep_both_items(db, redis):
    """Every write path under parallel turns of one person: two list commands in other people's words at
    once both land on the Einkaufsliste; the Baumarkt-Liste stays as it was."""
    import threading

    from tests.notes.helpers import deps_with, run
    from tests.support import make_offline_llm

    _two_lists(db)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def turn(text: str) -> None:
        start.wait(5)
        outcomes.append(run(deps_with(db, redis, make_offline_llm()), text).status)

    threads = [threading.Thread(target=turn, args=(text,)) for text in
               ("Könntest du Öl zu unserem Einkauf hinzufügen", "Kaffee auf unsere Einkaufsliste, danke")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert outcomes == ["abgeschlossen", "abgeschlossen"]
    lists = _lists(db)
    assert lists["Baumarkt-Liste"] == "Schrauben"
    assert sorted(lists["Einkaufsliste"].split("\n")) == ["Kaffee", "Milch", "Öl"]



def test_pronoun_points_to_the_item_last_talked_about():
    """With nothing named in the sentence itself, *ihn* is the one item of the last list
    turn — *„Setz Käse auf die Einkaufsliste“*, then *„Nimm ihn wieder runter“* (the notes' reading; end to
    end through the router in tests/notes/test_list_pronoun_orders.py)."""
    from novaberg.notes.agent.offline import parse

    history = [("Setz Käse auf die Einkaufsliste", "Auf 'Einkaufsliste' steht jetzt auch: Käse.")]
    reading = parse("Nimm ihn wieder runter", history)
    assert (reading.action, reading.target, reading.items) == ("remove_content", "Einkaufsliste", ("Käse",))
    two = [("Setz Käse und Milch auf die Einkaufsliste", "…")]
    assert parse("Nimm ihn wieder runter", two).action == "rejected"  # two things named: unclear, no write


def test_write_path_refuses_an_added_item_that_holds_a_list_phrase(db, redis):
    """An item never holds more than the item, at the write path, whatever the model says: a rewrite that would add „Tomaten der
    Einkaufsliste“ (the old wrong write) is refused loudly and the list stays as it was."""
    from novaberg.llm.scripted import ScriptedLLM
    from novaberg.notes.agent.const import TASK_REWRITE
    from novaberg.notes.agent.crud import Context, rewrite_note
    from tests.notes.helpers import deps_with
    from tests.support import make_offline_llm

    repo = NotesRepository(db)
    note = repo.insert("u1", "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    llm = ScriptedLLM({TASK_REWRITE: {"text": "Schrauben\nTomaten der Einkaufsliste"}}, fallback=make_offline_llm())
    result = rewrite_note(Context(deps_with(db, redis, llm), "u1", NOW), note, "add_content",
                          "Kannst du Tomaten der Einkaufsliste hinzufügen", "", [])
    assert result["status"] == "fehler" and "Tomaten der Einkaufsliste" in result["answer"], result
    assert repo.get(note["id"], "u1")["text"] == "Schrauben"
