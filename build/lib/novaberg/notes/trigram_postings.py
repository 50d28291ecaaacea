"""Shared trigrams counted from the postings (006_trigram_postings.sql): pg_trgm's similarity of every
note name and topic that shares a trigram with the query, and which notes can still reach the best ten.

Each posting of a query trigram lists the notes whose field carries it, so the number of times a note
appears in the postings read is c, the trigrams its field shares with the query, and
similarity = c / (|A| + |Q| - c) in float4 — pg_trgm's own formula over pg_trgm's own trigram sets
(show_trgm), so the value is the one `similarity()` returns, bit for bit. A count the migration had to
cap (4095 trigrams, topic position 255) is reported as unknown (NaN) and treated as "could be anything".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["FieldSimilarities", "name_similarities", "topic_similarities", "worth_scoring", "scoring_parameters"]

_CAP = 4095
_POSITION_CAP = 255
# Scores are float sums; a bound compared with a score keeps this much room.
_MARGIN = 1e-6


@dataclass(frozen=True)
class FieldSimilarities:
    """Per note that shares a trigram with the query (ids ascending): the field's similarity (float32,
    NaN when unknown) and its text's trigram count (`_CAP`: unknown)."""

    ids: np.ndarray
    sims: np.ndarray
    text_trigrams: np.ndarray


def _codes(postings: Sequence[bytes]) -> np.ndarray:
    if not postings:
        return np.empty(0, dtype=np.int64)
    return np.concatenate([np.frombuffer(p, dtype=">i8") for p in postings]).astype(np.int64)


def _sorted_unique(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values (np.unique without counts takes a hash path ten times slower here)."""
    ordered = np.sort(values)
    return ordered[np.r_[True, ordered[1:] != ordered[:-1]]] if len(ordered) else ordered


def _similarity(shared: np.ndarray, field_trigrams: np.ndarray, query_trigrams: int) -> np.ndarray:
    """pg_trgm's CALCSML: float4 count over float4 union size."""
    union = field_trigrams + query_trigrams - shared
    return shared.astype(np.float32) / union.astype(np.float32)


def name_similarities(postings: Sequence[bytes], query_trigrams: int) -> FieldSimilarities:
    """The name postings of the query's trigrams -> each note's name similarity."""
    codes, shared = np.unique(_codes(postings), return_counts=True)
    trigrams = (codes >> 12) & _CAP
    sims = _similarity(shared, trigrams, query_trigrams)
    sims[trigrams == _CAP] = np.nan
    return FieldSimilarities(codes >> 24, sims, codes & _CAP)


def topic_similarities(postings: Sequence[bytes], query_trigrams: int) -> FieldSimilarities:
    """The topic postings of the query's trigrams -> each note's best topic similarity."""
    codes, shared = np.unique(_codes(postings), return_counts=True)
    if not len(codes):
        return FieldSimilarities(codes, np.empty(0, dtype=np.float32), codes)
    trigrams = (codes >> 12) & _CAP
    sims = _similarity(shared, trigrams, query_trigrams)
    sims[(trigrams == _CAP) | (((codes >> 24) & 0xFF) == _POSITION_CAP)] = np.nan
    ids = codes >> 32  # ascending, as the codes are
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    return FieldSimilarities(ids[starts], np.maximum.reduceat(sims, starts), (codes & _CAP)[starts])


def _look_up(field: FieldSimilarities, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The field's similarity (0 where the note shares no trigram) and text size (_CAP: unknown) of `ids`."""
    sims = np.zeros(len(ids), dtype=np.float64)
    text_n = np.full(len(ids), _CAP, dtype=np.int64)
    if len(field.ids):
        at = np.minimum(np.searchsorted(field.ids, ids), len(field.ids) - 1)
        found = field.ids[at] == ids
        sims[found], text_n[found] = field.sims[at[found]], field.text_trigrams[at[found]]
    return sims, text_n


def worth_scoring(names: FieldSimilarities, topics: FieldSimilarities, text_ids: Collection[int],
                  weights: tuple[float, float, float], floor: float, query_trigrams: int,
                  limit: int) -> tuple[np.ndarray, np.ndarray]:
    """The notes that can be among the first `limit` of the §4 search, and their exact topic similarity
    (NaN where unknown).

    Known exactly: the name and topic similarity of every note (0 where no trigram is shared). The text
    only for the notes of `text_ids` (every note whose text reaches `floor`); any other text stays below
    `floor` and below min(|T|,|Q|) / max(|T|,|Q|). A note is dropped when even its upper bound stays below
    the `limit`-th best lower bound of the notes that surely qualify.
    """
    w_name, w_text, w_themen = weights
    by_text_ids = np.fromiter(text_ids, dtype=np.int64)
    # Only notes that can meet the condition at all: a field above the floor (or unknown), or the text.
    # Compared in float64, as SQL compares a float4 similarity with the float8 threshold.
    ids = _sorted_unique(np.concatenate([names.ids[~(names.sims.astype(np.float64) <= floor)],
                                         topics.ids[~(topics.sims.astype(np.float64) <= floor)], by_text_ids]))
    name_sim, name_text_n = _look_up(names, ids)
    topic_sim, topic_text_n = _look_up(topics, ids)
    text_n = np.minimum(name_text_n, topic_text_n)  # the one that is known (an unknown one is _CAP)
    by_text = np.zeros(len(ids), dtype=bool)
    by_text[np.searchsorted(ids, by_text_ids)] = True
    name_open, topic_open = np.isnan(name_sim), np.isnan(topic_sim)
    sure = (name_sim > floor) | (topic_sim > floor)
    low = w_name * np.nan_to_num(name_sim) + w_themen * np.nan_to_num(topic_sim)
    known = text_n < _CAP
    ratio = np.minimum(text_n, query_trigrams) / np.maximum(np.maximum(text_n, query_trigrams), 1)
    text_bound = np.where(by_text, 1.0, np.where(known, np.minimum(ratio, floor), floor))
    high = low + w_text * text_bound + w_name * name_open + w_themen * topic_open
    surely = np.sort(low[sure])[::-1]
    cut = surely[limit - 1] - _MARGIN if len(surely) >= limit else -np.inf
    keep = high >= cut
    return ids[keep], topic_sim[keep]


def scoring_parameters(ids: np.ndarray, topic_sims: np.ndarray) -> dict[str, list[Any]]:
    """The parameters of TRGM_SCORED: the ids to score, and the topic similarities the postings gave."""
    known = ~np.isnan(topic_sims)
    return {"ids": ids.tolist(), "topic_ids": ids[known].tolist(), "topic_sims": topic_sims[known].tolist()}
