"""The notes search (notizen.md §4): weighted similarity over name, text and topics, the score-gap
winner group, and the fallback chain (exact name, then full text).

`winner_group` is pure; `find_notes` runs the chain over a repository.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from novaberg.core.settings import NOTES_POST_FILTER, NOTES_SEARCH_LIMIT, NOTES_WHERE_THRESHOLD

__all__ = ["SUCH_GEWICHTE", "TARGET_TYPES", "GAP_TOLERANCE", "SearchOutcome", "winner_group", "find_notes"]

# §4 SUCH_GEWICHTE: target_typ -> (w_name, w_text, w_themen)
SUCH_GEWICHTE: dict[str, tuple[float, float, float]] = {
    "titel": (2.0, 1.0, 1.0),
    "inhalt": (1.0, 2.0, 0.5),
    "thema": (1.0, 1.0, 2.0),
}
TARGET_TYPES = tuple(SUCH_GEWICHTE)
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


@dataclass
class SearchOutcome:
    """The winner group (best first) and how it was found: 'gewichtet', 'name', 'volltext' or 'keine'."""

    notes: list[dict[str, Any]]
    via: str
    considered: int = 0
    scores: list[float] = field(default_factory=list)


def find_notes(repo: Any, user_id: str, query: str, target_typ: str = "titel",
               limit: int = NOTES_SEARCH_LIMIT) -> SearchOutcome:
    """§4: weighted search, post-filter 0.3, winner group; with no hit the exact name, then full text."""
    query = query.strip()
    if not query:
        return SearchOutcome([], "keine")
    weights = SUCH_GEWICHTE.get(target_typ, SUCH_GEWICHTE["titel"])
    rows = repo.scored(user_id, query, weights, NOTES_WHERE_THRESHOLD, limit)
    kept = [row for row in rows if float(row["score"]) >= NOTES_POST_FILTER]
    if kept:
        group = winner_group([(row, float(row["score"])) for row in kept])
        return SearchOutcome([row for row, _ in group], "gewichtet", len(rows), [score for _, score in group])
    by_name = repo.by_keyword(user_id, query, limit)
    if by_name:
        return SearchOutcome(by_name, "name", len(rows))
    by_text = repo.by_fulltext(user_id, query, limit)
    if by_text:
        group = winner_group([(row, float(row["rank"])) for row in by_text])
        return SearchOutcome([row for row, _ in group], "volltext", len(rows), [score for _, score in group])
    return SearchOutcome([], "keine", len(rows))
