"""§5 Create: a name only on evidence, else the first five words of the content (`name_grounds`,
`derive_name`); summary = first 20 words; the new note is read back before it counts."""

from __future__ import annotations

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.agent.const import TASK_CLASSIFY
from novaberg.notes.agent.crud import derive_name, name_grounds
from novaberg.notes.repository import summary_of
from tests.notes.helpers import all_rows, deps_with, notes, run
from tests.support import make_offline_llm


@pytest.mark.parametrize(
    ("name", "instruction", "request_text", "content", "offered"),
    [
        ("Baumarkt", "create: Neue Notiz 'Baumarkt' mit Typ 'einkauf' anlegen", "Mach ne Liste für den Baumarkt", "", False),
        ("Einkaufsliste", "", "Erstelle die Liste „Einkaufsliste“", "", False),  # named in quotes by the person
        ("Gewürzliste", "", "ja", "", True),  # the offered thing of a consent
        ("Hohle Gasse", "", "Notier dir: Durch diese hohle Gasse muss er kommen",
         "Durch diese hohle Gasse muss er kommen", False),  # shares a word of >= 4 letters
        ("Reifen", "", "x", "Reifen wechseln", False),  # the start of the content
        ("Gruesse", "", "x", "Grüße an Oma", False),  # umlauts folded
    ],
)
def test_name_with_evidence_counts(name, instruction, request_text, content, offered):
    assert name_grounds(name, instruction, request_text, content, offered)


@pytest.mark.parametrize(
    ("name", "instruction", "request_text", "content"),
    [
        ("Neue Notiz", "create: Neue Notiz mit Inhalt: Milch", "Notier dir: Milch", "Milch"),  # NOTIZ-BEFEHL-ALS-TITEL
        ("Zitat", "", "Notier dir: Durch diese hohle Gasse", "Durch diese hohle Gasse"),
        ("", "", "x", "Milch"),
        ("Tee", "", "x", "Teekanne entkalken"),  # "tee" is shorter than four letters and not a whole word start
    ],
)
def test_name_without_evidence_does_not_count(name, instruction, request_text, content):
    assert not name_grounds(name, instruction, request_text, content)


@pytest.mark.parametrize(
    ("content", "name"),
    [
        ("Durch diese hohle Gasse muss er kommen", "Durch diese hohle Gasse muss"),
        ("Halloumi, Feta, Paneer", "Halloumi Feta Paneer"),
        ("Milch", "Milch"),
        ("", ""),
        ("„Zitat“ von Schiller!", "Zitat von Schiller"),
    ],
)
def test_derive_name_is_the_first_five_words(content, name):
    assert derive_name(content) == name


def test_summary_is_the_first_twenty_words():
    text = " ".join(f"w{i}" for i in range(30))
    assert summary_of(text) == " ".join(f"w{i}" for i in range(20))


def test_a_model_target_without_evidence_is_replaced_by_the_content(db, redis):
    """§5 Create 1: *„Neue Notiz“* from the instruction never becomes the name."""
    llm = ScriptedLLM({TASK_CLASSIFY: {"action": "create", "target": "Neue Notiz",
                                       "normalisiert": "create: Neue Notiz mit Inhalt: Reifen wechseln"}},
                      fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Notier dir: Reifen wechseln")
    assert result.status == "abgeschlossen"
    assert notes(db)[0]["name"] == "Reifen wechseln"
    assert any(s.get("schritt") == "name_aus_inhalt" for s in result.steps)


def test_two_notes_from_content_do_not_ask_for_the_duplicate(db, redis):
    deps = deps_with(db, redis, make_offline_llm())
    assert run(deps, "Notier dir: Reifen wechseln").status == "abgeschlossen"
    assert run(deps, "Notier dir: Fenster putzen").status == "abgeschlossen"
    assert sorted(n["name"] for n in notes(db)) == ["Fenster putzen", "Reifen wechseln"]


def test_created_note_carries_the_turn_clock_and_its_summary(db, redis):
    run(deps_with(db, redis, make_offline_llm()), "Erstelle eine Einkaufsliste: Milch, Eier")
    [row] = all_rows(db)
    assert (row["name"], row["typ"], row["text"], row["zusammenfassung"]) == ("Einkaufsliste", "einkauf",
                                                                             "Milch\nEier", "Milch Eier")
    assert row["created_at"] == row["updated_at"] == row["last_touched"]
    assert (row["status"], row["aktiv"]) == ("aktiv", True)


def test_a_create_that_cannot_be_verified_is_fehler(db, redis, monkeypatch):
    """A write reports success only after reading the row back."""
    from novaberg.notes.repository import NotesRepository

    monkeypatch.setattr(NotesRepository, "get", lambda self, note_id, user_id: None)
    result = run(deps_with(db, redis, make_offline_llm()), "Erstelle eine Einkaufsliste: Milch")
    assert result.status == "fehler"
    assert {"schritt": "verifikation", "verifiziert": False} in result.steps
