"""The dense threshold is computed, not set (dateien.md §3.0a, §3.0a-bis).

`Schwelle = Quantil(1 − K/N)` of the pair's own similarity distribution. Every turn computes the cosine of
the question against the pair's whole stock before anything is cut; its K-th value *is* the 1 − K/N
quantile of that turn's distribution. The search statement appends it to `dateien_schwelle` (one value
per turn, the last `TRACK_KEEP` kept), and the threshold is the median of the tracked values — the rank is
held, not the distance. Until `FILES_DENSE_MIN_SAMPLES` values exist the start value stands.

Two numbers, two offices: the quantile says **how many**, the absolute floor says **whether at all**. The
floor is never lowered by the quantile; a question the stock has nothing for gets no dense hit at all.

The floor is measured per embedder, not set (§3.0a-bis: *„gemessen, steht fest"*): two embedders have two
cosine scales (the hashing embedder's unrelated pairs sit around 0.05–0.2, a sentence model's far higher),
so one number cannot say "whether at all" for both. `python -m bench.files.calibrate --embedder …` indexes
the generated corpus of bench/files with the embedder, takes the question/file pairs that share neither
subject, aspect nor place (unrelated by construction; the hand-written sets are not used, so they stay
tests of the floor), and records the cosine such pairs exceed 1 % of the time (their 99th percentile) in
`dense_floors.json` under the embedder's name (`embedder_key`). An embedder without a measurement keeps
`FILES_DENSE_FLOOR`, and the search logs that its floor is unmeasured.
"""

from __future__ import annotations

import json
import logging
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import PurePath
from typing import Any

from novaberg.core.settings import FILES_DENSE_FLOOR, FILES_DENSE_MIN_SAMPLES, FILES_DENSE_START

__all__ = ["DenseThreshold", "threshold", "dense_floor", "embedder_key", "FLOORS_FILE", "channel_weights",
           "UNMEASURED_DENSE_WEIGHT"]

logger = logging.getLogger(__name__)

FLOORS_FILE = "dense_floors.json"  # next to this module: embedder name → its measured floor


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


def embedder_key(embedder: Any) -> str:
    """The name an embedder's floor is recorded under: `hashing`, `ollama:<model>`, or
    `sentence-transformers:<model directory>` (the last two parts of its path: where a package ships the
    model as `<package>/model`, the directory alone would name nothing)."""
    if isinstance(embedder, str):
        return embedder
    described = embedder.describe() if hasattr(embedder, "describe") else {}
    kind = str(described.get("embedder") or getattr(embedder, "name", type(embedder).__name__))
    if described.get("model"):
        return f"{kind}:{described['model']}"
    if described.get("path"):
        return f"{kind}:{'/'.join(PurePath(str(described['path'])).parts[-2:])}"
    return kind


_WARNED: set[str] = set()


@cache
def _floors() -> dict[str, Any]:
    text = resources.files("novaberg.files").joinpath(FLOORS_FILE).read_text(encoding="utf-8")
    return dict(json.loads(text))


# the dense vote of an embedder whose separation was not measured orders only what the lexical
# channels score equally and comes after every lexical hit (1/61 · 0.01 is below the gap of two lexical ranks)
UNMEASURED_DENSE_WEIGHT = 0.01


def channel_weights(embedder: Any) -> dict[str, float]:
    """The fusion's weights for this embedder: `gewicht_dicht` as measured (`bench.files.real` on the development
    questions: the dense channel's NDCG@5 alone against the full-text channel's), else the tie-break weight; and
    `gewicht_dicht_kurz`, the dense vote on a short note (measured on the development hand set
    and the development real questions), only where it was measured."""
    entry = _floors().get(embedder_key(embedder))
    entry = entry if isinstance(entry, dict) else {}
    weight = _weight(entry.get("gewicht_dicht"))
    weights = {"dicht": UNMEASURED_DENSE_WEIGHT if weight is None else weight}
    short = _weight(entry.get("gewicht_dicht_kurz"))
    if short is not None:
        weights["dicht_kurz"] = short
    return weights


def _weight(value: Any) -> float | None:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or value < 0:
        return None
    return float(value)


def dense_floor(embedder: Any) -> float:
    """The absolute floor of an embedder (§3.0a-bis „gemessen, steht fest"): its measured value, else the
    setting (logged: an unmeasured floor is a number nobody checked for this embedder)."""
    key = embedder_key(embedder)
    entry = _floors().get(key)
    if isinstance(entry, dict) and isinstance(entry.get("boden"), int | float) and math.isfinite(entry["boden"]):
        return float(entry["boden"])
    if key not in _WARNED:
        _WARNED.add(key)
        logger.warning("dateien: no measured dense floor for embedder %r, the setting %.2f stands "
                       "(python -m bench.files.calibrate)", key, FILES_DENSE_FLOOR)
    return FILES_DENSE_FLOOR
