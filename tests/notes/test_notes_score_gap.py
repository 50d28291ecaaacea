"""§4 "Score-Gap-Disambiguierung": the winner group is everything above the first gap >= avg
(`gap >= avg`, not `>`), on the edge cases (the specification validated the formula with 20)."""

from __future__ import annotations

import math

import pytest

from novaberg.notes.search import winner_group


def _group(*scores: float) -> list[float]:
    return [score for _, score in winner_group([(f"n{i}", s) for i, s in enumerate(scores)])]


CASES = [
    # (scores, expected winner group) — §4 steps 1-5
    pytest.param([], [], id="empty-list"),
    pytest.param([0.5], [0.5], id="single-candidate-is-the-winner"),
    pytest.param([2.0, 0.5], [2.0], id="two-clear-gap-1.5-over-avg-1.25"),
    pytest.param([1.0, 0.4], [1.0, 0.4], id="two-gap-0.6-under-avg-0.7-both-stay"),
    pytest.param([1.0, 1.0], [1.0, 1.0], id="two-ties-never-split"),
    pytest.param([0.6, 0.6, 0.6], [0.6, 0.6, 0.6], id="three-ties"),
    pytest.param([1.0, 0.4, 0.4], [1.0], id="gap-0.6-equal-to-avg-0.6-splits-(>=-not->)"),
    pytest.param([0.75, 0.25, 0.25, 0.25], [0.75], id="gap-0.5-over-avg-0.375"),
    pytest.param([1.5, 0.5, 0.5, 0.5], [1.5], id="gap-1.0-over-avg-0.75"),
    pytest.param([1.2, 1.1, 0.3], [1.2, 1.1, 0.3], id="big-gap-0.8-under-avg-0.867-all-stay"),
    pytest.param([2.0, 1.9, 0.0], [2.0, 1.9], id="two-winners-above-a-later-gap"),
    pytest.param([3.0, 0.9, 0.6, 0.3], [3.0], id="first-gap-counts-not-the-biggest-later"),
    pytest.param([0.9, 0.8, 0.7, 0.6], [0.9, 0.8, 0.7, 0.6], id="even-staircase-no-split"),
    pytest.param([0.3, 0.3000001], [0.3000001, 0.3], id="near-equal-scores-stay-together"),
    pytest.param([0.4, 2.0], [2.0], id="unsorted-input-is-sorted-first"),
    pytest.param([0.0, 0.0], [0.0, 0.0], id="all-zero-no-gap-separates"),
    pytest.param([1.0, 0.0], [1.0], id="gap-to-zero-splits"),
    pytest.param([4.0, 3.9, 0.1, 0.05], [4.0, 3.9], id="cluster-of-two-on-top"),
    pytest.param([2.5, 2.4, 2.3, 0.1], [2.5, 2.4, 2.3], id="cluster-of-three-on-top"),
    pytest.param([3.0, 2.9, 2.8, 2.7, 0.0], [3.0, 2.9, 2.8, 2.7], id="small-gaps-then-the-split"),
    pytest.param([1.0, 0.5, 0.5], [1.0, 0.5, 0.5], id="gap-0.5-under-avg-0.667"),
    pytest.param([5.0, 1.0, 1.0, 1.0, 1.0, 1.0], [5.0], id="one-high-many-low"),
    pytest.param([0.31, 0.3, 0.3], [0.31, 0.3, 0.3], id="post-filter-boundary-scores-stay"),
    pytest.param([1.0, 0.3, 0.29], [1.0], id="gap-0.7-over-avg-0.53"),
]


@pytest.mark.parametrize(("scores", "expected"), CASES)
def test_winner_group_edge_cases(scores, expected):
    assert _group(*scores) == pytest.approx(expected)


def test_at_least_twenty_edge_cases():
    """§4: "Validiert mit 20 Edge Cases" — this file keeps at least as many."""
    assert len(CASES) >= 20


def test_ties_keep_their_order_and_the_objects_come_back():
    assert winner_group([("a", 0.5), ("b", 0.5), ("c", 0.0)]) == [("a", 0.5), ("b", 0.5)]
    assert [name for name, _ in winner_group([("a", 1.0), ("b", 1.0)])] == ["a", "b"]


def test_the_input_is_not_mutated():
    rows = [("a", 0.2), ("b", 0.9)]
    winner_group(rows)
    assert rows == [("a", 0.2), ("b", 0.9)]


@pytest.mark.parametrize("bad", [-0.1, math.nan, "0.5", None, True])
def test_a_score_that_is_no_non_negative_number_is_loud(bad):
    with pytest.raises(ValueError):
        winner_group([("a", 1.0), ("b", bad)])
