"""§4 SQL-Kern against a brute-force reference: the candidates' prefilters (indexes, the text length
bound, the topics' union) never lose a note the specification's formula keeps, and the scores are the
formula's (pg_trgm semantics, `novaberg.text.trigram`)."""

from __future__ import annotations

import random

import pytest

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import SUCH_GEWICHTE
from tests.notes.search_reference import reference_scores
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
_WORDS = ["Einkauf", "Liste", "Einkaufsliste", "Milch", "Garten", "Gartenhaus", "Packliste", "Urlaub", "Rezept",
          "Lasagne", "Baumarkt", "Schrauben", "Dübel", "Ideen", "Geschenk", "Oma", "Reifen", "Winter", "Küche", "Tee"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scored_search_equals_the_brute_force_formula(db, seed):
    rng = random.Random(seed)
    repo = NotesRepository(db)
    notes = []
    for _ in range(60):
        name = " ".join(rng.sample(_WORDS, rng.randint(1, 2)))
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 30)))
        themen = rng.sample(_WORDS, rng.randint(0, 3))
        notes.append(repo.insert("u1", name, "notiz", text, themen, NOW))
    for query in ["Einkaufsliste", "Gartenhaus", "Tee", "Lasagne Rezept", "Oma Geschenk", "Küche", "Winterreifen"]:
        for target_typ, weights in SUCH_GEWICHTE.items():
            expected = reference_scores(notes, query, weights, float4=True)  # pg_trgm returns float4
            rows = repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD, limit=1000)
            got = {row["id"]: float(row["score"]) for row in rows}
            assert set(got) == set(expected), (query, target_typ)
            for note_id, score in expected.items():
                assert got[note_id] == pytest.approx(score, abs=1e-5), (query, target_typ, note_id)
            scores = [float(row["score"]) for row in rows]
            assert scores == sorted(scores, reverse=True)


def test_the_first_ten_with_the_bound_cut_equal_the_full_ranking(db):
    """The search compares a text in full only when its bound can still reach the first `limit`; the
    first ten must be exactly the first ten of the full ranking."""
    rng = random.Random(11)
    repo = NotesRepository(db)
    for i in range(150):
        name = " ".join(rng.sample(_WORDS, rng.randint(1, 3))) + f" {i}"
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 40)))
        repo.insert("u1", name, "notiz", text, rng.sample(_WORDS, rng.randint(0, 3)), NOW)
    for query in ["Einkaufsliste", "Gartenhaus", "Tee", "Lasagne Rezept", "Oma", "Liste", "Winterreifen"]:
        for target_typ, weights in SUCH_GEWICHTE.items():
            full = [round(float(r["score"]), 5) for r in repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD,
                                                                    limit=10_000)][:10]
            top = [round(float(r["score"]), 5) for r in repo.scored("u1", query, weights, NOTES_WHERE_THRESHOLD)]
            assert top == full, (query, target_typ)
