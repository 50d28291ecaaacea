"""Salience (dateien.md §4b.1): the model rates what the person said on the raw scale 0..1; the curve
`sin(raw·π/2)^0.5` gives the effective value the short-term memory stores and its bands compare with.

The offline rule rates the everyday sentences a companion must remember high (names, relationships,
personal facts, plans, feelings, events of other persons) and small talk, questions and commands low.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import (
    KZG_SALIENZ_HIGH,
    KZG_SALIENZ_MID,
    KZG_SALIENZ_MINIMUM,
    KZG_TTL_DAYS_HIGH,
    KZG_TTL_DAYS_MID,
    KZG_TTL_DAYS_MINIMUM,
)
from novaberg.llm.reader import read_number, read_text
from novaberg.text.salience_rules import weigh
from novaberg.text.small_talk import only_small_talk, small_talk

__all__ = ["TASK", "Rating", "offline_salience", "effective", "reaches", "band_ttl_days", "rate", "certain_by_rule"]

TASK = "salience"


def effective(raw: float) -> float:
    """`sin(raw·π/2)^0.5` (dateien.md §4b.1); a value outside 0..1, NaN or no number raises ValueError."""
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        raise ValueError(f"raw salience must be a number in 0..1, got {type(raw).__name__}")
    if math.isnan(raw) or not 0.0 <= raw <= 1.0:
        raise ValueError(f"raw salience must lie in 0..1, got {raw!r}")
    return math.sin(raw * math.pi / 2) ** 0.5


def reaches(value: float, threshold: float) -> bool:
    """The thresholds are the curve's values on five places (§4b.1): raw 0.7 reaches HIGH, 0.69 does not."""
    return round(value, 5) >= threshold


def band_ttl_days(value: float) -> int | None:
    """Days a short-term entry of this effective salience lives; None below `KZG_SALIENZ_MINIMUM` (no entry)."""
    if reaches(value, KZG_SALIENZ_HIGH):
        return KZG_TTL_DAYS_HIGH
    if reaches(value, KZG_SALIENZ_MID):
        return KZG_TTL_DAYS_MID
    if reaches(value, KZG_SALIENZ_MINIMUM):
        return KZG_TTL_DAYS_MINIMUM
    return None


@dataclass(frozen=True)
class Rating:
    raw: float
    reason: str

    @property
    def effective(self) -> float:
        return effective(self.raw)


def certain_by_rule(text: str) -> Rating | None:
    """Small talk the templates answer (*Wie geht es dir?*, *Danke*) that the offline rule also rates below the
    short-term memory's minimum holds nothing to remember: the rule's rating, with no model asked (the
    computed path already decided). A greeting that carries more (*Hallo, Lena hat geheiratet*) is not certain."""
    if not small_talk(text) or not only_small_talk(text):
        return None
    rated = offline_salience({"text": text})
    if effective(rated["salienz"]) >= KZG_SALIENZ_MINIMUM:
        return None
    return Rating(rated["salienz"], rated["grund"])


def rate(asker: Any, text: str, history: list[tuple[str, str]] | None = None) -> Rating:
    """One model call; the answer is read checked (a raw value outside 0..1 is a loud ModelAnswerError). Small talk
    the rules read with certainty is rated by the rule (`certain_by_rule`)."""
    certain = certain_by_rule(text)
    if certain is not None:
        return certain
    previous = "\n".join(f"Mensch: {said}" for said, _ in (history or [])[-2:]) or "(kein früherer Turn)"
    fields = asker.ask(TASK, {"text": text, "verlauf": previous}).fields
    raw = read_number(fields, "salienz", math.nan, minimum=0.0, maximum=1.0)
    if math.isnan(raw):
        raise ModelAnswerError("feld_fehlt", "field 'salienz' is missing")
    return Rating(raw, read_text(fields, "grund", "").strip())


def offline_salience(data: Mapping[str, Any]) -> dict[str, Any]:
    """The offline model's answer to the salience task: the rule's weight and reason (`text.salience_rules`)."""
    raw, reason = weigh(str(data.get("text", "")))
    return {"salienz": raw, "grund": reason}
