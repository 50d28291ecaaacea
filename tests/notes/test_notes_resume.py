"""§7 Resume-Flow: disambiguation (a name only as whole words; position or id as whole words;
erste/zweite/obere/untere/andere with two candidates), duplicate (aktualisieren / neu as whole words),
not found (the closed reading of consent; refusal first and wins → dismissed; consent creates from the
original request, never from the word "ja"; anything else asks again and writes nothing)."""

from __future__ import annotations

import pytest

from novaberg.notes.agent.resume import NEW, UPDATE, choose_candidate, read_duplicate_answer
from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import NOW, all_rows, deps_with, notes, run
from tests.support import make_offline_llm

TWO = [{"id": 41, "name": "Einkaufsliste"}, {"id": 42, "name": "Packliste"}]
THREE = [{"id": 7, "name": "Einkaufsliste"}, {"id": 8, "name": "Einkaufsliste Baumarkt"}, {"id": 9, "name": "Ideen"}]

# --- §7 Disambiguierung


@pytest.mark.parametrize(
    ("answer", "candidates", "index"),
    [
        ("die Packliste", TWO, 1),
        ("Einkaufsliste bitte", TWO, 0),
        ("die Einkaufsliste Baumarkt", THREE, 1),  # the longer name contains the shorter one
        ("Ideen", THREE, 2),
        ("die erste", TWO, 0),
        ("die zweite", TWO, 1),
        ("die obere", TWO, 0),
        ("die untere", TWO, 1),
        ("die andere", TWO, 1),
        ("Nummer 2", TWO, 1),
        ("42", TWO, 1),  # the id as a whole word
        ("die dritte", THREE, 2),
    ],
)
def test_choice_reads_names_positions_and_ids_as_whole_words(answer, candidates, index):
    assert choose_candidate(answer, candidates) == index


@pytest.mark.parametrize(
    ("answer", "candidates"),
    [
        ("um 11 Uhr", TWO),  # §7: "11 Uhr" no longer picks the first
        ("Einkaufslisten", TWO),  # a name counts only as a whole word
        ("keine Ahnung", TWO),
        ("Wie bitte?", TWO),
        ("die obere", THREE),  # obere/untere/andere only with two candidates
        ("nicht die erste, die zweite", TWO),  # two picks → ask again (the spec's Fundliste picked the first)
        ("Einkaufsliste oder Packliste", TWO),
        ("", TWO),
    ],
)
def test_choice_that_names_none_or_several_asks_again(answer, candidates):
    assert choose_candidate(answer, candidates) is None


def test_an_empty_name_and_a_missing_id_never_choose():
    """§7: a missing id does not count (its empty text once stood in every answer and chose the first)."""
    candidates = [{"id": None, "name": ""}, {"id": 5, "name": "Ideen"}]
    assert choose_candidate("irgendwas", candidates) is None
    assert choose_candidate("Ideen", candidates) == 1


def test_choice_through_the_service_continues_with_the_chosen_note(db, redis):
    repo = NotesRepository(db)
    a = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    b = repo.insert("u1", "Packliste", "todo", "Zelt", [], NOW)
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Leere die Liste")
    assert asked.status == "rueckfrage" and {c["id"] for c in asked.pending["kandidaten"]} == {a["id"], b["id"]}
    again = run(deps, "hm, weiß nicht", action="resume", pending=asked.pending)
    assert again.status == "rueckfrage" and again.answer == asked.answer
    done = run(deps, "die Packliste", action="resume", pending=again.pending)
    assert done.status == "abgeschlossen"
    assert {n["name"]: n["text"] for n in notes(db)} == {"Einkaufsliste": "Milch", "Packliste": ""}


# --- §7 Duplikat


@pytest.mark.parametrize(
    ("answer", "reading"),
    [
        ("aktualisieren", UPDATE),
        ("Aktualisieren bitte", UPDATE),
        ("neu", NEW),
        ("leg eine neue an", NEW),
        ("bitte neu anlegen", NEW),
        ("erneut", None),  # *neu* is not in *erneut*
        ("aktualisieren oder neu?", None),
        ("nein, keine neue", None),  # a negation asks again (the spec's Fundliste created a new one)
        ("weiß nicht", None),
        ("ja", None),
    ],
)
def test_duplicate_answer_words(answer, reading):
    assert read_duplicate_answer(answer) == reading


def test_duplicate_unclear_asks_again_and_writes_nothing(db, redis):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Erstelle eine Einkaufsliste: Eier")
    before = all_rows(db)
    again = run(deps, "erneut", action="resume", pending=asked.pending)
    assert again.status == "rueckfrage" and again.answer == asked.answer
    assert all_rows(db) == before


# --- §7 nicht_gefunden: the closed reading of consent


def _ask_not_found(db, redis):
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Setz Kümmel auf die Gewürzliste")
    assert asked.status == "rueckfrage" and asked.pending["art"] == "nicht_gefunden"
    assert asked.pending["original_aufgabe"] == "Setz Kümmel auf die Gewürzliste"
    return deps, asked


@pytest.mark.parametrize("answer", ["ja", "Ja, bitte.", "gerne", "ok", "Ja, mach das", "meinetwegen", "das ist ok"])
def test_consent_creates_from_the_original_request(db, redis, answer):
    """§4/§7: on consent the original request is the content — "Kümmel", never "ja"."""
    deps, asked = _ask_not_found(db, redis)
    done = run(deps, answer, action="resume", pending=asked.pending)
    assert done.status == "abgeschlossen"
    [note] = notes(db)
    assert (note["name"], note["text"]) == ("Gewürzliste", "Kümmel")
    assert {"schritt": "verifikation", "verifiziert": True} in done.steps


@pytest.mark.parametrize("answer", ["nein", "Nein, bitte nicht", "nee lass mal", "stopp", "kein Bedarf",
                                    "ja, leg ne neue an", "ger'ne", "ne"])
def test_refusal_first_and_wins_ends_dismissed(db, redis, answer):
    """§7: refusal is checked first and wins; it ends `dismissed` with "Okay, '…' wird nicht angelegt."."""
    deps, asked = _ask_not_found(db, redis)
    done = run(deps, answer, action="resume", pending=asked.pending)
    assert done.status == "dismissed"
    assert done.answer == "Okay, 'Gewürzliste' wird nicht angelegt."
    assert done.pending is None and all_rows(db) == []


@pytest.mark.parametrize("answer", ["Wie bitte?", "ja 👍", "Ja…", "na klar", "gut, ja", "ist das ok", "ja, aber später",
                                    "ja?", "Kümmel", "vielleicht"])
def test_unclear_asks_the_same_question_again_and_writes_nothing(db, redis, answer):
    """§7 "Die geschlossene Annahme": everything else is unklar → the same question, said to be asked again, and
    the waiting state unchanged; never an execution."""
    deps, asked = _ask_not_found(db, redis)
    again = run(deps, answer, action="resume", pending=asked.pending)
    assert again.status == "rueckfrage"
    assert asked.answer in again.answer and "noch einmal" in again.answer
    assert again.pending == asked.pending
    assert again.pending["art"] == "nicht_gefunden"
    assert all_rows(db) == []


def test_consent_after_remove_content_creates_the_list_empty(db, redis):
    """Removing from a list that does not exist: on consent the list is created, without the item."""
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Streich Shampoo von der Drogerieliste")
    assert asked.status == "rueckfrage"
    done = run(deps, "ja", action="resume", pending=asked.pending)
    assert done.status == "abgeschlossen"
    [note] = notes(db)
    assert (note["name"], note["text"]) == ("Drogerieliste", "")


# --- the question for a missing piece (§7 Rueckfrage-Szenarien "Mir fehlt noch")


def test_empty_content_on_create_asks_what_is_missing(db, redis):
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Leg sie bitte als Notiz an")  # nothing in the previous turns to resolve
    assert asked.status == "rueckfrage" and asked.answer.startswith("Mir fehlt noch:")
    assert all_rows(db) == []
    done = run(deps, "Reifen wechseln vor dem Winter", action="resume", pending=asked.pending)
    assert done.status == "abgeschlossen"
    assert notes(db)[0]["text"] == "Reifen wechseln vor dem Winter"


def test_missing_piece_refused_ends_dismissed(db, redis):
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Notier dir:")
    assert asked.status == "rueckfrage"
    done = run(deps, "nein, vergiss es", action="resume", pending=asked.pending)
    assert done.status == "dismissed" and all_rows(db) == []


def test_rename_without_new_name_asks_and_the_answer_names_it(db, redis):
    NotesRepository(db).insert("u1", "Ideen", "idee", "Garten", [], NOW)
    deps = deps_with(db, redis, make_offline_llm())
    asked = run(deps, "Benenne die Notiz Ideen um", action="rename", kontext={"target": "Ideen"})
    assert asked.status == "rueckfrage" and "neue Name" in asked.answer
    done = run(deps, "Gartenideen", action="resume", pending=asked.pending)
    assert done.status == "abgeschlossen" and notes(db)[0]["name"] == "Gartenideen"


def test_a_pending_state_that_cannot_be_read_is_loud(db, redis):
    deps = deps_with(db, redis, make_offline_llm())
    done = run(deps, "ja", action="resume", pending={"art": "unbekannt"})
    assert done.status == "fehler" and done.steps[-1]["schritt"] == "rueckfrage_verloren"
    assert all_rows(db) == []
