"""The dense threshold is computed, not set (dateien.md §3.0a, §3.0a-bis).

`Schwelle = Quantil(1 − K/N)` of the pair's own similarity distribution. Every turn computes the cosine of
the question against the pair's whole stock before anything is cut; its K-th value *is* the 1 − K/N
quantile of that turn's distribution. The search statement appends it to `dateien_schwelle` (one value
per turn, the last `TRACK_KEEP` kept), and the threshold is the median of the tracked values — the rank is
held, not the distance. Until `FILES_DENSE_MIN_SAMPLES` values exist the start value stands.

Two numbers, two offices: the quantile says **how many**, the absolute floor says **whether at all**. The
floor is never lowered by the quantile; a question the stock has nothing for gets no dense hit at all.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from novaberg.core.settings import FILES_DENSE_FLOOR, FILES_DENSE_MIN_SAMPLES, FILES_DENSE_START

__all__ = ["DenseThreshold", "threshold"]


@dataclass(frozen=True)
class DenseThreshold:
    value: float  # the cosine a dense hit must reach this turn
    quantile: float | None  # the tracked estimate (None: not enough samples, the start value stands)
    samples: int
    floor: float

    @property
    def source(self) -> str:
        if self.value == self.floor:
            return "boden"
        return "quantil" if self.quantile is not None else "startwert"


def threshold(tracked: Sequence[float] | None, floor: float = FILES_DENSE_FLOOR, start: float = FILES_DENSE_START,
              min_samples: int = FILES_DENSE_MIN_SAMPLES) -> DenseThreshold:
    """The threshold of this turn from the K-th cosines of the earlier turns (non-finite values ignored)."""
    values = [float(v) for v in (tracked or []) if v is not None and math.isfinite(float(v))]
    quantile = statistics.median(values) if len(values) >= min_samples else None
    estimate = quantile if quantile is not None else start
    return DenseThreshold(max(floor, estimate), quantile, len(values), floor)
