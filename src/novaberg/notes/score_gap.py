"""§4 Score-Gap-Disambiguierung: the winner group of a scored list."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["GAP_TOLERANCE", "winner_group"]

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
