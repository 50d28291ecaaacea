"""The service around the subgraph (§2): validation, routing, registration, the offline router's hint,
the vocabulary as data, the demo scene, and the public `nova.notes.list`."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from novaberg.api.catalog import build_registry
from novaberg.notes.agent import route_hint
from novaberg.notes.agent.agent import NODES, notes_graph
from novaberg.notes.agent.vocabulary import LIST_KEYS, MAP_KEYS, vocabulary
from novaberg.notes.repository import NotesRepository
from novaberg.text.words import normalize
from tests.notes.helpers import NOW, all_rows, deps_with, notes, run
from tests.support import make_offline_llm


def test_the_subgraph_has_the_six_nodes():
    """§2: Validate → Resume? → Classify → Search → CRUD → Confirm."""
    assert set(NODES) <= set(notes_graph().get_graph().nodes)


def test_service_is_listed_under_notizen():
    assert "notizen" in build_registry().names()


@pytest.mark.parametrize(
    ("action", "user", "problem"),
    [("wegwerfen", "u1", "unbekannte Aktion"), ("read", "", "user_id fehlt"), ("resume", "u1", "resume ohne")],
)
def test_validation_ends_before_anything_runs(db, redis, action, user, problem):
    result = run(deps_with(db, redis, make_offline_llm()), "Zeig meine Notizen", user=user, action=action)
    assert result.status == "fehler" and problem in str(result.steps[-1]["probleme"])


def test_direct_actions_go_straight_on(db, redis):
    """§2 Routing: create/read/update/delete/append directly (backwards compatible), without classify."""
    NotesRepository(db).insert("u1", "Ideen", "idee", "Garten", [], NOW)
    deps = deps_with(db, redis, make_offline_llm())
    result = run(deps, "Häng an: Teich anlegen", action="append", kontext={"target": "Ideen", "inhalt": "Teich anlegen"})
    assert result.status == "abgeschlossen" and notes(db)[0]["text"] == "Garten\nTeich anlegen"
    result = run(deps, "egal", action="delete", kontext={"target": "Ideen"})
    assert result.status == "abgeschlossen" and notes(db) == []


def test_not_found_for_delete_is_fehler_and_changes_nothing(db, redis):
    result = run(deps_with(db, redis, make_offline_llm()), "Lösch die Packliste")
    assert result.status == "fehler" and result.steps[-1]["schritt"] == "nicht_gefunden"
    assert all_rows(db) == []


def test_read_takes_the_first_hit(db, redis):
    """§5 Read: for read the first hit is enough (no question)."""
    repo = NotesRepository(db)
    repo.insert("u1", "Packliste Sommer", "todo", "Zelt", [], NOW)
    repo.insert("u1", "Packliste Winter", "todo", "Ski", [], NOW)
    result = run(deps_with(db, redis, make_offline_llm()), "Was steht auf der Packliste?")
    assert result.status == "abgeschlossen" and result.answer.startswith("Auf 'Packliste")


def test_overview_when_there_are_no_notes(db, redis):
    result = run(deps_with(db, redis, make_offline_llm()), "Zeig meine Notizen")
    assert result.status == "abgeschlossen" and result.answer == "Du hast gerade keine Notizen."


def test_nova_notes_list_is_the_public_view(nova, db):
    """The public API: `nova.notes.list(user_id)` → the active notes as dicts."""
    nova.turn("u1", "nova", "Erstelle eine Einkaufsliste: Milch", NOW)
    [row] = nova.notes.list("u1")
    assert row["name"] == "Einkaufsliste" and row["aktiv"] is True
    assert nova.notes.list("u2") == []
    with pytest.raises(ValueError):
        nova.notes.list("")


# --- the offline router: lists and notes are ours, appointments the timeline's


@pytest.mark.parametrize(
    "text",
    ["Setz Milch auf die Einkaufsliste", "Was steht auf der Einkaufsliste?", "Zeig meine Notizen",
     "Notier dir: Reifen wechseln", "Merk dir, dass ich morgen Mehl brauche", "Leg sie bitte als Notiz an",
     "Schreib das auf", "Hau die Bananen raus", "Streich die Einkaufsliste"],
)
def test_route_hint_claims_notes_and_lists(text):
    assert route_hint(text) >= 0.6


@pytest.mark.parametrize(
    "text",
    ["Trag mir morgen um 10 den Zahnarzt ein", "Verschieb den Termin mit Anna auf Freitag",
     "Erinnere mich um 8 an den Müll", "Hallo Nova!", "Wie war dein Tag?", "Was habe ich heute für Termine?"],
)
def test_route_hint_leaves_appointments_and_talk_alone(text):
    assert route_hint(text) == 0.0


def test_statement_of_need_gets_a_low_score_to_be_classified_there():
    assert 0 < route_hint("Wir brauchen auch Mülltüten") < 0.6


# --- vocabulary as data, with its schema test (CONTRIBUTING.md "German is data")


def test_vocabulary_schema():
    raw = json.loads(resources.files("novaberg.notes.agent").joinpath("vocabulary.json").read_text("utf-8"))
    assert set(raw) - {"_comment"} == set(LIST_KEYS) | set(MAP_KEYS)
    for key in LIST_KEYS:
        assert raw[key] and all(isinstance(w, str) and w == normalize(w) and w.strip() == w for w in raw[key]), key
        assert len(set(raw[key])) == len(raw[key]), key
    kinds = ("einkauf", "todo", "merkliste", "notiz", "entwurf", "idee")
    assert all(v in kinds for v in raw["type_by_word"].values())
    assert all(v in raw["list_of_type"] for v in raw["activity_words"].values()) and set(raw["list_of_type"]) <= set(kinds)
    assert sorted(raw["choice_ordinals"], key=int) == [str(i) for i in range(1, len(raw["choice_ordinals"]) + 1)]
    assert vocabulary() == raw


def test_duplicate_words_do_not_overlap():
    assert not set(vocabulary()["duplicate_update"]) & set(vocabulary()["duplicate_new"])
    assert "erneut" not in vocabulary()["duplicate_new"]


# --- the demo scene (issue 5 item 9)


def test_demo_scene_runs_the_shopping_list_dialogue(nova, db):
    from novaberg.api.demo import DEMO_CHARACTER, DEMO_NOW, DEMO_USER
    from novaberg.notes.demo import DEMO_SCENES

    (title, texts), (_, staying) = DEMO_SCENES
    statuses = []
    for text in texts:
        result = nova.turn(DEMO_USER, DEMO_CHARACTER, text, DEMO_NOW)
        statuses += [s["status"] for s in result.services if s["name"] == "notizen"]
    assert statuses == ["rueckfrage"] + ["abgeschlossen"] * 6
    assert nova.notes.list(DEMO_USER) == []  # deleted at the end
    with db.transaction() as conn:
        [row] = conn.execute("SELECT name, text, aktiv FROM notizen").fetchall()
    assert row == {"name": "Wocheneinkauf", "text": "Eier\nButter", "aktiv": False}
    results = [nova.turn(DEMO_USER, DEMO_CHARACTER, text, DEMO_NOW) for text in staying]
    assert [r.services[0]["status"] for r in results] == ["abgeschlossen", "abgeschlossen"]
    assert [note["text"] for note in nova.notes.list(DEMO_USER)] == ["Ich brauche morgen Mehl"]
    assert "Mehl" in results[1].answer


def test_merk_bitte_with_a_time_goes_to_the_notes_over_the_timeline():
    """§1: a thing with a time relation is a note (*„Merk dir, dass ich morgen Mehl brauche“*); an event
    at a clock time is the timeline's."""
    assert route_hint("Merk dir, dass ich morgen Mehl brauche") > 0.95
    assert route_hint("Merk dir, dass ich morgen um 10 zum Zahnarzt muss") <= 0.5


def test_a_thing_with_a_time_carries_it_in_faellig_am(db, redis):
    """§1: `faellig_am` is the time carrier of a thing with a time relation (from the time parser)."""
    from novaberg.core.clock import to_local
    from tests.support import BERLIN

    result = run(deps_with(db, redis, make_offline_llm()), "Merk dir, dass ich morgen Mehl brauche")
    assert result.status == "abgeschlossen"
    [row] = all_rows(db)
    assert row["faellig_am"] is not None and to_local(row["faellig_am"], BERLIN).date().isoformat() == "2026-12-01"
    run(deps_with(db, redis, make_offline_llm()), "Notier dir: Reifen wechseln")
    assert all_rows(db)[1]["faellig_am"] is None


def test_timeline_id_references_the_timeline_when_it_exists(db):
    """§1 "einem Anker ueber timeline_id": a foreign key to `timeline(id)` where the table exists."""
    with db.transaction() as conn:
        timeline = conn.execute("SELECT to_regclass('timeline') IS NOT NULL AS present").fetchone()["present"]
        fk = conn.execute("SELECT count(*) AS n FROM pg_constraint WHERE conname = 'notizen_timeline_id_fkey'"
                          ).fetchone()["n"]
    assert fk == (1 if timeline else 0)
