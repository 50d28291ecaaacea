"""§4 Score-Gap-Disambiguierung: the winner group of a scored list, and deciding it before every
candidate has been scored.

The specification's search scores every note with a field above 0.15, keeps the best ten, drops those
below 0.3 and returns the group above the first score gap that is at least the average
(`search.winner_group`). When a query shares a common word ending with thousands of names ("…liste"),
scoring all of them is most of the work, although the group is usually clear from the best few.

A search stage scores only part of the candidates (for example the notes whose name reaches 0.3, plus
every text and topic candidate) and knows a strict upper bound for every candidate it has not scored:
the weighted sum of what each field could still reach. From the stage's best rows and that bound this
module decides the group the complete search would return, or says that it cannot (None), and the
search goes one stage further. It never guesses: a gap counts as a split only if it reaches the largest
average the unscored notes allow, and as no split only if it stays below the smallest one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["GAP_TOLERANCE", "winner_group", "settled_group"]

# Scores are sums of float products; a gap that equals the average on paper must count as equal
# (§4: `gap >= avg`, not `>`).
GAP_TOLERANCE = 1e-9

T = TypeVar("T")


def winner_group(scored: Sequence[tuple[T, float]]) -> list[tuple[T, float]]:
    """§4 Score-Gap-Disambiguierung: the candidates above the first gap that is at least the average.

    1. avg = mean of all scores; 2. walk the list sorted by score (ties keep their order) and find the
    first gap >= avg; 3. everything above it is the winner group. No such gap: everyone stays. A gap of
    zero never separates (equal scores are equally good, also when every score is 0).
    """
    items = list(scored)
    for _, score in items:
        if isinstance(score, bool) or not isinstance(score, int | float) or math.isnan(score) or score < 0:
            raise ValueError(f"a score is a non-negative number, not {score!r}")
    ordered = sorted(items, key=lambda item: -item[1])
    if len(ordered) < 2:
        return ordered
    avg = sum(score for _, score in ordered) / len(ordered)
    for index in range(len(ordered) - 1):
        gap = ordered[index][1] - ordered[index + 1][1]
        if gap > 0 and gap >= avg - GAP_TOLERANCE:
            return ordered[: index + 1]
    return ordered


def settled_group(best: Sequence[tuple[T, float]], bound: float | None, limit: int,
                  post_filter: float) -> list[tuple[T, float]] | None:
    """The winner group of the complete search, or None when this stage cannot tell it yet.

    `best`: the stage's first `limit` candidates, best first, in the complete search's order. `bound`:
    every candidate the stage did not score stays below it; None when the stage scored them all.
    """
    if bound is None:
        return winner_group([item for item in best[:limit] if item[1] >= post_filter])
    # The first rows at or above the bound are the complete search's first rows, in its order.
    sure = [item for item in best if item[1] >= bound]
    if len(sure) >= limit or bound <= post_filter:
        # The first `limit` are known, or nothing unscored can pass the post-filter.
        return winner_group([item for item in sure[:limit] if item[1] >= post_filter])
    # From here every sure row is above the post-filter. The rest of the first `limit` are `places`
    # notes below the bound; `known` of them certainly pass the post-filter (the stage has seen
    # that many such notes, so the best rest are at least as good).
    places = limit - len(sure)
    known = min(places, sum(1 for _, score in best[len(sure):] if score >= post_filter))
    if not sure:
        return None
    total, count = sum(score for _, score in sure), len(sure)
    averages_high = [(total + r * bound) / (count + r) for r in range(known, places + 1)]
    averages_low = [(total + r * post_filter) / (count + r) for r in range(known, places + 1)]
    highest, lowest = max(averages_high), min(averages_low)
    for index in range(count - 1):
        gap = sure[index][1] - sure[index + 1][1]
        if gap > 0 and gap >= highest:
            return list(sure[: index + 1])
        if gap <= 0 or gap < lowest - GAP_TOLERANCE:
            continue
        return None
    # The gap after the last sure row is larger than its distance to the bound; without a further
    # kept row the list simply ends there. Either way the group is every sure row.
    if sure[-1][1] - bound >= highest:
        return list(sure)
    return None
