"""§4 Score-Gap-Disambiguierung decided early: a stage that scored only part of the candidates, with a
strict bound for the rest, returns the complete search's winner group or nothing — never another group."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.core.settings import NOTES_POST_FILTER, NOTES_SEARCH_LIMIT
from novaberg.notes.score_gap import settled_group, winner_group

LIMIT, POST = NOTES_SEARCH_LIMIT, NOTES_POST_FILTER


def _order(candidates):
    return sorted(candidates, key=lambda item: (-item[1], item[0]))


def _complete(candidates):
    """The specification's way: the best ten, post-filter, winner group."""
    return winner_group([item for item in _order(candidates)[:LIMIT] if item[1] >= POST])


def _stage(candidates, bound, rng):
    """What a stage sees: every candidate at or above the bound, some of those below."""
    seen = [item for item in candidates if item[1] >= bound or rng.random() < 0.5]
    return _order(seen)[:LIMIT]


_SCORES = st.one_of(st.sampled_from([0.0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.2, 2.0, 2.2, 4.0]),
                    st.floats(min_value=0, max_value=4, allow_nan=False))


@settings(max_examples=1500, deadline=None)
@given(scores=st.lists(_SCORES, max_size=30), bound=st.floats(min_value=0, max_value=4.5), seed=st.integers(0, 99))
def test_a_settled_group_is_the_complete_searchs_group(scores, bound, seed):
    """§4: `gap >= avg` over the best ten after the 0.3 post-filter — deciding it early changes nothing."""
    candidates = list(enumerate(scores))
    got = settled_group(_stage(candidates, bound, random.Random(seed)), bound, LIMIT, POST)
    assert got is None or got == _complete(candidates)


@pytest.mark.parametrize("seed", range(30))
def test_with_no_bound_the_group_is_always_decided(seed):
    """The last stage scored every candidate: its group is the complete search's group."""
    rng = random.Random(seed)
    candidates = [(i, round(rng.uniform(0, 2.5), 3)) for i in range(rng.randint(0, 25))]
    assert settled_group(_order(candidates)[:LIMIT], None, LIMIT, POST) == _complete(candidates)


def test_the_early_decision_is_not_vacuous():
    """A clear winner is decided although a thousand candidates below the bound were never scored; a field of
    near-equal names is not."""
    rng = random.Random(5)
    unseen = [(i, rng.uniform(0.3, 0.79)) for i in range(1, 1000)]
    clear = [(0, 2.01), (1000, 0.7), (1001, 0.65)] + [(1002 + i, 0.6) for i in range(8)]
    stage = _order(clear)[:LIMIT]
    assert settled_group(stage, 0.8, LIMIT, POST) == [(0, 2.01)] == _complete(clear + unseen)
    close = [(0, 0.85), (1000, 0.84), (1001, 0.83)] + [(1002 + i, 0.82) for i in range(8)]
    assert settled_group(_order(close)[:LIMIT], 0.83, LIMIT, POST) is None
    # All ten at or above the bound: the best ten are known, whatever lies below.
    assert settled_group(_order(close)[:LIMIT], 0.8, LIMIT, POST) == _complete(close + unseen)


def test_decisions_over_random_stages_are_frequent_and_right():
    """Over many random searches a good share of the stages with a bound decide, and every decision is the complete one."""
    rng = random.Random(11)
    decided = 0
    for _ in range(2000):
        top = rng.uniform(0.5, 3.0)
        candidates = [(0, top)] + [(i, rng.uniform(0, top * rng.uniform(0.2, 0.6))) for i in range(1, 40)]
        bound = top * rng.uniform(0.3, 0.9)
        got = settled_group(_stage(candidates, bound, rng), bound, LIMIT, POST)
        if got is not None:
            decided += 1
            assert got == _complete(candidates)
    assert decided > 200


def test_nothing_unscored_can_pass_the_post_filter():
    """A bound at or below 0.3: the unscored rest cannot be kept, so the sure rows alone decide."""
    stage = [(1, 0.5), (2, 0.45)]
    assert settled_group(stage, 0.3, LIMIT, POST) == winner_group(stage)
    assert settled_group([(1, 0.29)], 0.3, LIMIT, POST) == []
