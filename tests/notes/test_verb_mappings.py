"""Learned verb mappings (timeline.md §7.2 Stufe B, notizen.md §6 Stufe B and §10): the one writer of
`verb_mappings`, bound to the pair; parallel confirmations are never lost; the notes agent asks when unsure."""

from __future__ import annotations

import threading

import pytest

from novaberg.agents.verb_mappings import LEARNED_THRESHOLD, confirm, confirmations, learned
from novaberg.core.errors import InputError
from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.agent.classify import confidence_of, keyword_hints
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 11, 9, 30)


def test_section10_three_confirmations_settle_the_mapping(db):
    assert LEARNED_THRESHOLD == 3
    for count in (1, 2, 3):
        assert confirm(db, "u1", "nova", "notizen", "Klemm", "add_content", NOW) == count
    assert learned(db, "u1", "nova", "notizen", "klemm", "add_content")
    # twins: another pair, another service, another action know nothing of it
    assert confirmations(db, "u1", "anna", "notizen", "klemm", "add_content") == 0
    assert confirmations(db, "u2", "nova", "notizen", "klemm", "add_content") == 0
    assert confirmations(db, "u1", "nova", "timeline", "klemm", "add_content") == 0
    assert not learned(db, "u1", "nova", "notizen", "klemm", "create")


def test_parallel_confirmations_are_never_lost(db):
    threads = [threading.Thread(target=confirm, args=(db, "u1", "nova", "timeline", "klemm", "create", NOW))
               for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert confirmations(db, "u1", "nova", "timeline", "klemm", "create") == 8


@pytest.mark.parametrize("args", [
    ("", "nova", "notizen", "klemm", "create"),
    ("u1", "nova", "kalender", "klemm", "create"),
    ("u1", "nova", "notizen", "klemm mir", "create"),
    ("u1", "nova", "notizen", "x" * 61, "create"),
    ("u1", "nova", "notizen", "klemm", "drop table"),
])
def test_bad_input_is_refused_and_nothing_is_stored(db, args):
    with pytest.raises((ValueError, InputError)):
        confirm(db, *args, NOW)
    with db.transaction() as conn:
        assert conn.execute("SELECT count(*) AS n FROM verb_mappings").fetchone()["n"] == 0


@pytest.mark.parametrize("text,hints", [
    ("Schreib Milch auf die Einkaufsliste", ["add_content"]),
    ("Kannst du Milch von der Einkaufsliste streichen?", ["remove_content"]),
    ("Ich brauche noch Milch", []),
    ("Klemm Milch an die Einkaufsliste", []),
])
def test_section6_stage_a_hints_come_from_the_vocabulary_through_the_grammar(text, hints):
    assert keyword_hints(text) == hints


def test_section6_confidence_table():
    assert confidence_of("add_content", ["add_content"]) == "hoch"
    assert confidence_of("add_content", []) == "niedrig"
    assert confidence_of("delete", ["add_content"]) == "konflikt"
    assert confidence_of("add_content", ["add_content"], "niedrig") == "niedrig"


def test_section6_a_paraphrasing_model_without_a_hint_asks_and_a_yes_writes_and_counts(db, redis, tmp_path):
    """§6 Stufe B end to end: the model paraphrases an unknown verb as add_content; no hint → niedrig → a
    question, nothing written; *Ja* writes and counts one confirmation."""
    llm = ScriptedLLM(fallback=make_offline_llm())
    llm.script("notes_classify", {"action": "create", "target": "Einkaufsliste", "target_typ": "titel",
                                  "normalisiert": "create: Neue Notiz 'Einkaufsliste' mit Inhalt: Milch",
                                  "inhalt": "Milch"})
    llm.script("notes_create", {"typ": "einkauf", "text": "Milch", "themen": ["Einkaufsliste"]})
    nova = make_nova(db, redis, llm, tmp_path)
    asked = nova.turn("u1", "nova", "Bastel mir eine Einkaufsliste mit Milch", NOW)
    assert [s["status"] for s in asked.services] == ["rueckfrage"], asked.answer
    assert "nicht sicher" in asked.answer and nova.notes.list("u1") == []
    done = nova.turn("u1", "nova", "Ja", NOW)
    assert [s["status"] for s in done.services] == ["abgeschlossen"], done.answer
    assert [n["name"] for n in nova.notes.list("u1")] == ["Einkaufsliste"]
    assert confirmations(db, "u1", "nova", "notizen", "bastel", "create") == 1
