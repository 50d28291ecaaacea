"""§4 SQL-Kern with pg_trgm: names and topics counted from the postings (novaberg.notes.trigram_postings)
give pg_trgm's similarity, and the bounds drop only notes that cannot be among the best ten."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.core.settings import NOTES_SEARCH_LIMIT, NOTES_WHERE_THRESHOLD
from novaberg.notes.trigram_postings import (
    FieldSimilarities,
    name_similarities,
    topic_similarities,
    worth_scoring,
)
from novaberg.text.trigram import similarity, trigrams

FLOOR, LIMIT = NOTES_WHERE_THRESHOLD, NOTES_SEARCH_LIMIT


def _postings(entries):
    """{trigram: [code, ...]} -> the byte lists the table holds."""
    return [b"".join(code.to_bytes(8, "big") for code in codes) for codes in entries.values()]


def _name_code(note_id, name, text=""):
    return note_id << 24 | min(len(trigrams(name)), 4095) << 12 | min(len(trigrams(text)), 4095)


def test_name_similarity_is_pg_trgms():
    """c / (|A| + |Q| - c) in float4, c = how often the note appears in the query trigrams' postings."""
    query = "Einkaufsliste"
    names = {1: "Einkaufsliste", 2: "Packliste", 3: "Leseliste Urlaub", 4: "Oma"}
    entries: dict[str, list[int]] = {}
    for note_id, name in names.items():
        for gram in trigrams(name) & trigrams(query):
            entries.setdefault(gram, []).append(_name_code(note_id, name, "Milch und Brot"))
    got = name_similarities(_postings(entries), len(trigrams(query)))
    assert got.ids.tolist() == [1, 2, 3]  # Oma shares nothing
    for note_id, sim in zip(got.ids.tolist(), got.sims.tolist(), strict=True):
        assert sim == float(np.float32(similarity(names[note_id], query)))
    assert got.text_trigrams.tolist() == [len(trigrams("Milch und Brot"))] * 3


def test_topic_similarity_is_the_best_topic_and_a_capped_count_is_unknown():
    query = "Garten"
    topics = {7: ["Gartenhaus", "Garten"], 9: ["Gärtnerei"]}
    entries: dict[str, list[int]] = {}
    for note_id, themen in topics.items():
        for position, thema in enumerate(themen, start=1):
            code = note_id << 32 | position << 24 | len(trigrams(thema)) << 12 | 5
            for gram in trigrams(thema) & trigrams(query):
                entries.setdefault(gram, []).append(code)
    entries.setdefault("  g", []).append(11 << 32 | 1 << 24 | 4095 << 12 | 5)  # a topic too long to count
    got = topic_similarities(_postings(entries), len(trigrams(query)))
    assert got.ids.tolist() == [7, 9, 11]
    assert got.sims[0] == 1.0
    assert got.sims[1] == np.float32(similarity("Gärtnerei", query))
    assert math.isnan(got.sims[2])


_SIM = st.one_of(st.just(0.0), st.sampled_from([0.15, 0.2, 0.3, 0.5, 1.0]),
                 st.integers(1, 12).flatmap(lambda c: st.integers(c, 30).map(lambda d: c / d)))


@settings(max_examples=400, deadline=None)
@given(notes=st.lists(st.tuples(_SIM, _SIM, _SIM, st.integers(0, 300)), min_size=0, max_size=40),
       weights=st.sampled_from([(2.0, 1.0, 1.0), (1.0, 2.0, 0.5), (1.0, 1.0, 2.0)]))
def test_the_bounds_never_drop_one_of_the_best_ten(notes, weights):
    """Whatever the similarities: every note among the first ten of the §4 formula is kept for scoring."""
    query_trigrams = 12
    rows = []
    for note_id, (s_name, s_topic, s_text, text_n) in enumerate(notes, start=1):
        # A text's similarity cannot exceed min(|T|,|Q|) / max(|T|,|Q|).
        s_text = min(s_text, min(text_n, query_trigrams) / max(text_n, query_trigrams, 1))
        rows.append((note_id, np.float32(s_name), np.float32(s_topic), np.float32(s_text), text_n))
    w_name, w_text, w_themen = weights
    score = {i: w_name * float(n) + w_text * float(t) + w_themen * float(h) for i, n, h, t, _ in rows
             if max(float(n), float(h), float(t)) > FLOOR}
    best = sorted(score, key=lambda i: -score[i])[:LIMIT]
    names = [(i, n, tn) for i, n, _, _, tn in rows if n > 0]
    topics = [(i, h, tn) for i, _, h, _, tn in rows if h > 0]

    def field(items):
        return FieldSimilarities(np.array([i for i, _, _ in items], dtype=np.int64),
                                 np.array([s for _, s, _ in items], dtype=np.float32),
                                 np.array([tn for _, _, tn in items], dtype=np.int64))

    texts = {i for i, _, _, t, _ in rows if float(t) >= FLOOR}
    kept, _ = worth_scoring(field(names), field(topics), texts, weights, FLOOR, query_trigrams, LIMIT)
    # A tie at the tenth place may be broken either way by the database; the bounds keep both.
    tenth = score[best[-1]] if best else None
    assert {i for i in best if tenth is None or score[i] > tenth + 1e-6} <= set(kept.tolist())
    assert {i for i in score if tenth is not None and abs(score[i] - tenth) <= 1e-6} <= set(kept.tolist())


def test_the_bounds_drop_what_cannot_reach_the_ten():
    """Not vacuous: of 500 weak names and eleven strong ones, the weak are never scored."""
    strong = [(i, np.float32(0.8), 40) for i in range(1, 12)]
    weak = [(i, np.float32(0.2), 200) for i in range(100, 600)]
    items = strong + weak
    names = FieldSimilarities(np.array([i for i, _, _ in items]), np.array([s for _, s, _ in items]),
                              np.array([tn for _, _, tn in items]))
    empty = FieldSimilarities(np.empty(0, np.int64), np.empty(0, np.float32), np.empty(0, np.int64))
    kept, _ = worth_scoring(names, empty, set(), (2.0, 1.0, 1.0), FLOOR, 12, LIMIT)
    assert set(kept.tolist()) == set(range(1, 12))
