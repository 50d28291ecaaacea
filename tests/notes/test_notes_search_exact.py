"""§4 SQL-Kern against a brute-force reference: the candidates' prefilters (indexes, the text length
bound, the topics' union) never lose a note the specification's formula keeps, and the scores are the
formula's (pg_trgm semantics, `novaberg.text.trigram`)."""

from __future__ import annotations

import random
import struct
from functools import lru_cache

import pytest

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import SUCH_GEWICHTE
from novaberg.text.trigram import similarity
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
_WORDS = ["Einkauf", "Liste", "Einkaufsliste", "Milch", "Garten", "Gartenhaus", "Packliste", "Urlaub", "Rezept",
          "Lasagne", "Baumarkt", "Schrauben", "Dübel", "Ideen", "Geschenk", "Oma", "Reifen", "Winter", "Küche", "Tee"]


def _float4(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


@lru_cache(maxsize=200_000)
def _similarity(text: str, query: str, float4: bool) -> float:
    """One pair's similarity, computed once: the tests ask the same pair once per set of weights."""
    value = similarity(text, query)
    return _float4(value) if float4 else value


def _reference(notes, query, weights, float4=False):
    """The §4 formula in Python; `float4`: each similarity rounded as pg_trgm returns it (a similarity of
    exactly 0.15 becomes 0.15000000596 and passes `> 0.15`)."""
    w_name, w_text, w_themen = weights

    def sim(text: str, query: str) -> float:
        return _similarity(text, query, float4)

    out = {}
    for note in notes:
        s_name = sim(note["name"], query)
        s_text = sim(note["text"], query)
        s_themen = max((sim(t, query) for t in note["themen"]), default=0.0)
        if max(s_name, s_text, s_themen) > NOTES_WHERE_THRESHOLD:
            out[note["id"]] = s_name * w_name + s_text * w_text + s_themen * w_themen
    return out


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
            expected = _reference(notes, query, weights, float4=True)  # pg_trgm returns float4
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
