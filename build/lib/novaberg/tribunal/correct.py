"""The last round (tribunal.md, "Der Korrektursatz", "Der dauerhafte Eintrag und die letzte Runde").

When the last correction round is spent and a storage claim is still not proven, the answer goes
out with it — not silently: a correction sentence is appended once, the claiming sentence stays
(removing it would need proof that it is false), and the node writes an error line.
"""

from __future__ import annotations

from novaberg.tribunal.evaluate import ComputedCheck
from novaberg.tribunal.texts import CORRECTION_NOTE, SURVIVING_CLAIM_ERROR

__all__ = ["CORRECTION_NOTE", "claim_survived", "correction_sentence", "surviving_claim_error"]


def _rounds(correction_round: int, max_corrections: int) -> None:
    for name, value in (("correction_round", correction_round), ("max_corrections", max_corrections)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")


def claim_survived(check: ComputedCheck, *, correction_round: int, max_corrections: int) -> bool:
    """An unproven storage claim after the last round: no corrector will see it again."""
    _rounds(correction_round, max_corrections)
    return bool(check.uncovered_claims) and correction_round >= max_corrections


def correction_sentence(
    answer: str, check: ComputedCheck, *, correction_round: int, max_corrections: int
) -> str:
    """The answer that goes out: with `CORRECTION_NOTE` appended once when a claim survived the
    last round, else unchanged. `check` must be the computed check of this very answer."""
    if not claim_survived(check, correction_round=correction_round, max_corrections=max_corrections):
        return answer
    if CORRECTION_NOTE in answer:
        return answer
    body = answer.rstrip()
    return f"{body} {CORRECTION_NOTE}" if body else CORRECTION_NOTE


def surviving_claim_error(correction_round: int) -> str:
    """The error line the node writes in that case, worded as the specification names it."""
    return SURVIVING_CLAIM_ERROR.format(rounds=correction_round)
