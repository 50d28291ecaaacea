"""The probe of dateien.md §5.4: two different topics must not embed identically (Hund vs Katze)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["ProbeResult", "probe_embedder", "cosine"]

PROBE_PAIR = ("Hund", "Katze")
IDENTICAL_ABOVE = 0.999


@dataclass(frozen=True)
class ProbeResult:
    cosine: float
    blind: bool
    dimensions: int = 0  # the length of the vectors the embedder answered

    def message(self) -> str:
        a, b = PROBE_PAIR
        if self.blind:
            return (f"EMBEDDER BLIND: '{a}' and '{b}' embed identically (cosine {self.cosine:.4f}); "
                    "every search would return wrong hits. Use another embedding model.")
        return f"'{a}' vs '{b}': cosine {self.cosine:.4f} (distinct)"


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 1.0


def probe_embedder(embedder: Any) -> ProbeResult:
    first, second = embedder.embed(list(PROBE_PAIR))
    value = cosine(first, second)
    return ProbeResult(value, value >= IDENTICAL_ABOVE, len(first))
