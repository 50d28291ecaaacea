"""A named list that does not exist is never silently another list (notizen.md §7 "Rueckfrage-Szenarien":
add_content + Notiz nicht gefunden → „Einkaufsliste existiert nicht. Soll ich sie anlegen?“; §4 "Rueckfrage bei
nicht gefundener Notiz"). Found today: „Schreib … auf die Merkliste“ landed on the Einkaufsliste — *Merkliste*
and *Merkzettel* counted as a bare container word like *Liste*, so the search's nearest list was taken."""

from __future__ import annotations

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.repository import NotesRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)
USER = "u-merk"


def _lists(db) -> dict[str, str]:
    return {row["name"]: row["text"] for row in NotesRepository(db).list(USER)}


def _with_shopping_list(nova) -> None:
    assert "anlegen" in nova.turn(USER, "nova", "Schreib Milch und Brot auf die Einkaufsliste", NOW).answer
    assert "angelegt" in nova.turn(USER, "nova", "Ja", NOW).answer


@pytest.mark.parametrize(("text", "name", "item"), [
    ("Schreib Sonnencreme auf die Merkliste", "Merkliste", "Sonnencreme"),
    ("Schreib Tomaten auf meine Merkliste", "Merkliste", "Tomaten"),
    ("Setz Bücher auf den Merkzettel", "Merkzettel", "Bücher"),
    ("Schreib Kerzen auf die Geschenkeliste", "Geschenkeliste", "Kerzen"),
])
def test_missing_named_list_asks_and_creates_it_on_yes(nova, db, text, name, item):
    """notizen.md §7 Rueckfrage-Szenarien: the named list is missing → the question names it, the Einkaufsliste
    stays as it was; „Ja“ creates the named list with the item."""
    _with_shopping_list(nova)
    before = _lists(db)
    asked = nova.turn(USER, "nova", text, NOW)
    assert f"'{name}' gibt es noch nicht" in asked.answer, asked.answer
    assert "Einkaufsliste" not in asked.answer
    assert _lists(db) == before
    done = nova.turn(USER, "nova", "Ja", NOW)
    assert name in done.answer
    after = _lists(db)
    assert after["Einkaufsliste"] == before["Einkaufsliste"]
    assert item in after[name]


def test_missing_named_list_no_writes_nothing(nova, db):
    """§7: a refusal of the question writes nothing."""
    _with_shopping_list(nova)
    before = _lists(db)
    nova.turn(USER, "nova", "Schreib Sonnencreme auf die Merkliste", NOW)
    nova.turn(USER, "nova", "Nein", NOW)
    assert _lists(db) == before


def test_bare_list_still_means_the_running_list(nova, db):
    """The bare container word *die Liste* right after a list turn stays the running list (end of notizen.md)."""
    _with_shopping_list(nova)
    nova.turn(USER, "nova", "Schreib Zucker auf die Liste", NOW)
    assert "Zucker" in _lists(db)["Einkaufsliste"]


def test_existing_merkliste_is_found_by_its_name(nova, db):
    """A Merkliste that exists is the Merkliste — not the Einkaufsliste, and no question."""
    _with_shopping_list(nova)
    nova.turn(USER, "nova", "Schreib Sonnencreme auf die Merkliste", NOW)
    nova.turn(USER, "nova", "Ja", NOW)
    result = nova.turn(USER, "nova", "Schreib Hut auf die Merkliste", NOW)
    assert "Hut" in _lists(db)["Merkliste"] and "Hut" not in _lists(db)["Einkaufsliste"], result.answer


def test_model_paraphrase_target_merkliste_asks(db, redis, tmp_path):
    """The model side: a classifier that says the same in other words (target *Merkliste*) meets the same
    search rule — a question, not the Einkaufsliste."""
    offline = make_nova(db, redis, make_offline_llm(), tmp_path)
    _with_shopping_list(offline)
    before = _lists(db)
    scripted = ScriptedLLM({"notes_classify": {
        "action": "add_content", "target": "Merkliste", "target_typ": "titel",
        "normalisiert": "add_content: Sonnenmilch zu Notiz 'Merkliste' hinzufuegen", "inhalt": "Sonnenmilch", "konfidenz": "hoch"}},
        fallback=make_offline_llm())
    result = make_nova(db, redis, scripted, tmp_path).turn(USER, "nova", "Pack die Sonnenmilch noch mit auf die Merkliste",
                                                           NOW)
    assert "'Merkliste' gibt es noch nicht" in result.answer, result.answer
    assert _lists(db) == before
