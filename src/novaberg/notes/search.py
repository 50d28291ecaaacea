"""The notes search (notizen.md §4): weighted similarity over name, text and topics, the score-gap
winner group, and the fallback chain (exact name, then full text).

`find_notes` runs the chain over a repository; the winner group is in score_gap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from novaberg.core.settings import NOTES_POST_FILTER, NOTES_SEARCH_LIMIT, NOTES_WHERE_THRESHOLD
from novaberg.notes.score_gap import GAP_TOLERANCE, winner_group

__all__ = ["SUCH_GEWICHTE", "TARGET_TYPES", "GAP_TOLERANCE", "SearchOutcome", "winner_group", "find_notes"]

# §4 SUCH_GEWICHTE: target_typ -> (w_name, w_text, w_themen)
SUCH_GEWICHTE: dict[str, tuple[float, float, float]] = {
    "titel": (2.0, 1.0, 1.0),
    "inhalt": (1.0, 2.0, 0.5),
    "thema": (1.0, 1.0, 2.0),
}
TARGET_TYPES = tuple(SUCH_GEWICHTE)
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
    considered = len(rows)
    group = winner_group([(row, float(row["score"])) for row in rows if float(row["score"]) >= NOTES_POST_FILTER])
    if group:
        return SearchOutcome([row for row, _ in group], "gewichtet", considered, [score for _, score in group])
    by_name = repo.by_keyword(user_id, query, limit)
    if by_name:
        return SearchOutcome(by_name, "name", considered)
    by_text = repo.by_fulltext(user_id, query, limit)
    if by_text:
        group = winner_group([(row, float(row["rank"])) for row in by_text])
        return SearchOutcome([row for row, _ in group], "volltext", considered, [score for _, score in group])
    return SearchOutcome([], "keine", considered)
