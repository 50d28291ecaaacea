"""§4 Suche: weighted similarity over name, text and topics by target type (SUCH_GEWICHTE), the WHERE
threshold 0.15 per field, the post-filter 0.3, the winner group, the fallback chain (exact name, then
full text). Runs on the database the tests have: the SQL fallback `similarity`, or pg_trgm."""

from __future__ import annotations

import pytest

from novaberg.core.settings import NOTES_POST_FILTER, NOTES_WHERE_THRESHOLD
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import SUCH_GEWICHTE, find_notes
from novaberg.text.trigram import similarity
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)


@pytest.fixture
def repo(db):
    return NotesRepository(db)


def _add(repo, name, text="", themen=(), user="u1", typ="notiz"):
    return repo.insert(user, name, typ, text, list(themen), NOW)


def test_weights_are_the_specification_table():
    """§4 SUCH_GEWICHTE."""
    assert SUCH_GEWICHTE == {"titel": (2.0, 1.0, 1.0), "inhalt": (1.0, 2.0, 0.5), "thema": (1.0, 1.0, 2.0)}
    assert (NOTES_WHERE_THRESHOLD, NOTES_POST_FILTER) == (0.15, 0.3)


def test_score_is_the_weighted_sum_of_the_three_similarities(repo):
    """§4 SQL-Kern: sim(name)·w_name + sim(text)·w_text + max(sim(thema))·w_themen, as pg_trgm computes it."""
    _add(repo, "Einkaufsliste", "Milch Eier Butter", ["Einkauf", "Wochenende"])
    for target_typ, (w_name, w_text, w_themen) in SUCH_GEWICHTE.items():
        [row] = repo.scored("u1", "Einkauf", (w_name, w_text, w_themen), NOTES_WHERE_THRESHOLD)
        expected = (similarity("Einkaufsliste", "Einkauf") * w_name + similarity("Milch Eier Butter", "Einkauf")
                    * w_text + max(similarity("Einkauf", "Einkauf"), similarity("Wochenende", "Einkauf")) * w_themen)
        assert float(row["score"]) == pytest.approx(expected, abs=1e-5), target_typ


def test_a_typo_still_finds_the_note(repo):
    note = _add(repo, "Einkaufsliste", "Milch")
    outcome = find_notes(repo, "u1", "Einkaufslste")
    assert [r["id"] for r in outcome.notes] == [note["id"]] and outcome.via == "gewichtet"


def test_where_threshold_keeps_out_notes_below_015_on_every_field(repo):
    """§4: a note enters only with one field above 0.15."""
    _add(repo, "Zahnarzt", "Kontrolle")
    assert repo.scored("u1", "Einkaufsliste", SUCH_GEWICHTE["titel"], NOTES_WHERE_THRESHOLD) == []


def test_post_filter_drops_combined_scores_under_03(repo):
    """§4 Post-Filter: the WHERE lets a weak candidate in; a score < 0.3 is dropped afterwards."""
    _add(repo, "Gartenzaun streichen", "")  # similarity 0.23 to "Gartenhaus"
    rows = repo.scored("u1", "Gartenhaus", SUCH_GEWICHTE["inhalt"], NOTES_WHERE_THRESHOLD)
    assert rows and all(float(r["score"]) < NOTES_POST_FILTER for r in rows)
    outcome = find_notes(repo, "u1", "Gartenhaus", "inhalt")
    assert outcome.notes == [] and outcome.considered == len(rows)


def test_target_type_changes_the_ranking(repo):
    """`titel` weights the name, `inhalt` the text, `thema` the topics."""
    by_name = _add(repo, "Rezept Lasagne", "Nudeln Tomaten")
    by_text = _add(repo, "Samstag", "Rezept Lasagne mit Béchamel")
    by_topic = _add(repo, "Abendessen", "Hack", ["Rezept Lasagne"])
    first = {typ: find_notes(repo, "u1", "Rezept Lasagne", typ).notes[0]["id"] for typ in SUCH_GEWICHTE}
    assert first == {"titel": by_name["id"], "inhalt": by_text["id"], "thema": by_topic["id"]}


def test_archived_and_foreign_notes_are_never_found(repo):
    mine = _add(repo, "Einkaufsliste", "Milch")
    _add(repo, "Einkaufsliste", "Brot", user="anna")
    gone = _add(repo, "Einkaufsliste alt", "Salz")
    assert repo.write("archiv", (NOW, NOW), gone["id"], "u1") == 1
    outcome = find_notes(repo, "u1", "Einkaufsliste")
    assert [r["id"] for r in outcome.notes] == [mine["id"]]


def test_winner_group_reduces_to_the_clear_winner(repo):
    """§4 steps 4-5: one clear winner goes on; close scores stay together for the question."""
    winner = _add(repo, "Einkaufsliste", "")
    _add(repo, "Einkaufswagen reparieren", "")
    outcome = find_notes(repo, "u1", "Einkaufsliste")
    assert [r["id"] for r in outcome.notes] == [winner["id"]]
    twin_a = _add(repo, "Packliste Sommer", "", user="u2")
    twin_b = _add(repo, "Packliste Winter", "", user="u2")
    outcome = find_notes(repo, "u2", "Packliste")
    assert sorted(r["id"] for r in outcome.notes) == sorted([twin_a["id"], twin_b["id"]])


def test_fallback_chain_exact_name_when_no_trigram_matches(repo):
    """§4 Fallback-Kette 1: a name without trigrams (only signs) is found by its exact name (ILIKE)."""
    note = _add(repo, "???", "")
    outcome = find_notes(repo, "u1", "???")
    assert outcome.via == "name" and [r["id"] for r in outcome.notes] == [note["id"]]


def test_fallback_chain_like_signs_are_escaped(repo):
    _add(repo, "100%", "")
    assert find_notes(repo, "u1", "%").notes == []
    assert find_notes(repo, "u1", "_").notes == []


def test_fallback_chain_full_text_in_a_long_note(repo):
    """§4 Fallback-Kette 2: a word deep in a long text has a tiny similarity; the german tsvector finds it."""
    long_text = ("Vor dem Winter noch erledigen: Fahrrad in den Keller, Gartenmöbel abdecken, Dachrinne putzen, "
                 "Heizung entlüften, Winterreifen montieren lassen, Vorräte auffüllen.")
    note = _add(repo, "Herbst", long_text)
    assert similarity(long_text, "Winterreifen") < NOTES_WHERE_THRESHOLD
    outcome = find_notes(repo, "u1", "Winterreifen")
    assert outcome.via == "volltext" and [r["id"] for r in outcome.notes] == [note["id"]]


def test_suchtext_follows_every_write(repo):
    """§6 NOTIZ-SUCHTEXT-HINKT-NACH: the full text is generated, so it never lags a write behind."""
    note = _add(repo, "Herbst", "Fahrrad")
    assert repo.write("inhalt", ("Dachrinne putzen", "Dachrinne putzen", NOW, NOW), note["id"], "u1") == 1
    assert [r["id"] for r in repo.by_fulltext("u1", "Dachrinne")] == [note["id"]]
    assert repo.by_fulltext("u1", "Fahrrad") == []


def test_empty_query_finds_nothing(repo):
    _add(repo, "Einkaufsliste", "")
    assert find_notes(repo, "u1", "   ").notes == []


def test_search_works_with_the_database_at_hand(repo):
    """One search path (pg_trgm) on every database."""
    _add(repo, "Einkaufsliste", "Milch")
    assert find_notes(repo, "u1", "Einkaufsliste").notes
