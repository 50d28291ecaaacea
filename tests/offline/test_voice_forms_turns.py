"""End to end through `Nova.turn`: orders as a speech recogniser writes them — lower case, no punctuation,
numbers as words, ae/oe/ue, a list compound in two words — land where their written forms land, for each person
only on her own lists; items said without the commas that parted them are not guessed (nothing written)."""

from __future__ import annotations

from datetime import datetime

from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday


def _lists(db, user: str) -> dict[str, str]:
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _two_lists(db, user: str) -> None:
    repo = NotesRepository(db)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    repo.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)


def test_list_orders_in_voice_form_reach_their_list_and_only_hers(nova, db) -> None:
    """*füge klopapier einkaufs liste hinzu* (before: the item „klopapier einkaufs“ after asking for the list),
    *backpapier auf baumarkt bitte* (before: „Ohne Sprachmodell …“) — each on its list; Ben's lists stay."""
    _two_lists(db, "anna")
    _two_lists(db, "ben")
    nova.turn("anna", "nova", "füge klopapier einkaufs liste hinzu", NOW)
    nova.turn("anna", "nova", "Backpapier auf Baumarkt bitte", NOW)
    nova.turn("anna", "nova", "loesche milch von der einkaufsliste", NOW)
    assert _lists(db, "anna") == {"Baumarkt-Liste": "Schrauben\nBackpapier", "Einkaufsliste": "klopapier"}
    assert _lists(db, "ben") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_items_without_their_commas_write_nothing(nova, db) -> None:
    """*setz milch eier und butter auf die einkaufsliste*: „milch eier“ may be one item or two — nothing is written
    (a wrong item is worse than none); *Urlaub auf Mallorca bitte* names no list of hers — nothing either."""
    _two_lists(db, "u1")
    nova.turn("u1", "nova", "setz milch eier und butter auf die einkaufsliste", NOW)
    nova.turn("u1", "nova", "Urlaub auf Mallorca bitte", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_an_appointment_in_voice_form_is_entered_at_its_minute(nova, db) -> None:
    """*trag mir morgen um vierzehn uhr dreissig den zahnarzt ein* → Tuesday 14:30 (before: no time read, the
    minute word ended up in the title)."""
    nova.turn("u1", "nova", "trag mir morgen um vierzehn uhr dreissig den zahnarzt ein", NOW)
    rows = TimelineRepository(db).list("u1", "nova")
    assert [(r["title"].casefold(), r["event_time"]) for r in rows] == [
        ("zahnarzt", datetime(2026, 12, 1, 14, 30, tzinfo=NOW.tzinfo))]
    assert TimelineRepository(db).list("u2", "nova") == []


def test_an_adjective_and_its_noun_are_one_item_and_a_doubt_says_what_is_missing(nova, db) -> None:
    """*setz rote paprika auf die einkaufsliste*, *frische milch …*: adjectives before a noun make one item, said in
    lower case too (before: nothing written, and the answer asked for an order already given); *füge milch eier zur
    einkaufsliste hinzu* stays unwritten, and the answer asks whether it is one item or several."""
    _two_lists(db, "adj")
    _two_lists(db, "other")
    nova.turn("adj", "nova", "setz rote paprika auf die einkaufsliste", NOW)
    nova.turn("adj", "nova", "Frische Milch auf die Einkaufsliste bitte", NOW)
    nova.turn("adj", "nova", "setz griechischen joghurt auf die einkaufsliste", NOW)
    doubt = nova.turn("adj", "nova", "füge milch eier zur einkaufsliste hinzu", NOW)
    assert _lists(db, "adj") == {"Baumarkt-Liste": "Schrauben",
                                 "Einkaufsliste": "Milch\nrote paprika\nFrische Milch\ngriechischen joghurt"}
    assert "ein Eintrag oder" in doubt.answer and "nichts notiert" in doubt.answer
    assert _lists(db, "other") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}
