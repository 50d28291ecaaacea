"""§4 SQL-Kern on pg_trgm (every database has it, the embedded default included): the tiered prefix filter
and the postings give exactly the brute-force formula, and the postings follow every write."""

from __future__ import annotations

import random

import pytest

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import SUCH_GEWICHTE, find_notes
from novaberg.store.db import Database
from tests.notes.search_reference import reference_scores
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
_WORDS = ["Einkauf", "Liste", "Einkaufsliste", "Milch", "Garten", "Gartenhaus", "Packliste", "Urlaub", "Rezept",
          "Lasagne", "Baumarkt", "Schrauben", "Dübel", "Ideen", "Geschenk", "Oma", "Reifen", "Winter", "Küche", "Tee",
          "Mach", "Bach", "Milchreis", "Ölwechsel", "Straße", "Oma-Geschenke", "2027", "To-do", "A"]


@pytest.fixture
def trgm_db(db):
    return db


def _corpus(repo, rng, count, user="u1"):
    notes = []
    for i in range(count):
        name = " ".join(rng.sample(_WORDS, rng.randint(1, 3))) + (f" {i}" if rng.random() < 0.3 else "")
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 70)))
        themen = rng.sample(_WORDS, rng.randint(0, 3))
        notes.append(repo.insert(user, name[:255], "notiz", text, themen, NOW))
    return notes


@pytest.mark.parametrize("seed", [1, 2])
def test_pg_trgm_search_equals_the_brute_force_formula(trgm_db, seed):
    """§4: every note with a field above 0.15, scored by the weights, best first — no candidate lost."""
    rng = random.Random(seed)
    repo = NotesRepository(trgm_db)
    notes = _corpus(repo, rng, 120)
    _corpus(repo, rng, 20, user="u2")  # another person's notes never appear
    queries = ["Einkaufsliste", "Milch", "Oma", "Gartenhaus", "Tee", "Lasagne Rezept", "Küche", "Straße",
               "Oma Geschenk für Weihnachten", "Öl", "A", "2027", "Einkaufslste"]
    for query in queries:
        for target_typ, weights in SUCH_GEWICHTE.items():
            expected = reference_scores(notes, query, weights, float4=True)
            rows = repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD, limit=10_000)
            got = {row["id"]: float(row["score"]) for row in rows}
            assert set(got) == set(expected), (query, target_typ)
            for note_id, score in expected.items():
                assert got[note_id] == pytest.approx(score, abs=1e-5), (query, target_typ, note_id)
            top = [float(r["score"]) for r in repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD)]
            best = sorted(expected.values(), reverse=True)[:10]
            assert top == pytest.approx(best, abs=1e-5), (query, target_typ)


def _postings(db, user):
    with db.transaction() as conn:
        rows = conn.execute("SELECT feld, trigramm, codes FROM notizen_trigramm_posten WHERE user_id = %s", (user,))
        return {(row["feld"], row["trigramm"]): sorted(bytes(row["codes"])[i: i + 8]
                                                      for i in range(0, len(row["codes"]), 8)) for row in rows}


def _rebuilt(db, user):
    """The postings as the migration builds them from the notes as they are now."""
    with db.transaction() as conn:
        rows = conn.execute(
            "SELECT e.feld, e.trigramm, e.code FROM notizen_posten_eintraege("
            "ARRAY(SELECT n FROM notizen n WHERE n.user_id = %s AND n.aktiv)) AS e", (user,))
        result: dict[tuple[str, str], list[bytes]] = {}
        for row in rows:
            result.setdefault((row["feld"], row["trigramm"]), []).append(row["code"].to_bytes(8, "big"))
        return {key: sorted(codes) for key, codes in result.items()}


def test_the_postings_follow_every_write(trgm_db):
    """006: per person, field and trigram, the codes of the active notes — after insert, rename, a text
    edit (the text's size is in the codes), a change of topics, archive, delete of few and of many; another
    person's notes apart."""
    repo = NotesRepository(trgm_db)
    a = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", ["Haushalt", "Küche", "Küche"], NOW)
    b = repo.insert("u1", "Packliste Urlaub", "notiz", "", ["Haushalt"], NOW)
    repo.insert("u2", "Leseliste", "notiz", "", ["Haushalt"], NOW)
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1") != {}
    assert len(_postings(trgm_db, "u1")[("name", "ste")]) == 2
    repo.write("name", ["Einkauf Oma", NOW, NOW], a["id"], "u1")
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1")
    repo.write("inhalt", ["Brot und Butter", "Brot und Butter", NOW, NOW], b["id"], "u1")
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1")
    with trgm_db.transaction() as conn:
        conn.execute("UPDATE notizen SET themen = %s WHERE id = %s", (["Garten"], b["id"]))
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1")
    repo.write("archiv", [NOW, NOW], b["id"], "u1")
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1")
    assert ("thema", " ga") not in _postings(trgm_db, "u1")
    _corpus(repo, random.Random(9), 230)
    with trgm_db.transaction() as conn:
        conn.execute("DELETE FROM notizen WHERE user_id = 'u1' AND id <> %s", (a["id"],))  # many at once
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1") != {}
    with trgm_db.transaction() as conn:
        conn.execute("DELETE FROM notizen WHERE user_id = 'u1'")
    assert _postings(trgm_db, "u1") == {}
    assert _postings(trgm_db, "u2") == _rebuilt(trgm_db, "u2") != {}


def test_postings_out_of_step_are_rebuilt(trgm_db):
    """A code the postings miss (written around the triggers) rebuilds the person instead of failing."""
    repo = NotesRepository(trgm_db)
    a = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    repo.insert("u1", "Packliste", "notiz", "", [], NOW)
    with trgm_db.transaction() as conn:
        conn.execute("DELETE FROM notizen_trigramm_posten WHERE user_id = 'u1' AND trigramm = 'ste'")
    repo.write("name", ["Leseliste", NOW, NOW], a["id"], "u1")
    assert _postings(trgm_db, "u1") == _rebuilt(trgm_db, "u1")


def test_a_topic_finds_its_note(trgm_db):
    """§4 'thema': the topic weight counts; the note is found by a topic it carries."""
    repo = NotesRepository(trgm_db)
    note = repo.insert("u1", "Wochenplan", "notiz", "Montag Dienstag", ["Gartenarbeit"], NOW)
    outcome = find_notes(repo, "u1", "Gartenarbeit", "thema")
    assert [n["id"] for n in outcome.notes] == [note["id"]] and outcome.via == "gewichtet"


def _listy_corpus(repo, rng, count, user="u1"):
    """Names that share their endings, as a person's lists do ("…liste", "…plan")."""
    notes = []
    stems = ["Einkauf", "Pack", "Lese", "Keller", "Fahrrad", "Garten", "Party", "Bau", "Oma", "Wein", "Back", "Ack"]
    endings = ["liste", "sliste", "plan", "planung", "ideen", ""]
    for _ in range(count):
        name = "".join(rng.sample(stems, rng.randint(1, 2))) + rng.choice(endings)
        if rng.random() < 0.2:
            name += f" {rng.choice(_WORDS)}"
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 40)))
        notes.append(repo.insert(user, name, "notiz", text, rng.sample(_WORDS + stems, rng.randint(0, 2)), NOW))
    return notes


@pytest.mark.parametrize("seed", [3, 4])
def test_names_that_share_their_endings_are_scored_exactly(trgm_db, seed):
    """§4 over names that share "…liste", "…plan": the postings and the bounds drop only notes that cannot
    be among the best ten — the best ten and the complete candidate list equal the brute-force formula."""
    rng = random.Random(seed)
    repo = NotesRepository(trgm_db)
    notes = _listy_corpus(repo, rng, 300)
    _listy_corpus(repo, rng, 30, user="u2")
    queries = ["Einkaufsliste", "Packliste", "Kellerliste", "Fahrradliste", "Partyplanung", "Gartenideen", "Oma",
               "Weinliste", "Bauplan", "Leseliste Urlaub", "Milch", "Backliste", "Einkaufslste", "Urlaub"]
    for query in queries:
        for target_typ, weights in SUCH_GEWICHTE.items():
            expected = reference_scores(notes, query, weights, float4=True)
            best = sorted(expected.values(), reverse=True)[:10]
            top = [float(r["score"]) for r in repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD)]
            assert top == pytest.approx(best, abs=1e-5), (query, target_typ)
            everything = repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD, limit=10_000)
            assert {r["id"] for r in everything} == set(expected), (query, target_typ)


def test_a_pool_of_one_connection_searches(db):
    """The search needs one connection only: with a single pooled connection it must not wait for a second."""
    single = Database(db.url, max_size=1)
    try:
        repo = NotesRepository(single)
        note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
        assert [n["id"] for n in find_notes(repo, "u1", "Einkaufsliste").notes] == [note["id"]]
    finally:
        single.close()
