"""Weak spots checked beside the external phrasing set: a list order with a pronoun and no list
named (*„Nimm ihn wieder runter“*) reaches the notes through the offline router and is read with the last
turns; when the pronoun points nowhere, Nova asks what is meant instead of „Das habe ich nicht notiert …“.
notizen.md §3 (Inhalts-Auflösung aus dem Verlauf), §7 (Rückfrage statt Raten)."""

from __future__ import annotations

from novaberg.notes.agent.dispatch import route_hint
from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _two_lists(db, user):
    repo = NotesRepository(db)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    repo.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)


def test_a_pronoun_order_without_a_list_is_routed_to_the_notes():
    """*„Nimm ihn wieder runter“*: a list verb with a pronoun item — the router sends it to the notes."""
    assert route_hint("Nimm ihn wieder runter") > 0.5
    assert route_hint("Streich das bitte") > 0.5
    assert route_hint("Wie geht es dir?") == 0.0


def test_nimm_ihn_wieder_runter_removes_the_item_of_the_last_turn(nova, db):
    """*„Setz Käse auf die Einkaufsliste“*, then *„Nimm ihn wieder runter“*: the Käse goes off again, the
    Baumarkt-Liste is untouched."""
    _two_lists(db, "u1")
    nova.turn("u1", "nova", "Setz Käse auf die Einkaufsliste", NOW)
    assert _lists(db, "u1")["Einkaufsliste"] == "Milch\nKäse"
    result = nova.turn("u1", "nova", "Nimm ihn wieder runter", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}, result.answer


def test_an_unclear_pronoun_asks_back_and_writes_nothing(nova, db):
    """Nothing named before: *„Nimm ihn wieder runter“* asks what *ihn* is — never „nicht notiert“, no write."""
    _two_lists(db, "u1")
    result = nova.turn("u1", "nova", "Nimm ihn wieder runter", NOW)
    assert "Was meinst du mit „ihn“" in result.answer, result.answer
    assert "nicht notiert" not in result.answer
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_a_pronoun_never_reaches_another_persons_turns(nova, db):
    """Each person sees only their own: Anna's *„Setz Käse …“* gives Ben's *„Nimm ihn wieder runter“* no
    meaning — Ben is asked, and neither list changes."""
    _two_lists(db, "anna")
    _two_lists(db, "ben")
    NotesRepository(db).insert("ben", "Notizen", "merkliste", "Käse", [], NOW)
    nova.turn("anna", "nova", "Setz Käse auf die Einkaufsliste", NOW)
    result = nova.turn("ben", "nova", "Nimm ihn wieder runter", NOW)
    assert "Was meinst du mit „ihn“" in result.answer, result.answer
    assert _lists(db, "ben") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch", "Notizen": "Käse"}
    assert _lists(db, "anna") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch\nKäse"}


def test_a_list_named_without_the_word_liste_is_written(nova, db):
    """*„Streich Käse aus Baumarkt“* / *„Ergänze Backpapier auf Baumarkt“* reach the
    Baumarkt-Liste (the name alone) — the Einkaufsliste is untouched."""
    repo = NotesRepository(db)
    repo.insert("u1", "Baumarkt-Liste", "einkauf", "Schrauben\nKäse", [], NOW)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Milch\nKäse", [], NOW)
    nova.turn("u1", "nova", "Streich Käse aus Baumarkt", NOW)
    nova.turn("u1", "nova", "Ergänze Backpapier auf Baumarkt", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben\nBackpapier", "Einkaufsliste": "Milch\nKäse"}


def test_a_bare_name_that_is_no_list_writes_nothing(nova, db):
    """*„Nimm Kaffee aus Kolumbien“*: no list of that name — nothing written anywhere; and another person's
    Baumarkt-Liste is never reached by *„Streich Käse aus Baumarkt“*."""
    _two_lists(db, "u1")
    NotesRepository(db).insert("ben", "Baumarkt-Liste", "einkauf", "Käse", [], NOW)
    nova.turn("u1", "nova", "Nimm Kaffee aus Kolumbien", NOW)
    nova.turn("u1", "nova", "Streich Käse aus Baumarkt", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}
    assert _lists(db, "ben") == {"Baumarkt-Liste": "Käse"}


def test_a_day_after_a_delete_verb_stays_the_timelines():
    """*„Lösch Zahnarzt von Montag“*: a day, not a list — the notes do not claim it."""
    assert route_hint("Lösch Zahnarzt von Montag") < 0.7
    assert route_hint("Streich Käse aus Baumarkt") > 0.7
