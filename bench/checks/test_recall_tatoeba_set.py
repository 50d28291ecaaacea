"""The fourth recall set's builder (`bench/memory/recall_tatoeba.py`): a sentence's family is read from its
subject and verb, its keys leave the opening out, and the persons follow the fixed rule — on a small pair file of
our own (not the Tatoeba file, so the rule is seen on sentences chosen to show it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.memory.recall_cases import ABSTENTION, SINGLE, TEMPORAL, UPDATE
from bench.memory.recall_tatoeba import DEV, HELD_OUT, family_of, fourth_scenarios, keys_of


@pytest.mark.parametrize(("sentence", "family"), [
    ("Ich wohne in Ulm.", "wohnen"), ("Ich lebe auf dem Land.", "wohnen"), ("Ich arbeite als Koch.", "arbeit"),
    ("Ich studiere Physik.", "studium"), ("Ich spiele Cello.", "spielen"), ("Ich spreche Dänisch.", "sprache"),
    ("Ich trinke nie Cola.", "trinken"), ("Ich bin 52 Jahre alt.", "alter"), ("Ich habe drei Brüder.", "geschwister"),
    ("Mein Onkel heißt Kurt.", "angehoerige"), ("Meine Katze mag Fisch.", "haustier"),
    ("Ich male gern Aquarelle.", "gern"),
])
def test_the_family_is_read_from_subject_and_verb(sentence, family):
    read = family_of(sentence)
    assert read is not None and read[0].name == family


@pytest.mark.parametrize("sentence", ["Ich spiele mit ihm.", "Ich wohne hier.", "Ich esse gerade.",
                                      "Ich spreche mit Tom.", "Ich hätte gern ein Bier.", "Tom wohnt in Ulm."])
def test_a_moment_a_place_without_name_or_someone_else_is_not_usable(sentence):
    assert family_of(sentence) is None


@pytest.mark.parametrize(("sentence", "keys"), [("Ich wohne in Ulm.", ("ulm",)), ("Ich bin 52 Jahre alt.", ("52",)),
                                                ("Ich trinke nie Cola.", ("cola",)),
                                                ("Mein Onkel heißt Kurt.", ("kurt",))])
def test_the_keys_leave_the_opening_out(sentence, keys):
    read = family_of(sentence)
    assert read is not None and keys_of(sentence, read[1]) == keys


def _pairs(tmp_path: Path) -> Path:
    german = ["Ich wohne in Ulm.", "Ich wohne in Kiel.", "Ich lebe in Graz.", "Ich arbeite als Koch.",
              "Ich arbeite bei einer Bank.", "Ich studiere Physik.", "Ich studiere Jura.", "Ich spiele Cello.",
              "Ich spiele Schach.", "Ich spreche Dänisch.", "Ich spreche Polnisch.", "Ich trinke nie Cola.",
              "Ich trinke Tee.", "Ich bin 52 Jahre alt.", "Ich bin 53.", "Ich habe drei Brüder.",
              "Mein Onkel heißt Kurt.", "Meine Katze mag Fisch.", "Ich male gern Aquarelle.", "Ich komme aus Bern.",
              "Ich esse nie Fleisch.", "Ich bin allergisch gegen Nüsse."]
    path = tmp_path / "deu.txt"
    path.write_text("".join(f"English {i}.\t{said}\tCC-BY 2.0 (France) Attribution: tatoeba.org #{i}\n"
                            for i, said in enumerate(german)), encoding="utf-8")
    return path


def test_persons_follow_the_rule(tmp_path):
    """One sentence per family per person (an update family twice, four weeks apart), told on days of their own;
    each person asked each told family, one "wann" and never-told questions; two parts by hash."""
    people = fourth_scenarios(_pairs(tmp_path))
    assert people and {person.report_part for person in people} <= {DEV, HELD_OUT}
    for person in people:
        days = [fact.day for fact in person.facts.values()]
        assert len(days) == len(set(days))
        families = [name.removesuffix("_alt") for name in person.facts]
        updates = [q for q in person.questions if q.category == UPDATE]
        assert len(families) - len(set(families)) == len(updates) <= 1
        for update in updates:
            assert person.facts[update.wants[0]].day - person.facts[update.old].day >= 28
        assert sum(q.category == TEMPORAL for q in person.questions) == 1
        assert sum(q.category == SINGLE for q in person.questions) + len(updates) == len(set(families))
        assert any(q.category == ABSTENTION for q in person.questions)
    assert fourth_scenarios(None) == () and fourth_scenarios(tmp_path / "missing.txt") == ()
