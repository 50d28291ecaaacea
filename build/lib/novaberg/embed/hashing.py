"""The default embedder: character n-grams hashed into 768 dimensions, L2-normalised, deterministic.

Case-aware: the n-grams of the lower-cased text carry the meaning, and each word's original spelling
adds one feature of its own, so German nouns (`Hund`, `Katze`) never collapse onto one vector.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from typing import Any

from novaberg.core.settings import EMBED_DIMENSIONS

__all__ = ["HashingEmbedder"]

_WORD = re.compile(r"[^\W_]+")
_NGRAM_SIZES = (3, 4, 5)


def _bucket(feature: str, dimensions: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dimensions, (1.0 if (value >> 63) & 1 else -1.0)


class HashingEmbedder:
    name = "hashing"

    def __init__(self, dimensions: int = EMBED_DIMENSIONS) -> None:
        self.dimensions = dimensions

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one(text) for text in texts]

    def _one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimensions
        for word in _WORD.findall(text):
            index, sign = _bucket(f"w:{word}", self.dimensions)
            vector[index] += sign
            padded = f"<{word.lower()}>"
            for size in _NGRAM_SIZES:
                for start in range(max(1, len(padded) - size + 1)):
                    index, sign = _bucket(f"{size}:{padded[start:start + size]}", self.dimensions)
                    vector[index] += sign
        norm = math.sqrt(sum(v * v for v in vector))
        return [v / norm for v in vector] if norm else vector

    def describe(self) -> dict[str, Any]:
        return {"embedder": "hashing", "dimensions": self.dimensions, "reachable": True}
