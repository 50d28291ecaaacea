"""§4 SQL-Kern on a real pg_trgm (the path for servers that have the extension; the embedded default has
not): the tiered prefix filter and the topic list give exactly the brute-force formula, and the topic
list follows every write. Runs on a throw-away cluster of the system's PostgreSQL; skipped without one."""

from __future__ import annotations

import random

import pytest

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import SUCH_GEWICHTE, find_notes
from novaberg.store.system_cluster import apply_notes_schema, scratch_database, system_trgm_cluster
from novaberg.text.trigram import trigrams
from tests.notes.test_notes_search_exact import _reference
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
_WORDS = ["Einkauf", "Liste", "Einkaufsliste", "Milch", "Garten", "Gartenhaus", "Packliste", "Urlaub", "Rezept",
          "Lasagne", "Baumarkt", "Schrauben", "Dübel", "Ideen", "Geschenk", "Oma", "Reifen", "Winter", "Küche", "Tee",
          "Mach", "Bach", "Milchreis", "Ölwechsel", "Straße", "Oma-Geschenke", "2027", "To-do", "A"]


@pytest.fixture(scope="module")
def trgm_url():
    with system_trgm_cluster() as url:
        if url is None:
            pytest.skip("no system PostgreSQL with pg_trgm")
        yield url


@pytest.fixture
def trgm_db(trgm_url):
    with scratch_database(trgm_url, apply_notes_schema) as db:
        yield db


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
    assert repo.uses_pg_trgm()
    notes = _corpus(repo, rng, 120)
    _corpus(repo, rng, 20, user="u2")  # another person's notes never appear
    queries = ["Einkaufsliste", "Milch", "Oma", "Gartenhaus", "Tee", "Lasagne Rezept", "Küche", "Straße",
               "Oma Geschenk für Weihnachten", "Öl", "A", "2027", "Einkaufslste"]
    for query in queries:
        for target_typ, weights in SUCH_GEWICHTE.items():
            expected = _reference(notes, query, weights)
            rows = repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD, limit=10_000)
            got = {row["id"]: float(row["score"]) for row in rows}
            assert set(got) == set(expected), (query, target_typ)
            for note_id, score in expected.items():
                assert got[note_id] == pytest.approx(score, abs=1e-5), (query, target_typ, note_id)
            top = [float(r["score"]) for r in repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD)]
            best = sorted(expected.values(), reverse=True)[:10]
            assert top == pytest.approx(best, abs=1e-5), (query, target_typ)


def _topic_list(db, user):
    with db.transaction() as conn:
        rows = conn.execute("SELECT thema, anzahl FROM notizen_themen_verzeichnis WHERE user_id = %s", (user,))
        return {row["thema"]: row["anzahl"] for row in rows}


def _expected_topics(repo, user):
    counts: dict[str, int] = {}
    for note in repo.list(user):
        for thema in set(note["themen"]):
            counts[thema] = counts.get(thema, 0) + 1
    return counts


def test_the_topic_list_follows_every_write(trgm_db):
    """The topic list counts the active notes per topic: insert, change of topics, archive, delete."""
    repo = NotesRepository(trgm_db)
    a = repo.insert("u1", "Einkauf", "notiz", "", ["Haushalt", "Küche", "Küche"], NOW)
    b = repo.insert("u1", "Garten", "notiz", "", ["Haushalt"], NOW)
    repo.insert("u2", "Fremd", "notiz", "", ["Haushalt"], NOW)
    assert _topic_list(trgm_db, "u1") == {"Haushalt": 2, "Küche": 1} == _expected_topics(repo, "u1")
    with trgm_db.transaction() as conn:
        conn.execute("UPDATE notizen SET themen = %s WHERE id = %s", (["Garten"], b["id"]))
    assert _topic_list(trgm_db, "u1") == {"Haushalt": 1, "Küche": 1, "Garten": 1}
    with trgm_db.transaction() as conn:
        conn.execute("UPDATE notizen SET aktiv = FALSE, status = 'archiviert' WHERE id = %s", (a["id"],))
    assert _topic_list(trgm_db, "u1") == {"Garten": 1} == _expected_topics(repo, "u1")
    with trgm_db.transaction() as conn:
        conn.execute("DELETE FROM notizen WHERE user_id = 'u1'")
    assert _topic_list(trgm_db, "u1") == {}
    assert _topic_list(trgm_db, "u2") == {"Haushalt": 1}


def test_a_topic_finds_its_note_through_the_list(trgm_db):
    """§4 'thema': the topic weight counts; the note is found by a topic it carries."""
    repo = NotesRepository(trgm_db)
    note = repo.insert("u1", "Wochenplan", "notiz", "Montag Dienstag", ["Gartenarbeit"], NOW)
    outcome = find_notes(repo, "u1", "Gartenarbeit", "thema")
    assert [n["id"] for n in outcome.notes] == [note["id"]] and outcome.via == "gewichtet"


def _listy_corpus(repo, rng, count, user="u1"):
    """Names that share their endings, as a person's lists do ("…liste", "…plan"): where stages pay."""
    stems = ["Einkauf", "Pack", "Lese", "Keller", "Fahrrad", "Garten", "Party", "Bau", "Oma", "Wein", "Back", "Ack"]
    endings = ["liste", "sliste", "plan", "planung", "ideen", ""]
    for _ in range(count):
        name = "".join(rng.sample(stems, rng.randint(1, 2))) + rng.choice(endings)
        if rng.random() < 0.2:
            name += f" {rng.choice(_WORDS)}"
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 40)))
        repo.insert(user, name, "notiz", text, rng.sample(_WORDS + stems, rng.randint(0, 2)), NOW)


def test_the_stages_return_the_complete_searchs_winner_group(trgm_db, monkeypatch):
    """§4 Score-Gap: a search that stops after a stage (score_gap.settled_group) returns exactly the group
    the complete search returns — for every target type, and not only because it never stops early."""
    rng = random.Random(3)
    repo = NotesRepository(trgm_db)
    _listy_corpus(repo, rng, 400)
    _listy_corpus(repo, rng, 30, user="u2")
    queries = ["Einkaufsliste", "Packliste", "Kellerliste", "Fahrradliste", "Partyplanung", "Gartenideen", "Oma",
               "Weinliste", "Bauplan", "Leseliste Urlaub", "Milch", "Backliste", "Einkaufslste"]
    original = NotesRepository.stages
    last_bounds: list[float | None] = []

    def recording(self, *args, **kwargs):
        for stage in original(self, *args, **kwargs):
            last_bounds.append(stage.bound)
            yield stage

    monkeypatch.setattr(NotesRepository, "stages", recording)
    stopped_early = 0
    for query in queries:
        for target_typ in SUCH_GEWICHTE:
            monkeypatch.setattr("novaberg.notes.repository.STAGE_MIN_POSTINGS", 10**9)
            complete = find_notes(repo, "u1", query, target_typ)
            monkeypatch.setattr("novaberg.notes.repository.STAGE_MIN_POSTINGS", 0)
            last_bounds.clear()
            staged = find_notes(repo, "u1", query, target_typ)
            stopped_early += last_bounds[-1] is not None
            assert [n["id"] for n in staged.notes] == [n["id"] for n in complete.notes], (query, target_typ)
            assert staged.scores == complete.scores and staged.via == complete.via, (query, target_typ)
    assert stopped_early >= 5


def test_every_stage_bound_holds(trgm_db, monkeypatch):
    """What a stage calls sure (its rows at or above its bound) is exactly the complete search's first rows:
    no note the stage has not scored reaches the bound."""
    rng = random.Random(4)
    repo = NotesRepository(trgm_db)
    _listy_corpus(repo, rng, 400)
    monkeypatch.setattr("novaberg.notes.repository.STAGE_MIN_POSTINGS", 0)
    bounded = 0
    for query in ["Einkaufsliste", "Kellerliste", "Packliste", "Bauplan", "Gartenideen", "Partyplanung", "Milch",
                  "Oma Garten", "Weinplan", "Kellerideen", "Fahrradplanung", "Urlaub", "Backstube", "Lesen"]:
        for weights in SUCH_GEWICHTE.values():
            complete = repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD, limit=10_000)
            for stage in repo.stages("u1", query, weights, NOTES_WHERE_THRESHOLD):
                if stage.bound is None:
                    assert [r["id"] for r in stage.rows] == [r["id"] for r in complete[:10]]
                    continue
                bounded += 1
                sure = [r["id"] for r in stage.rows if float(r["score"]) >= stage.bound]
                reaching = [r["id"] for r in complete if float(r["score"]) >= stage.bound]
                assert sure == reaching[:10], (query, weights, stage.bound)
    assert bounded >= 10


def test_name_trigram_counts_follow_every_write(trgm_db):
    """006: per person and trigram, the number of active names that carry it — after insert, rename, a
    text change, archive and delete; another person's notes apart."""
    repo = NotesRepository(trgm_db)
    a = repo.insert("u1", "Einkaufsliste", "notiz", "Milch", [], NOW)
    b = repo.insert("u1", "Packliste Urlaub", "notiz", "", [], NOW)
    repo.insert("u2", "Leseliste", "notiz", "", [], NOW)

    def counted(user):
        with trgm_db.transaction() as conn:
            rows = conn.execute("SELECT trigramm, anzahl FROM notizen_namen_trigramme WHERE user_id = %s", (user,))
            return {row["trigramm"]: row["anzahl"] for row in rows}

    def expected(user):
        result: dict[str, int] = {}
        for note in repo.list(user):
            for gram in trigrams(note["name"]):
                result[gram] = result.get(gram, 0) + 1
        return result

    assert counted("u1") == expected("u1") and counted("u1")["ste"] == 2
    repo.write("name", ["Einkauf Oma", NOW, NOW], a["id"], "u1")
    assert counted("u1") == expected("u1") and counted("u1")["ste"] == 1
    repo.write("inhalt", ["Brot", "Brot", NOW, NOW], b["id"], "u1")
    assert counted("u1") == expected("u1")
    repo.write("archiv", [NOW, NOW], b["id"], "u1")
    assert counted("u1") == expected("u1") and "ste" not in counted("u1")
    with trgm_db.transaction() as conn:
        conn.execute("DELETE FROM notizen WHERE user_id = 'u1'")
    assert counted("u1") == {}
    assert counted("u2") == expected("u2") != {}


def test_a_pool_of_one_connection_searches(trgm_url):
    """The staged search asks what the migrations built before it opens its transaction: with a single
    pooled connection it must not wait for a second one."""
    with scratch_database(trgm_url, apply_notes_schema, max_size=1) as db:
        repo = NotesRepository(db)
        note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
        assert [n["id"] for n in find_notes(repo, "u1", "Einkaufsliste").notes] == [note["id"]]
