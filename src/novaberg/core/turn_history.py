"""The read side of `turns` and of the tribunal's trace in `pipeline_log`, for the person's own views
(the chat history per pair and the reasons behind a corrected or held-back answer).

`core/logs.py` stays the one writer of both tables; this module only reads. Every statement names the
pair (`user_id`, `character_id`) in its condition — a trace row is reached only through the turn it
belongs to, so one person can never read another person's reasons by guessing a turn id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from novaberg.core.edge import check_id

__all__ = ["TurnHistory", "HistoryTurn", "TribunalRound", "TurnReview", "HISTORY_MAX"]

HISTORY_MAX = 200  # turns one history request returns at most
_CHARACTERS_MAX = 50
_TRIBUNAL_NODE = "tribunal"  # graph/evaluate.TRIBUNAL_NODE (core may not import graph)

_HISTORY = """
SELECT t.turn_id, t.text, t.answer, t.verdict, t.created_at,
       COALESCE((SELECT max((p.payload->>'runde')::int) FROM pipeline_log p
                 WHERE p.turn_id = t.turn_id AND p.node = %(node)s AND p.kind = 'urteil'
                   AND jsonb_typeof(p.payload->'runde') = 'number'), 0) AS runden
FROM turns t
WHERE t.user_id = %(user_id)s AND t.character_id = %(character_id)s AND t.answer IS NOT NULL
ORDER BY t.created_at DESC, t.id DESC
LIMIT %(limit)s
"""
_CHARACTERS = """
SELECT character_id, max(created_at) AS zuletzt FROM turns WHERE user_id = %s
GROUP BY character_id ORDER BY zuletzt DESC, character_id LIMIT %s
"""
_TURN = """
SELECT turn_id, answer, verdict FROM turns WHERE turn_id = %s AND user_id = %s AND character_id = %s
"""
_TRACE = """
SELECT p.kind, p.source, p.payload FROM pipeline_log p
JOIN turns t ON t.turn_id = p.turn_id
WHERE t.turn_id = %s AND t.user_id = %s AND t.character_id = %s
  AND ((p.node = %s AND p.kind IN ('votum', 'urteil', 'zurueckgehalten'))
       OR (p.node = 'evaluate' AND p.kind = 'berechnung'))
ORDER BY p.id
"""


@dataclass(frozen=True)
class HistoryTurn:
    turn_id: UUID
    text: str
    answer: str
    verdict: str | None
    created_at: datetime
    corrections: int  # correction rounds the tribunal ran (0: the first answer went out)


@dataclass(frozen=True)
class TribunalRound:
    round: int
    verdict: str  # the round's verdict after the computed checks raised the judges' majority
    computed: str | None  # the computed checks' own verdict
    reasons: list[str] = field(default_factory=list)  # "[judge] reasoning" of each non-ok vote
    directive_findings: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (art, treffer)
    unproven_claims: list[str] = field(default_factory=list)  # storage words no service of the turn backs
    weekday_findings: list[tuple[str, str, str]] = field(default_factory=list)  # (date, said, correct weekday)


@dataclass(frozen=True)
class TurnReview:
    turn_id: UUID
    verdict: str | None
    rounds: list[TribunalRound]
    held_back: list[str]  # the reasons logged when the answer was replaced by the fixed text

    @property
    def corrections(self) -> int:
        return max((r.round for r in self.rounds), default=0)


def _pair(user_id: str, character_id: str) -> None:
    check_id(user_id, "user_id")
    check_id(character_id, "character_id")


class TurnHistory:
    """Reads finished turns and their tribunal trace, bound to the pair."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def recent(self, user_id: str, character_id: str, limit: int = 50) -> list[HistoryTurn]:
        """The pair's last finished turns, oldest first (at most HISTORY_MAX)."""
        _pair(user_id, character_id)
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= HISTORY_MAX:
            raise ValueError(f"limit must lie in 1..{HISTORY_MAX}")
        params = {"user_id": user_id, "character_id": character_id, "limit": limit, "node": _TRIBUNAL_NODE}
        with self._db.transaction() as conn:
            rows = conn.execute(_HISTORY, params).fetchall()
        return [HistoryTurn(r["turn_id"], r["text"], r["answer"], r["verdict"], r["created_at"], int(r["runden"]))
                for r in reversed(rows)]

    def characters(self, user_id: str) -> list[str]:
        """The figures this person has talked to, most recent first."""
        check_id(user_id, "user_id")
        with self._db.transaction() as conn:
            rows = conn.execute(_CHARACTERS, (user_id, _CHARACTERS_MAX)).fetchall()
        return [r["character_id"] for r in rows]

    def review(self, user_id: str, character_id: str, turn_id: UUID) -> TurnReview | None:
        """The tribunal's rounds of one turn of this pair; None when the pair has no such finished turn."""
        _pair(user_id, character_id)
        if not isinstance(turn_id, UUID):
            raise ValueError("turn_id must be a UUID")
        with self._db.transaction() as conn:
            turn = conn.execute(_TURN, (turn_id, user_id, character_id)).fetchone()
            if turn is None or turn["answer"] is None:
                return None
            trace = conn.execute(_TRACE, (turn_id, user_id, character_id, _TRIBUNAL_NODE)).fetchall()
        return _review(turn_id, turn["verdict"], trace)


def _review(turn_id: UUID, verdict: str | None, trace: list[dict[str, Any]]) -> TurnReview:
    reasons: dict[int, list[str]] = {}
    computed: dict[int, dict[str, Any]] = {}
    rounds: list[TribunalRound] = []
    held_back: list[str] = []
    for row in trace:
        payload = row["payload"] if isinstance(row["payload"], dict) else {}
        number = payload.get("runde") if isinstance(payload.get("runde"), int) else 0
        if row["kind"] == "berechnung":  # tribunal.md §5.3: the computed checks of this round
            computed[number] = payload
        elif row["kind"] == "votum":
            vote = payload.get("vote")
            reasoning = payload.get("reasoning")
            if vote not in (None, "ok") and isinstance(reasoning, str) and reasoning.strip():
                agent = payload.get("agent") or row["source"] or "?"
                reasons.setdefault(number, []).append(f"[{agent}] {reasoning.strip()}")
        elif row["kind"] == "urteil":
            findings = [(str(f.get("art")), tuple(str(t) for t in f.get("treffer") or []))
                        for f in payload.get("direktiven_befunde") or [] if isinstance(f, dict)]
            own = payload.get("gerechnet")
            check = computed.get(number, {})
            claims = [str(c.get("wort")) for c in check.get("befunde") or [] if isinstance(c, dict)] \
                if check.get("ergebnis") == "nicht_belegt" else []
            weekdays = [(str(w.get("datum")), str(w.get("genannt")), str(w.get("richtig")))
                        for w in (check.get("zeitangabe") or {}).get("wochentag") or [] if isinstance(w, dict)]
            rounds.append(TribunalRound(number, str(payload.get("urteil") or "ok"),
                                        own if isinstance(own, str) else None,
                                        reasons.get(number, []), findings, claims, weekdays))
        elif row["kind"] == "zurueckgehalten":
            held_back = [str(g) for g in payload.get("gruende") or []]
    return TurnReview(turn_id, verdict, rounds, held_back)
