"""The fourth external source (Bot Framework Solutions' German To Do model): list commands in frames the
reader left open, through `Nova.turn` — each names its list apart from its items, a list said by another word
(*Lebensmittelliste*, *Aufgaben*) is the person's own list of that meaning, and another person's lists never count.
(notizen.md §4: a named list is never another list; §5 add_content/remove_content; §7 a reference that fits two lists
asks; §8 `todo` holds tasks.)"""

from __future__ import annotations

import pytest

from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 11, 9, 30)


def _lists(db, user):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _seed(db, user, **lists):
    repo = NotesRepository(db)
    for name, text in lists.items():
        repo.insert(user, name.replace("_", "-"), "todo" if name.startswith("To") else "einkauf", text, [], NOW)


def test_a_grocery_list_is_the_shopping_list_and_never_another_persons(nova, db):
    """§4: *Lebensmittelliste* names no list of hers — it stands for her Einkaufsliste, not the Baumarkt list, and
    never for the Einkaufsliste of another person."""
    _seed(db, "u1", Einkaufsliste="Brot", Baumarkt="Dübel", To_do_Liste="Wäsche waschen")
    _seed(db, "u2", Einkaufsliste="Reis")
    nova.turn("u1", "nova", "Setze Milch auf meine Lebensmittelliste", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot\nMilch", "Baumarkt": "Dübel", "To-do-Liste": "Wäsche waschen"}
    assert _lists(db, "u2") == {"Einkaufsliste": "Reis"}


def test_a_list_of_the_said_name_wins_over_the_synonym(nova, db):
    _seed(db, "u1", Einkaufsliste="Brot", Lebensmittelliste="Mehl")
    nova.turn("u1", "nova", "Setze Milch auf meine Lebensmittelliste", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "Lebensmittelliste": "Mehl\nMilch"}


def test_a_synonym_that_fits_two_lists_asks_and_writes_nothing(nova, db):
    _seed(db, "u1", Einkaufsliste="Brot", Wochenmarkt_Einkaufsliste="Äpfel")
    result = nova.turn("u1", "nova", "Setze Milch auf meine Lebensmittelliste", NOW)
    assert "Einkaufsliste" in result.answer and "Wochenmarkt-Einkaufsliste" in result.answer, result.answer
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "Wochenmarkt-Einkaufsliste": "Äpfel"}


@pytest.mark.parametrize("sentence", ["Zeige meine Aufgaben", "Lies meine Aufgaben vor", "Überprüfe meine Aufgabenliste",
                                      "Ich muss meine Aufgaben sehen"])
def test_the_tasks_by_their_noun_read_the_todo_list(nova, db, sentence):
    _seed(db, "u1", Einkaufsliste="Brot", To_do_Liste="Wäsche waschen")
    result = nova.turn("u1", "nova", sentence, NOW)
    assert "Wäsche waschen" in result.answer and "Brot" not in result.answer, result.answer
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "To-do-Liste": "Wäsche waschen"}


def test_one_task_with_its_objects_is_one_line(nova, db):
    """*obst und gemüse zu kaufen* was written as the item „obst“ and the task „gemüse zu kaufen“ (a wrong write)."""
    _seed(db, "u1", Einkaufsliste="Brot", To_do_Liste="Wäsche waschen")
    nova.turn("u1", "nova", "Füge eine Aufgabe hinzu, Obst und Gemüse zu kaufen", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "To-do-Liste": "Wäsche waschen\nObst und Gemüse zu kaufen"}


@pytest.mark.parametrize("sentence, gone_from", [
    ("Einkaufsliste, lösche Eier", "Einkaufsliste"),
    ("Markiere Eier auf meiner Einkaufsliste als erledigt", "Einkaufsliste"),
    ("Lass die Eier in der Baumarkt-Liste weg", "Baumarkt"),
])
def test_the_list_said_apart_takes_the_item_off_that_list_only(nova, db, sentence, gone_from):
    _seed(db, "u1", Einkaufsliste="Brot\nEier", Baumarkt="Dübel\nEier")
    nova.turn("u1", "nova", sentence, NOW)
    lists = _lists(db, "u1")
    assert lists[gone_from] == ("Brot" if gone_from == "Einkaufsliste" else "Dübel"), lists
    other = "Baumarkt" if gone_from == "Einkaufsliste" else "Einkaufsliste"
    assert "Eier" in lists[other].splitlines(), lists


def test_a_task_taken_off_by_its_noun(nova, db):
    _seed(db, "u1", Einkaufsliste="Milch", To_do_Liste="Kaufe Milch\nRasen mähen")
    nova.turn("u1", "nova", "Lösche Aufgabe, kaufe Milch", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Milch", "To-do-Liste": "Rasen mähen"}


def test_a_polite_first_person_frame_keeps_every_item(nova, db):
    """*Kann ich Karamell, Käse, Popcorn …* wrote only „Popcorn“ (the reader took the last comma part)."""
    _seed(db, "u1", Einkaufsliste="Brot", Baumarkt="Dübel")
    nova.turn("u1", "nova", "Kann ich Karamell, Käse, Popcorn auf meine Einkaufsliste setzen", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot\nKaramell\nKäse\nPopcorn", "Baumarkt": "Dübel"}


def test_an_entry_without_a_list_asks_which_and_writes_nothing(nova, db):
    _seed(db, "u1", Einkaufsliste="Brot", Baumarkt="Dübel")
    result = nova.turn("u1", "nova", "Füge einen Artikel hinzu, Snacks kaufen", NOW)
    assert "Einkaufsliste" in result.answer and "Baumarkt" in result.answer, result.answer
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot", "Baumarkt": "Dübel"}


@pytest.mark.parametrize("sentence", ["Füge eine neue Einkaufsliste hinzu", "Füge diese Dinge meiner Einkaufsliste hinzu",
                                      "Markiere Salat auf der Einkaufsliste", "Alles wurde gekauft in der Einkaufsliste",
                                      "Setze die Einkaufsliste als beendet", "Lösch die Todo-Liste"])
def test_an_item_that_names_nothing_or_starts_with_a_list_verb_writes_nothing(nova, db, sentence):
    """A misread order never becomes an item (*„eine neue“*, *„markiere Salat“* were written as items)."""
    _seed(db, "u1", Einkaufsliste="Salat", To_do_Liste="Rasen mähen")
    nova.turn("u1", "nova", sentence, NOW)
    lists = _lists(db, "u1")
    assert lists.get("Einkaufsliste") == "Salat", lists
    if "Todo" not in sentence:
        assert lists.get("To-do-Liste") == "Rasen mähen", lists


def test_the_word_for_an_entry_is_no_part_of_it(nova, db):
    _seed(db, "u1", Einkaufsliste="Paris\nBrot")
    nova.turn("u1", "nova", "Entferne den Posten Paris von meiner Einkaufsliste", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot"}


def test_an_article_to_buy_is_the_thing_once_the_list_is_named(nova, db):
    """*„Füge einen Artikel hinzu, einige Snacks kaufen"*: she is asked which list; her answer writes *Snacks* — not
    the errand *einige Snacks kaufen* — on that list only."""
    _seed(db, "u1", Einkaufsliste="Brot", Baumarkt="Dübel")
    nova.turn("u1", "nova", "Füge einen Artikel hinzu, einige Snacks kaufen", NOW)
    nova.turn("u1", "nova", "Die Einkaufsliste", NOW)
    assert _lists(db, "u1") == {"Einkaufsliste": "Brot\nSnacks", "Baumarkt": "Dübel"}
