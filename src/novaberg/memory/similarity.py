"""Cosine similarity of one vector to many (the block's ranking and the thematic reinforcement, §2), and the unit
vectors of the nodes a promotion batch has made so far."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["cosines", "BatchVectors"]


def cosines(query: Sequence[float], vectors: Sequence[Sequence[float]]) -> list[float]:
    """The cosine of `query` to each of `vectors` (lists of floats or numpy arrays — arrays made once are the fast
    way, `embed.cache.embed_cached_arrays`)."""
    import numpy as np  # here, not at import: numpy costs ~0.17 s of every process start

    if len(vectors) == 0:
        return []
    matrix = np.asarray(vectors, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64)
    # elementwise, no matrix product: OpenBLAS may run even a small one on threads (slow on a busy machine)
    norms = np.sqrt((matrix * matrix).sum(axis=1)) * float(np.sqrt((q * q).sum()))
    dots = (matrix * q).sum(axis=1)
    return [float(d / n) if n else 0.0 for d, n in zip(dots, norms, strict=True)]


class BatchVectors:
    """The unit vectors of the nodes made so far in a batch, and the cosines of a vector to them. Elementwise
    numpy, no matrix product: OpenBLAS runs even a 25×768 product on threads, which on a busy machine took
    10–14 ms per batch where this takes well under one."""

    def __init__(self, capacity: int) -> None:
        self._rows: Any = None
        self._capacity, self._count = max(1, capacity), 0

    def add(self, vector: Any) -> None:
        import numpy as np  # here, not at import: numpy costs ~0.17 s of every process start

        unit = _unit(vector)
        if self._rows is None:
            self._rows = np.zeros((self._capacity, unit.shape[0]), dtype=np.float64)
        self._rows[self._count] = unit
        self._count += 1

    def cosines(self, vector: Any) -> list[float]:
        if not self._count:
            return []
        return (self._rows[: self._count] * _unit(vector)).sum(axis=1).tolist()  # type: ignore[no-any-return]


def _unit(vector: Any) -> Any:
    import numpy as np

    values = np.asarray(vector, dtype=np.float64)
    norm = float(np.sqrt((values * values).sum()))
    return values / norm if norm else values
